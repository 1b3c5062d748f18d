import { sql } from 'drizzle-orm';
import type { LanguageCode } from '../../../config/countries.ts';
import { reviewAuthorName } from '../../catalog/reviews.ts';
import type { Db } from '../client.ts';
import { users } from '../schema.ts';
import type { Rng } from './prng.ts';

/** The seed's reviews: a few reviewer accounts and short texts in the store's four languages. */

export interface ReviewRow {
  productId: number;
  userId: number;
  rating: number;
  title: string;
  body: string;
  authorName: string;
  createdAt: Date;
}

interface Reviewer {
  id: number;
  firstName: string;
  lastName: string;
  country: string;
  /** The language the reviewer writes in. */
  language: LanguageCode;
  authorName: string;
}

const r = (firstName: string, lastName: string, country: string, language: LanguageCode) => ({ firstName, lastName, country, language });

/** Invented people; ids 1… in this order, before any shopper registers. */
export const REVIEWERS: readonly Reviewer[] = [
  r('Mei Ling', 'Tan', 'SG', 'en'), r('Aisha', 'Rahman', 'MY', 'en'), r('Grace', 'Wong', 'HK', 'zh'), r('Putri', 'Wijaya', 'ID', 'id'),
  r('Nattaya', 'Srisuk', 'TH', 'th'), r('Chloe', 'Nguyen', 'AU', 'en'), r('Aroha', 'Parata', 'NZ', 'en'), r('Bea', 'Santos', 'PH', 'en'),
  r('Ka Yan', 'Chan', 'HK', 'zh'), r('Dewi', 'Lestari', 'ID', 'id'), r('Ploy', 'Chaiyaporn', 'TH', 'th'), r('Priya', 'Nair', 'SG', 'en'),
  r('Hana', 'Lim', 'MY', 'en'), r('Olivia', 'Brown', 'AU', 'en'), r('Sione', 'Taufa', 'NZ', 'en'), r('Camille', 'Reyes', 'PH', 'en'),
  r('Wing Sze', 'Leung', 'HK', 'zh'), r('Sari', 'Hidayat', 'ID', 'id'), r('Kanokwan', 'Boonmee', 'TH', 'th'), r('Jia Hui', 'Goh', 'SG', 'en'),
  r('Nurul', 'Aziz', 'MY', 'en'), r('Emily', 'Clarke', 'AU', 'en'), r('Tui', 'Walker', 'NZ', 'en'), r('Andrea', 'Cruz', 'PH', 'en'),
].map((reviewer, index) => ({ id: index + 1, ...reviewer, authorName: reviewAuthorName(reviewer.firstName, reviewer.lastName) }));

/** Ratings grouped: what a text says must fit its stars. */
type Band = 'low' | 'mid' | 'high';
const bandOf = (rating: number): Band => (rating <= 2 ? 'low' : rating === 3 ? 'mid' : 'high');

type Phrases = Record<Band, readonly string[]>;
interface LanguagePhrases {
  titles: Phrases;
  openers: Phrases;
  details: readonly string[];
  closers: Phrases;
  /** Between sentences: Chinese needs no space. */
  join: string;
}

const PHRASES: Record<LanguageCode, LanguagePhrases> = {
  en: {
    titles: {
      high: ['Love it', 'My new favourite', 'Worth every cent', 'Holy grail', 'So good'],
      mid: ['It is okay', 'Decent', 'Not bad', 'Does the job'],
      low: ['Not for me', 'Disappointed', 'Would not buy again', 'Expected more'],
    },
    openers: {
      high: ['I use this every day.', 'Bought it on a friend’s advice and I am hooked.', 'This one surprised me.', 'Third bottle already.'],
      mid: ['It works, mostly.', 'Some days I like it, some days less.', 'Fine for the price.'],
      low: ['I really wanted to like this.', 'Gave it two weeks.', 'Sadly it did not work for me.'],
    },
    details: [
      'The texture is light and it sinks in fast.',
      'It lasts through a humid afternoon.',
      'The scent is soft and fades quickly.',
      'A little goes a long way.',
      'It layers well under makeup.',
      'My skin is sensitive and it did not react.',
      'The packaging is easy to travel with.',
    ],
    closers: {
      high: ['Highly recommend.', 'Will buy again.', '10/10.'],
      mid: ['Might try another one next time.', 'Good, not great.'],
      low: ['Returning it.', 'Not worth it for me.'],
    },
    join: ' ',
  },
  zh: {
    titles: {
      high: ['非常喜歡', '新的心頭好', '物超所值', '必買推薦', '好用'],
      mid: ['還可以', '中規中矩', '不算差', '夠用'],
      low: ['不適合我', '有點失望', '不會再買', '期望太高'],
    },
    openers: {
      high: ['我每天都在用。', '朋友推介後一用就愛上。', '效果出乎意料。', '已經回購第三支。'],
      mid: ['大致上有效。', '有時喜歡，有時一般。', '以這個價錢來說不錯。'],
      low: ['很想喜歡它。', '用了兩個星期。', '可惜對我沒有效果。'],
    },
    details: ['質地輕盈，很快吸收。', '潮濕的下午也能持久。', '香味柔和，很快消散。', '用量很省。', '上妝前使用很服貼。', '我是敏感肌，沒有不適。', '包裝方便攜帶。'],
    closers: { high: ['大力推薦。', '會再回購。', '滿分。'], mid: ['下次可能試別款。', '好，但不算驚艷。'], low: ['打算退貨。', '對我來說不值得。'] },
    join: '',
  },
  id: {
    titles: {
      high: ['Suka banget', 'Favorit baru', 'Sepadan dengan harganya', 'Wajib punya', 'Bagus sekali'],
      mid: ['Lumayan', 'Cukup oke', 'Tidak buruk', 'Sesuai fungsi'],
      low: ['Tidak cocok untukku', 'Kecewa', 'Tidak akan beli lagi', 'Kurang dari harapan'],
    },
    openers: {
      high: ['Saya pakai setiap hari.', 'Dibeli karena saran teman dan langsung suka.', 'Produk ini mengejutkan saya.', 'Sudah botol ketiga.'],
      mid: ['Bekerja, sebagian besar.', 'Kadang suka, kadang biasa saja.', 'Oke untuk harganya.'],
      low: ['Saya ingin sekali menyukainya.', 'Sudah dicoba dua minggu.', 'Sayangnya tidak cocok.'],
    },
    details: [
      'Teksturnya ringan dan cepat meresap.',
      'Tahan sepanjang sore yang lembap.',
      'Aromanya lembut dan cepat hilang.',
      'Sedikit saja sudah cukup.',
      'Menyatu baik di bawah riasan.',
      'Kulit saya sensitif dan tidak bereaksi.',
      'Kemasannya mudah dibawa bepergian.',
    ],
    closers: { high: ['Sangat direkomendasikan.', 'Akan beli lagi.', 'Sempurna.'], mid: ['Mungkin coba yang lain nanti.', 'Bagus, tapi biasa.'], low: ['Akan saya kembalikan.', 'Tidak sepadan untuk saya.'] },
    join: ' ',
  },
  th: {
    titles: {
      high: ['รักเลย', 'ของโปรดใหม่', 'คุ้มค่ามาก', 'ต้องมีติดบ้าน', 'ดีมาก'],
      mid: ['พอใช้ได้', 'กลาง ๆ', 'ไม่แย่', 'ใช้ได้ตามหน้าที่'],
      low: ['ไม่เหมาะกับฉัน', 'ผิดหวัง', 'จะไม่ซื้อซ้ำ', 'ไม่ตรงกับที่หวัง'],
    },
    openers: {
      high: ['ใช้ทุกวันเลย', 'ซื้อตามเพื่อนแนะนำแล้วติดใจ', 'ตัวนี้เกินคาดมาก', 'ซื้อซ้ำขวดที่สามแล้ว'],
      mid: ['ใช้ได้ส่วนใหญ่', 'บางวันชอบ บางวันเฉย ๆ', 'โอเคกับราคานี้'],
      low: ['อยากชอบมากแต่', 'ลองใช้สองสัปดาห์แล้ว', 'น่าเสียดายที่ไม่เหมาะกับผิว'],
    },
    details: ['เนื้อบางเบาซึมเร็ว', 'ติดทนแม้อากาศชื้นตอนบ่าย', 'กลิ่นอ่อน ๆ จางเร็ว', 'ใช้นิดเดียวก็พอ', 'ลงเมคอัพทับได้ดี', 'ผิวแพ้ง่ายแต่ไม่ระคายเคือง', 'แพ็กเกจพกพาสะดวก'],
    closers: { high: ['แนะนำเลย', 'จะซื้อซ้ำแน่นอน', 'สิบเต็มสิบ'], mid: ['คราวหน้าอาจลองตัวอื่น', 'ดีแต่ไม่ว้าว'], low: ['จะส่งคืน', 'ไม่คุ้มสำหรับฉัน'] },
    join: ' ',
  },
};

/** Unusable: not `scrypt$…`, so no password ever matches (src/server/auth/password.ts). */
const NO_PASSWORD = '!seed-reviewer';

/** Inserts the reviewer accounts; run on an empty database, before the reviews that refer to them. */
export async function seedReviewers(db: Db): Promise<void> {
  await db.insert(users).values(
    REVIEWERS.map((reviewer) => ({
      id: reviewer.id,
      email: `reviewer-${String(reviewer.id).padStart(2, '0')}@reviews.invalid`,
      passwordHash: NO_PASSWORD,
      firstName: reviewer.firstName,
      lastName: reviewer.lastName,
      country: reviewer.country,
    })),
  );
  // Ids were given explicitly: move the sequence past them for the shoppers who register later.
  await db.execute(sql`select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users) + 1, false)`);
}

/**
 * `count` reviews of one product by different reviewers, written between the product's creation
 * and `until`; `tendency` in [0, 1) moves the product's stars from mixed to glowing.
 */
export function makeReviews(rng: Rng, productId: number, count: number, tendency: number, since: Date, until: number): ReviewRow[] {
  if (count === 0) return [];
  const mean = 2.6 + tendency * 2.4;
  const span = Math.max(0, until - since.getTime());
  return rng.sample(REVIEWERS, count).map((reviewer) => {
    const rating = Math.min(5, Math.max(1, Math.round(mean + (rng.next() + rng.next() - 1) * 2.2)));
    const band = bandOf(rating);
    const words = PHRASES[reviewer.language];
    return {
      productId,
      userId: reviewer.id,
      rating,
      title: rng.pick(words.titles[band]),
      body: [rng.pick(words.openers[band]), rng.pick(words.details), rng.pick(words.closers[band])].join(words.join),
      authorName: reviewer.authorName,
      createdAt: new Date(since.getTime() + Math.floor(rng.next() * span)),
    };
  });
}

/** `products.rating_avg` and `rating_count` as the database computes them from the rows (one decimal, half up). */
export function ratingOf(reviews: readonly { rating: number }[]): { ratingAvg: number; ratingCount: number } {
  if (reviews.length === 0) return { ratingAvg: 0, ratingCount: 0 };
  const sum = reviews.reduce((total, review) => total + review.rating, 0);
  return { ratingAvg: Math.round((sum * 10) / reviews.length) / 10, ratingCount: reviews.length };
}
