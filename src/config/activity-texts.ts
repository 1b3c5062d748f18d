import type { CatalogName } from './languages.ts';

/*
 * The texts of the bookable activities, their groups and their booking questions, in the four
 * catalogs' languages (issue 14). Data beside activities.ts, which says what is booked where and at
 * what price: the texts are the part a translator changes. Names of people (artists, teachers) are
 * never translated and live with the schedules.
 */

export type Localized = Readonly<Record<CatalogName, string>>;

export interface ActivityTexts {
  name: Localized;
  summary: Localized;
  description: Localized;
}

export const ACTIVITY_TEXTS = {
  'signature-makeup': {
    name: { en: 'Signature Makeup Application', 'zh-Hant': '招牌妝容服務', id: 'Aplikasi Makeup Signature', th: 'บริการแต่งหน้าซิกเนเจอร์' },
    summary: { en: 'A full look by one of our artists, for a day out or an evening.', 'zh-Hant': '由我們的化妝師為你打造整體妝容，適合日常外出或晚間聚會。', id: 'Tampilan lengkap oleh artis kami, untuk jalan-jalan atau acara malam.', th: 'ลุคเต็มรูปแบบโดยช่างแต่งหน้าของเรา สำหรับวันพิเศษหรืองานกลางคืน' },
    description: {
      en: 'Skin preparation, base, eyes, brows and lips, with the products written down for you to take home. Come with a clean face if you can.',
      'zh-Hant': '包括護膚打底、底妝、眼妝、眉妝及唇妝，並為你寫下所用產品，方便回家重現。如可以，請素顏前來。',
      id: 'Persiapan kulit, alas bedak, mata, alis, dan bibir, dengan daftar produk yang digunakan untuk Anda bawa pulang. Sebaiknya datang tanpa makeup.',
      th: 'เตรียมผิว รองพื้น ตา คิ้ว และริมฝีปาก พร้อมรายการผลิตภัณฑ์ที่ใช้ให้คุณนำกลับไป หากเป็นไปได้โปรดมาแบบหน้าสด',
    },
  },
  'brow-shaping': {
    name: { en: 'Brow Shaping & Tint', 'zh-Hant': '修眉及染眉', id: 'Pembentukan & Pewarnaan Alis', th: 'จัดทรงและย้อมสีคิ้ว' },
    summary: { en: 'Shape and tint matched to your face and hair colour.', 'zh-Hant': '按你的臉型及髮色修眉染眉。', id: 'Bentuk dan warna alis yang sesuai dengan wajah dan warna rambut Anda.', th: 'จัดทรงและย้อมสีคิ้วให้เข้ากับรูปหน้าและสีผม' },
    description: {
      en: 'Mapping, waxing or threading and a semi-permanent tint that lasts up to four weeks.',
      'zh-Hant': '眉形設計、蜜蠟或絲線除毛，以及可維持最多四星期的半永久染眉。',
      id: 'Pemetaan alis, waxing atau threading, dan pewarnaan semi-permanen yang bertahan hingga empat minggu.',
      th: 'ออกแบบทรงคิ้ว แว็กซ์หรือถอนด้วยด้าย และย้อมสีกึ่งถาวรที่อยู่ได้นานถึงสี่สัปดาห์',
    },
  },
  'express-facial': {
    name: { en: 'Express Glow Facial', 'zh-Hant': '快速亮肌面部護理', id: 'Facial Glow Ekspres', th: 'ทรีตเมนต์หน้าใสแบบเร่งด่วน' },
    summary: { en: 'Cleanse, exfoliate and mask in under an hour.', 'zh-Hant': '一小時內完成潔面、去角質及面膜。', id: 'Pembersihan, eksfoliasi, dan masker dalam waktu kurang dari satu jam.', th: 'ทำความสะอาด ผลัดเซลล์ผิว และมาสก์ในเวลาไม่ถึงหนึ่งชั่วโมง' },
    description: {
      en: 'A facial for your skin type with a short massage. No redness afterwards: you can go straight back to your day.',
      'zh-Hant': '按膚質設計的面部護理，附簡短按摩。護理後不會泛紅，可以馬上繼續你的一天。',
      id: 'Facial sesuai jenis kulit Anda dengan pijat singkat. Tanpa kemerahan setelahnya: Anda bisa langsung kembali beraktivitas.',
      th: 'ทรีตเมนต์ตามสภาพผิวพร้อมนวดสั้น ๆ ไม่มีรอยแดงหลังทำ กลับไปใช้ชีวิตได้ทันที',
    },
  },
  'skin-consultation': {
    name: { en: 'Skin Consultation', 'zh-Hant': '肌膚諮詢', id: 'Konsultasi Kulit', th: 'ปรึกษาเรื่องผิว' },
    summary: { en: 'A skin analysis and a routine to suit it.', 'zh-Hant': '肌膚分析及度身訂造的護膚步驟。', id: 'Analisis kulit dan rutinitas perawatan yang sesuai.', th: 'วิเคราะห์ผิวและแนะนำขั้นตอนดูแลผิวที่เหมาะกับคุณ' },
    description: {
      en: 'Our skin specialist looks at hydration, oil and sensitivity and writes down a morning and evening routine for you.',
      'zh-Hant': '護膚專家會檢查肌膚水分、油分及敏感程度，並為你寫下早晚護膚步驟。',
      id: 'Spesialis kulit kami memeriksa hidrasi, minyak, dan sensitivitas kulit lalu menuliskan rutinitas pagi dan malam untuk Anda.',
      th: 'ผู้เชี่ยวชาญด้านผิวจะตรวจความชุ่มชื้น ความมัน และความไวของผิว แล้วเขียนขั้นตอนดูแลผิวเช้าและเย็นให้คุณ',
    },
  },
  'bridal-trial': {
    name: { en: 'Bridal Makeup Trial', 'zh-Hant': '新娘試妝', id: 'Uji Coba Makeup Pengantin', th: 'ทดลองแต่งหน้าเจ้าสาว' },
    summary: { en: 'Try your wedding look with the artist who will do it.', 'zh-Hant': '與負責婚禮當天的化妝師一起試妝。', id: 'Coba tampilan pernikahan Anda bersama artis yang akan meriasnya.', th: 'ทดลองลุควันแต่งงานกับช่างแต่งหน้าที่จะแต่งให้คุณในวันจริง' },
    description: {
      en: 'Bring photos of your dress and the looks you like. We try two looks and note everything for the day.',
      'zh-Hant': '請帶備婚紗相片及喜歡的妝容參考。我們會試兩款妝容，並記下所有細節以備當天使用。',
      id: 'Bawa foto gaun dan tampilan yang Anda sukai. Kami mencoba dua tampilan dan mencatat semuanya untuk hari-H.',
      th: 'นำรูปชุดแต่งงานและลุคที่ชอบมาด้วย เราจะทดลองสองลุคและจดทุกอย่างไว้สำหรับวันจริง',
    },
  },
  'makeup-masterclass': {
    name: { en: 'Makeup Masterclass', 'zh-Hant': '化妝大師班', id: 'Kelas Master Makeup', th: 'มาสเตอร์คลาสแต่งหน้า' },
    summary: { en: 'Learn an everyday and an evening look, hands on.', 'zh-Hant': '親手學習日常及晚間妝容。', id: 'Belajar langsung tampilan sehari-hari dan malam.', th: 'ลงมือเรียนแต่งหน้าลุคประจำวันและลุคกลางคืน' },
    description: {
      en: 'A small class at the counter: every seat has a mirror and the products to practise with. Tools to take home are included.',
      'zh-Hant': '在櫃檯舉行的小班教學：每個座位都有鏡子及練習用產品，並送上可帶回家的化妝工具。',
      id: 'Kelas kecil di konter: setiap kursi punya cermin dan produk untuk berlatih. Termasuk alat rias untuk dibawa pulang.',
      th: 'คลาสเล็กที่เคาน์เตอร์ ทุกที่นั่งมีกระจกและผลิตภัณฑ์ให้ฝึก พร้อมอุปกรณ์แต่งหน้าให้นำกลับบ้าน',
    },
  },
  'skincare-basics': {
    name: { en: 'Skincare Basics Class', 'zh-Hant': '基礎護膚課程', id: 'Kelas Dasar Perawatan Kulit', th: 'คลาสพื้นฐานการดูแลผิว' },
    summary: { en: 'Layering, sunscreen and what your skin really needs.', 'zh-Hant': '護膚次序、防曬，以及肌膚真正需要甚麼。', id: 'Urutan pemakaian, tabir surya, dan apa yang benar-benar dibutuhkan kulit Anda.', th: 'ลำดับการใช้ผลิตภัณฑ์ กันแดด และสิ่งที่ผิวคุณต้องการจริง ๆ' },
    description: {
      en: 'An hour with a skin specialist on building a routine that suits your skin and your climate.',
      'zh-Hant': '與護膚專家一起用一小時建立適合你的肌膚及氣候的護膚步驟。',
      id: 'Satu jam bersama spesialis kulit untuk menyusun rutinitas yang cocok untuk kulit dan iklim Anda.',
      th: 'หนึ่งชั่วโมงกับผู้เชี่ยวชาญด้านผิว เพื่อสร้างขั้นตอนดูแลผิวที่เหมาะกับผิวและสภาพอากาศของคุณ',
    },
  },
  'new-season-launch': {
    name: { en: 'New Season Launch Party', 'zh-Hant': '新季度發佈派對', id: 'Pesta Peluncuran Musim Baru', th: 'ปาร์ตี้เปิดตัวคอลเลกชันใหม่' },
    summary: { en: "The season's new arrivals, demonstrations and drinks. Free.", 'zh-Hant': '本季新品、示範及飲品。免費參加。', id: 'Produk baru musim ini, demonstrasi, dan minuman. Gratis.', th: 'สินค้าใหม่ประจำฤดูกาล การสาธิต และเครื่องดื่ม ไม่มีค่าใช้จ่าย' },
    description: {
      en: 'Meet the brands behind the new arrivals, see them demonstrated and take home samples. Booking keeps your place.',
      'zh-Hant': '與新品背後的品牌見面、觀看示範並帶走試用裝。預約可確保你的名額。',
      id: 'Temui brand di balik produk baru, lihat demonstrasinya, dan bawa pulang sampel. Pemesanan menjamin tempat Anda.',
      th: 'พบแบรนด์เบื้องหลังสินค้าใหม่ ชมการสาธิต และรับตัวอย่างกลับบ้าน การจองช่วยรับประกันที่ของคุณ',
    },
  },
  'fragrance-evening': {
    name: { en: 'Fragrance Discovery Evening', 'zh-Hant': '香水探索之夜', id: 'Malam Eksplorasi Parfum', th: 'ค่ำคืนค้นหาน้ำหอม' },
    summary: { en: 'Find your scent with our fragrance expert.', 'zh-Hant': '與香水專家一起尋找你的專屬香氣。', id: 'Temukan aroma Anda bersama ahli parfum kami.', th: 'ค้นหากลิ่นที่ใช่กับผู้เชี่ยวชาญด้านน้ำหอมของเรา' },
    description: {
      en: 'A guided tour of the fragrance families, with a travel-size bottle of the one you choose. The ticket is redeemable against a purchase that evening.',
      'zh-Hant': '導賞介紹各香調家族，並送上你所選香水的旅行裝。門票金額可於當晚購物時抵扣。',
      id: 'Tur berpemandu mengenal keluarga aroma, dengan botol ukuran travel dari parfum pilihan Anda. Harga tiket dapat ditukar dengan pembelian malam itu.',
      th: 'ทัวร์แนะนำตระกูลกลิ่นน้ำหอม พร้อมขวดขนาดพกพาของกลิ่นที่คุณเลือก ค่าบัตรใช้เป็นส่วนลดเมื่อซื้อสินค้าในคืนนั้น',
    },
  },
} as const satisfies Record<string, ActivityTexts>;

export type ActivityId = keyof typeof ACTIVITY_TEXTS;

export const GROUP_TEXTS = {
  makeup: { name: { en: 'Makeup services', 'zh-Hant': '化妝服務', id: 'Layanan makeup', th: 'บริการแต่งหน้า' }, description: { en: 'Looks for every occasion, brows included.', 'zh-Hant': '適合各種場合的妝容，包括眉妝。', id: 'Tampilan untuk setiap acara, termasuk alis.', th: 'ลุคสำหรับทุกโอกาส รวมถึงคิ้ว' } },
  skincare: { name: { en: 'Skincare services', 'zh-Hant': '護膚服務', id: 'Layanan perawatan kulit', th: 'บริการดูแลผิว' }, description: { en: 'Facials and advice from our skin specialists.', 'zh-Hant': '由護膚專家提供的面部護理及建議。', id: 'Facial dan saran dari spesialis kulit kami.', th: 'ทรีตเมนต์และคำแนะนำจากผู้เชี่ยวชาญด้านผิว' } },
  classes: { name: { en: 'Beauty classes', 'zh-Hant': '美容課程', id: 'Kelas kecantikan', th: 'คลาสความงาม' }, description: { en: 'Small classes at the counter, hands on.', 'zh-Hant': '在櫃檯舉行、親手實踐的小班課程。', id: 'Kelas kecil di konter, langsung praktik.', th: 'คลาสเล็กที่เคาน์เตอร์ ลงมือทำจริง' } },
  events: { name: { en: 'Store events', 'zh-Hant': '店舖活動', id: 'Acara toko', th: 'กิจกรรมในร้าน' }, description: { en: 'Launches and evenings at your store.', 'zh-Hant': '在你附近店舖舉行的新品發佈及晚間活動。', id: 'Peluncuran dan acara malam di toko Anda.', th: 'งานเปิดตัวและกิจกรรมยามค่ำที่ร้านใกล้คุณ' } },
} as const satisfies Record<string, { name: Localized; description: Localized }>;

export type GroupId = keyof typeof GROUP_TEXTS;

/** The booking questions' labels, and their choices' labels by value. */
export const QUESTION_TEXTS = {
  'skin-type': {
    label: { en: 'Your skin type', 'zh-Hant': '你的膚質', id: 'Jenis kulit Anda', th: 'สภาพผิวของคุณ' },
    options: {
      dry: { en: 'Dry', 'zh-Hant': '乾性', id: 'Kering', th: 'ผิวแห้ง' },
      oily: { en: 'Oily', 'zh-Hant': '油性', id: 'Berminyak', th: 'ผิวมัน' },
      combination: { en: 'Combination', 'zh-Hant': '混合性', id: 'Kombinasi', th: 'ผิวผสม' },
      normal: { en: 'Normal', 'zh-Hant': '中性', id: 'Normal', th: 'ผิวธรรมดา' },
      sensitive: { en: 'Sensitive', 'zh-Hant': '敏感', id: 'Sensitif', th: 'ผิวแพ้ง่าย' },
    },
  },
  allergies: { label: { en: 'Allergies or reactions we should know about', 'zh-Hant': '需要我們留意的過敏或不良反應', id: 'Alergi atau reaksi yang perlu kami ketahui', th: 'อาการแพ้หรือปฏิกิริยาที่เราควรทราบ' }, options: {} },
  occasion: {
    label: { en: 'The occasion', 'zh-Hant': '場合', id: 'Acaranya', th: 'โอกาส' },
    options: {
      everyday: { en: 'Everyday', 'zh-Hant': '日常', id: 'Sehari-hari', th: 'ประจำวัน' },
      work: { en: 'Work', 'zh-Hant': '工作', id: 'Kerja', th: 'ทำงาน' },
      party: { en: 'Party or evening', 'zh-Hant': '派對或晚宴', id: 'Pesta atau malam', th: 'ปาร์ตี้หรืองานกลางคืน' },
      wedding: { en: 'Wedding', 'zh-Hant': '婚禮', id: 'Pernikahan', th: 'งานแต่งงาน' },
    },
  },
  'wedding-date': { label: { en: 'Your wedding date', 'zh-Hant': '你的婚期', id: 'Tanggal pernikahan Anda', th: 'วันแต่งงานของคุณ' }, options: {} },
  experience: {
    label: { en: 'How much makeup experience do you have?', 'zh-Hant': '你的化妝經驗有多少？', id: 'Seberapa berpengalaman Anda dengan makeup?', th: 'คุณมีประสบการณ์แต่งหน้ามากแค่ไหน' },
    options: {
      beginner: { en: 'Beginner', 'zh-Hant': '初學者', id: 'Pemula', th: 'มือใหม่' },
      intermediate: { en: 'Some experience', 'zh-Hant': '有些經驗', id: 'Cukup berpengalaman', th: 'มีประสบการณ์บ้าง' },
      advanced: { en: 'Confident', 'zh-Hant': '相當熟練', id: 'Mahir', th: 'คล่องแคล่ว' },
    },
  },
  'first-event': { label: { en: 'Is this your first event with us?', 'zh-Hant': '這是你第一次參加我們的活動嗎？', id: 'Apakah ini acara pertama Anda bersama kami?', th: 'นี่เป็นกิจกรรมแรกของคุณกับเราหรือไม่' }, options: {} },
} as const satisfies Record<string, { label: Localized; options: Readonly<Record<string, Localized>> }>;

export type QuestionId = keyof typeof QUESTION_TEXTS;
