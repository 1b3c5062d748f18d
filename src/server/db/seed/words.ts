import type { LanguageCode } from '../../../config/countries.ts';
import type { Localized } from '../schema.ts';

const l = (en: string, zh: string, id: string, th: string): Localized => ({ en, zh, id, th });

/** Invented brand names: none of them is a real company. */
export const BRAND_NAMES = [
  'Lumière Atelier', 'Kirei Lab', 'Sora Botanics', 'Velvet Theory', 'Maison Orchidée', 'Nordic Dew', 'Petal & Pine',
  'Aurelia Skin', 'Hanami House', 'Coral Reef Beauty', 'Saffron Studio', 'Mira Mira', 'Jade Ritual', 'Blush Republic',
  'Oceane Paris', 'Tropika', 'Seoulmate Cosmetics', 'Kinfolk Apothecary', 'Gilded Fox', 'Wildflower Co.',
  'Atelier Noir', 'Bamboo & Bloom', 'Lotus Theory', 'Pure Monsoon', 'Halcyon Skin', 'Rosewater Lane', 'Sable & Silk',
  'Cloud Nine Beauty', 'Marigold Muse', 'Zenith Derm', 'Pebble Beach Botanicals', 'Nectar Lab', 'Amber Isle',
  'Opaline', 'Frost & Fern', 'Sunday Ritual', 'Kaya Glow', 'Prism Pigments', 'Indigo Moon', 'Citrine Club',
  'Moss & Mist', 'Glasshouse Garden', 'Teaberry', 'Nova Lash', 'Silk Road Scents', 'Peony Parade',
] as const;

/** A name word in each language; Indonesian and Thai put the adjective after the noun. */
export const ADJECTIVES: Localized[] = [
  l('Velvet Matte', '絲絨霧面', 'Matte Beludru', 'เนื้อแมตต์กำมะหยี่'),
  l('Dewy Glow', '水潤光澤', 'Kilau Embun', 'ผิวโกลว์ฉ่ำน้ำ'),
  l('Hydra Boost', '深層補水', 'Hidrasi Ekstra', 'ไฮดร้าบูสต์'),
  l('Silk Touch', '絲滑觸感', 'Sentuhan Sutra', 'สัมผัสนุ่มดั่งไหม'),
  l('Long-Wear', '持久', 'Tahan Lama', 'ติดทนนาน'),
  l('Radiant', '亮采', 'Bercahaya', 'เปล่งประกาย'),
  l('Soothing Cica', '積雪草舒緩', 'Cica Menenangkan', 'ซิก้าปลอบประโลมผิว'),
  l('Rose Petal', '玫瑰花瓣', 'Kelopak Mawar', 'กลีบกุหลาบ'),
  l('Green Tea', '綠茶', 'Teh Hijau', 'ชาเขียว'),
  l('Vitamin C', '維他命C', 'Vitamin C', 'วิตามินซี'),
  l('Ultra Light', '超輕盈', 'Sangat Ringan', 'บางเบาพิเศษ'),
  l('Satin', '緞光', 'Satin', 'ซาติน'),
  l('Cloud Soft', '雲朵柔軟', 'Lembut Awan', 'นุ่มดั่งปุยเมฆ'),
  l('Night Repair', '夜間修護', 'Perbaikan Malam', 'ไนท์รีแพร์'),
  l('Pure Clean', '純淨', 'Bersih Murni', 'เพียวคลีน'),
  l('Everyday', '日常', 'Sehari-hari', 'สำหรับทุกวัน'),
  l('Precision', '精準', 'Presisi', 'พรีซิชั่น'),
  l('Botanical', '植萃', 'Botani', 'สารสกัดจากพืช'),
  l('Golden Hour', '黃金時刻', 'Jam Emas', 'โกลเด้นอาวร์'),
  l('Waterproof', '防水', 'Tahan Air', 'กันน้ำ'),
  l('Barrier Care', '屏障修護', 'Perawatan Skin Barrier', 'ดูแลปราการผิว'),
  l('Ceramide', '神經醯胺', 'Ceramide', 'เซราไมด์'),
  l('Calming Oat', '燕麥舒緩', 'Oat Menenangkan', 'ข้าวโอ๊ตปลอบประโลม'),
  l('Midnight Jasmine', '午夜茉莉', 'Melati Tengah Malam', 'มะลิยามเที่ยงคืน'),
];

export function productName(adjective: Localized, noun: Localized): Localized {
  return {
    en: `${adjective.en} ${noun.en}`,
    zh: `${adjective.zh}${noun.zh}`,
    id: `${noun.id} ${adjective.id}`,
    th: `${noun.th}${adjective.th}`,
  };
}

export interface ShadeWord {
  name: Localized;
  hex: string;
}
const s = (hex: string, en: string, zh: string, id: string, th: string): ShadeWord => ({ hex, name: l(en, zh, id, th) });

export const SHADES: Record<'skin' | 'lip' | 'eye' | 'nail', ShadeWord[]> = {
  skin: [
    s('#f3d9c4', 'Porcelain', '瓷白', 'Porselen', 'ผิวขาวเนียน'),
    s('#ecc9a8', 'Ivory', '象牙白', 'Gading', 'งาช้าง'),
    s('#e2b48f', 'Light Beige', '淺米色', 'Krem Muda', 'เบจอ่อน'),
    s('#d6a47c', 'Natural', '自然色', 'Natural', 'สีธรรมชาติ'),
    s('#c8906e', 'Warm Sand', '暖沙色', 'Pasir Hangat', 'ทรายอุ่น'),
    s('#b47a55', 'Honey', '蜂蜜色', 'Madu', 'น้ำผึ้ง'),
    s('#9b6443', 'Caramel', '焦糖色', 'Karamel', 'คาราเมล'),
    s('#74472c', 'Mocha', '摩卡色', 'Moka', 'มอคค่า'),
  ],
  lip: [
    s('#b3122e', 'Classic Red', '經典紅', 'Merah Klasik', 'แดงคลาสสิก'),
    s('#d9566b', 'Rose', '玫瑰色', 'Mawar', 'สีกุหลาบ'),
    s('#e88a8a', 'Coral', '珊瑚色', 'Koral', 'สีปะการัง'),
    s('#c0787a', 'Nude Pink', '裸粉色', 'Merah Muda Nude', 'ชมพูนู้ด'),
    s('#8c2f45', 'Berry', '莓果色', 'Beri', 'สีเบอร์รี่'),
    s('#a0522d', 'Brick', '磚紅色', 'Bata', 'สีอิฐ'),
    s('#e05a8a', 'Fuchsia', '桃紅色', 'Fusia', 'สีบานเย็น'),
    s('#5e1f2b', 'Plum', '梅子色', 'Plum', 'สีพลัม'),
  ],
  eye: [
    s('#1c1c1c', 'Jet Black', '深邃黑', 'Hitam Pekat', 'ดำสนิท'),
    s('#4a3426', 'Espresso', '濃咖啡色', 'Espreso', 'เอสเพรสโซ'),
    s('#8a6a4f', 'Taupe', '灰褐色', 'Taupe', 'น้ำตาลเทา'),
    s('#c9a66b', 'Champagne', '香檳金', 'Sampanye', 'แชมเปญ'),
    s('#2f4f7f', 'Midnight Blue', '午夜藍', 'Biru Tengah Malam', 'น้ำเงินเที่ยงคืน'),
    s('#4f6b3a', 'Olive', '橄欖綠', 'Zaitun', 'เขียวมะกอก'),
    s('#b8860b', 'Bronze', '古銅色', 'Perunggu', 'บรอนซ์'),
    s('#7b5ea7', 'Lavender', '薰衣草紫', 'Lavender', 'ลาเวนเดอร์'),
  ],
  nail: [
    s('#c8102e', 'Cherry', '櫻桃紅', 'Ceri', 'เชอร์รี่'),
    s('#f4c2c2', 'Ballet Pink', '芭蕾粉', 'Merah Muda Balet', 'ชมพูบัลเลต์'),
    s('#fffaf0', 'Milky White', '牛奶白', 'Putih Susu', 'ขาวนม'),
    s('#40e0d0', 'Turquoise', '松石綠', 'Pirus', 'เทอร์ควอยซ์'),
    s('#2e2e5c', 'Navy', '海軍藍', 'Biru Dongker', 'กรมท่า'),
    s('#d4af37', 'Gold Glitter', '金色亮片', 'Glitter Emas', 'กลิตเตอร์ทอง'),
    s('#9e7bb5', 'Lilac', '淡紫色', 'Ungu Muda', 'ม่วงไลแลค'),
    s('#6b8e23', 'Sage', '鼠尾草綠', 'Hijau Sage', 'เขียวเสจ'),
  ],
};

const UNIT_WORDS: Record<'ml' | 'g', Localized> = { ml: l('ml', '毫升', 'ml', 'มล.'), g: l('g', '克', 'g', 'ก.') };

export const SIZE_AMOUNTS: Record<'ml' | 'g', number[]> = { ml: [15, 30, 50, 100, 200], g: [10, 50, 100, 200] };

export function sizeName(unit: 'ml' | 'g' | 'piece', index: number, amount: number): Localized {
  if (unit === 'piece') {
    const names = [l('Mini', '迷你裝', 'Mini', 'ขนาดมินิ'), l('Standard', '標準裝', 'Standar', 'ขนาดมาตรฐาน'), l('Large', '大容量', 'Besar', 'ขนาดใหญ่')];
    return names[index] ?? l('Set', '套裝', 'Set', 'เซ็ต');
  }
  const word = UNIT_WORDS[unit];
  return { en: `${amount} ${word.en}`, zh: `${amount}${word.zh}`, id: `${amount} ${word.id}`, th: `${amount} ${word.th}` };
}

export const BENEFITS: Localized[] = [
  l('a smooth, even finish that lasts all day', '持久一整天的細緻均勻妝效', 'hasil akhir halus dan merata yang tahan seharian', 'ผิวเรียบเนียนสม่ำเสมอติดทนตลอดวัน'),
  l('lightweight comfort in hot, humid weather', '濕熱天氣下依然輕盈舒適', 'rasa ringan dan nyaman di cuaca panas dan lembap', 'ความบางเบาสบายผิวแม้ในอากาศร้อนชื้น'),
  l('deep hydration that keeps skin soft', '深層保濕，令肌膚柔軟', 'hidrasi mendalam yang menjaga kulit tetap lembut', 'ความชุ่มชื้นล้ำลึกที่ทำให้ผิวนุ่มนวล'),
  l('a healthy glow without a greasy feel', '健康光澤而不油膩', 'kilau sehat tanpa rasa berminyak', 'ความโกลว์สุขภาพดีโดยไม่เหนอะหนะ'),
  l('gentle care for sensitive skin', '溫和呵護敏感肌膚', 'perawatan lembut untuk kulit sensitif', 'การดูแลอย่างอ่อนโยนสำหรับผิวแพ้ง่าย'),
  l('rich colour in a single swipe', '一抹即現飽滿色彩', 'warna pekat dalam sekali oles', 'สีชัดเจนในการปาดเพียงครั้งเดียว'),
  l('a fresh scent that lingers softly', '清新香氣，柔和持久', 'aroma segar yang bertahan lembut', 'กลิ่นหอมสดชื่นที่ติดทนอย่างนุ่มนวล'),
  l('professional results at home', '在家也能擁有專業效果', 'hasil profesional di rumah', 'ผลลัพธ์ระดับมืออาชีพได้ที่บ้าน'),
];

export function description(name: Localized, brand: string, benefit: Localized): Localized {
  return {
    en: `${brand} ${name.en} gives you ${benefit.en}. Dermatologically tested and made without parabens.`,
    zh: `${brand} ${name.zh}為您帶來${benefit.zh}。經皮膚科測試，不含防腐劑對羥基苯甲酸酯。`,
    id: `${brand} ${name.id} memberikan ${benefit.id}. Telah diuji secara dermatologis dan dibuat tanpa paraben.`,
    th: `${brand} ${name.th} มอบ${benefit.th} ผ่านการทดสอบโดยแพทย์ผิวหนังและปราศจากพาราเบน`,
  };
}

export const INGREDIENTS: Localized[] = [
  l('Water', '水', 'Air', 'น้ำ'),
  l('Glycerin', '甘油', 'Gliserin', 'กลีเซอรีน'),
  l('Niacinamide', '菸鹼醯胺', 'Niasinamida', 'ไนอะซินาไมด์'),
  l('Hyaluronic Acid', '透明質酸', 'Asam Hialuronat', 'ไฮยาลูรอนิก แอซิด'),
  l('Squalane', '角鯊烷', 'Squalane', 'สควาเลน'),
  l('Shea Butter', '乳木果油', 'Mentega Shea', 'เชียบัตเตอร์'),
  l('Vitamin E', '維他命E', 'Vitamin E', 'วิตามินอี'),
  l('Centella Asiatica Extract', '積雪草萃取', 'Ekstrak Pegagan', 'สารสกัดใบบัวบก'),
  l('Green Tea Extract', '綠茶萃取', 'Ekstrak Teh Hijau', 'สารสกัดชาเขียว'),
  l('Jojoba Oil', '荷荷芭油', 'Minyak Jojoba', 'น้ำมันโจโจบา'),
  l('Ceramide NP', '神經醯胺NP', 'Ceramide NP', 'เซราไมด์ เอ็นพี'),
  l('Panthenol', '泛醇', 'Pantenol', 'แพนทีนอล'),
  l('Rosehip Oil', '玫瑰果油', 'Minyak Rosehip', 'น้ำมันโรสฮิป'),
  l('Mica', '雲母', 'Mika', 'ไมก้า'),
  l('Titanium Dioxide', '二氧化鈦', 'Titanium Dioksida', 'ไทเทเนียมไดออกไซด์'),
  l('Fragrance', '香料', 'Pewangi', 'น้ำหอม'),
];

const LIST_SEPARATOR: Record<LanguageCode, string> = { en: ', ', zh: '、', id: ', ', th: ', ' };

export function ingredientList(items: Localized[]): Localized {
  const join = (language: LanguageCode): string => items.map((item) => item[language]).join(LIST_SEPARATOR[language]);
  return { en: join('en'), zh: join('zh'), id: join('id'), th: join('th') };
}

/** Directions per top category slug. */
export const HOW_TO_USE: Record<string, Localized> = {
  makeup: l(
    'Apply a small amount with fingertips or a brush and blend outwards. Build up for more coverage.',
    '以指尖或化妝掃取適量，由內向外推勻。可疊加以提升遮蓋力。',
    'Aplikasikan sedikit dengan ujung jari atau kuas lalu baurkan ke arah luar. Tambahkan lapisan untuk hasil lebih menutup.',
    'ใช้ปลายนิ้วหรือแปรงแตะผลิตภัณฑ์ปริมาณเล็กน้อย แล้วเกลี่ยออกด้านนอก ทาซ้ำเพื่อเพิ่มการปกปิด',
  ),
  skincare: l(
    'Use morning and evening on clean skin. Massage gently until absorbed, then follow with sunscreen in the day.',
    '早晚於潔淨肌膚上使用，輕輕按摩至吸收，日間請再塗抹防曬。',
    'Gunakan pagi dan malam pada kulit yang bersih. Pijat lembut hingga meresap, lalu gunakan tabir surya di siang hari.',
    'ใช้เช้าและเย็นหลังทำความสะอาดผิว นวดเบา ๆ จนซึมซาบ และทาครีมกันแดดในตอนกลางวัน',
  ),
  hair: l(
    'Apply to damp hair from mid-lengths to ends. Leave for a few minutes, then rinse or style as usual.',
    '塗抹於濕髮的髮中至髮尾，停留數分鐘後沖洗或照常造型。',
    'Aplikasikan pada rambut lembap dari bagian tengah hingga ujung. Diamkan beberapa menit, lalu bilas atau tata seperti biasa.',
    'ชโลมบนผมหมาด ๆ ตั้งแต่กลางความยาวถึงปลายผม ทิ้งไว้สักครู่ แล้วล้างออกหรือจัดแต่งทรงตามปกติ',
  ),
  fragrance: l(
    'Spray onto pulse points such as wrists and neck from about 15 cm away. Do not rub.',
    '距離約15厘米噴於手腕及頸部等脈搏位置，切勿揉擦。',
    'Semprotkan pada titik nadi seperti pergelangan tangan dan leher dari jarak sekitar 15 cm. Jangan digosok.',
    'ฉีดที่จุดชีพจร เช่น ข้อมือและลำคอ ห่างประมาณ 15 ซม. ไม่ต้องถู',
  ),
  'bath-body': l(
    'Massage onto wet or dry skin in circular motions. Rinse off or let absorb, depending on the product.',
    '以打圈方式按摩於濕或乾的肌膚上，視乎產品沖洗或待其吸收。',
    'Pijat pada kulit basah atau kering dengan gerakan memutar. Bilas atau biarkan meresap, sesuai produk.',
    'นวดเป็นวงกลมบนผิวที่เปียกหรือแห้ง จากนั้นล้างออกหรือปล่อยให้ซึมซาบตามชนิดของผลิตภัณฑ์',
  ),
  'tools-brushes': l(
    'Use with your favourite products. Wash with mild soap once a week and let dry naturally.',
    '配合您喜愛的產品使用。每週以溫和肥皂清洗一次，並自然風乾。',
    'Gunakan bersama produk favorit Anda. Cuci dengan sabun lembut seminggu sekali dan biarkan kering alami.',
    'ใช้ร่วมกับผลิตภัณฑ์ที่คุณชื่นชอบ ล้างด้วยสบู่อ่อนสัปดาห์ละครั้งแล้วปล่อยให้แห้งเอง',
  ),
};
