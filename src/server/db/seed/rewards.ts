import { restartIds } from '../query.ts';
import { COUNTRY_CODES } from '../../../config/countries.ts';
import type { TierName } from '../../../contract/loyalty.ts';
import type { Db } from '../client.ts';
import { rewards, type Localized } from '../schema.ts';

/*
 * The rewards boutique's seed (issue 15; spec §1 rewards boutique, §5 "while supplies last", §6
 * "exclusive rewards" for Black and Gold): the same eight rewards in every country, with fixed ids
 * so every run gives the same rows. Costs run from 100 to 2,000 points; one reward is down to its
 * last unit (the race the tests run) and one is out of stock, so both states show.
 */

const ALL_TIERS: TierName[] = ['pink', 'white', 'black', 'gold'];
/** Spec §6: Black and Gold get exclusive rewards. */
const EXCLUSIVE: TierName[] = ['black', 'gold'];

interface RewardSeed {
  slug: string;
  name: Localized;
  description: Localized;
  pointsCost: number;
  tiers: TierName[];
  stock: number;
  /** Hue of the drawn picture (rewards have no product photos). */
  hue: number;
  /** What the picture draws: the reward itself, not a product of the catalogue nor a gift box for all. */
  picture: RewardPicture;
}

export type RewardPicture = 'serum' | 'lipsticks' | 'pouch' | 'kit' | 'vials' | 'voucher' | 'jar' | 'facial';

/** The slug of the reward seeded with one unit left: the "last unit" of the race tests and the e2e test. */
export const LAST_UNIT_REWARD_SLUG = 'travel-pouch';
/** The slug of the reward seeded out of stock. */
export const OUT_OF_STOCK_REWARD_SLUG = 'fragrance-discovery-set';

export const REWARD_SEEDS: readonly RewardSeed[] = [
  {
    slug: 'deluxe-serum-sample',
    name: { en: 'Deluxe hydrating serum, 7 ml', zh: '豪華保濕精華 7 毫升', id: 'Serum pelembap deluxe, 7 ml', th: 'เซรั่มเพิ่มความชุ่มชื้นขนาดดีลักซ์ 7 มล.' },
    description: { en: 'A deluxe sample of our best-selling serum.', zh: '人氣精華的豪華試用裝。', id: 'Sampel deluxe serum terlaris kami.', th: 'ตัวอย่างขนาดดีลักซ์ของเซรั่มขายดีของเรา' },
    pointsCost: 100,
    tiers: ALL_TIERS,
    stock: 500,
    hue: 190,
    picture: 'serum',
  },
  {
    slug: 'lip-trio-minis',
    name: { en: 'Mini lip trio', zh: '迷你唇膏三件組', id: 'Trio lipstik mini', th: 'ลิปสติกมินิสามแท่ง' },
    description: { en: 'Three mini lipsticks in this season’s shades.', zh: '三支本季色調的迷你唇膏。', id: 'Tiga lipstik mini dengan warna musim ini.', th: 'ลิปสติกมินิสามแท่งในเฉดสีของฤดูกาลนี้' },
    pointsCost: 250,
    tiers: ALL_TIERS,
    stock: 200,
    hue: 350,
    picture: 'lipsticks',
  },
  {
    slug: LAST_UNIT_REWARD_SLUG,
    name: { en: 'Beauty Pass travel pouch', zh: 'Beauty Pass 旅行化妝包', id: 'Pouch perjalanan Beauty Pass', th: 'กระเป๋าเดินทาง Beauty Pass' },
    description: { en: 'A quilted pouch for your travel minis. The last one!', zh: '絎縫旅行化妝包，收納迷你裝。最後一個！', id: 'Pouch berlapis untuk produk mini perjalananmu. Tinggal satu!', th: 'กระเป๋าบุนวมสำหรับผลิตภัณฑ์ขนาดพกพา ชิ้นสุดท้าย!' },
    pointsCost: 400,
    tiers: ALL_TIERS,
    stock: 1,
    hue: 320,
    picture: 'pouch',
  },
  {
    slug: 'skincare-discovery-kit',
    name: { en: 'Skincare discovery kit', zh: '護膚探索套裝', id: 'Kit penemuan perawatan kulit', th: 'ชุดค้นพบสกินแคร์' },
    description: { en: 'Five deluxe samples: cleanser, toner, serum, cream and eye cream.', zh: '五件豪華試用裝：潔面、爽膚水、精華、面霜及眼霜。', id: 'Lima sampel deluxe: pembersih, toner, serum, krim, dan krim mata.', th: 'ตัวอย่างดีลักซ์ห้าชิ้น: คลีนเซอร์ โทนเนอร์ เซรั่ม ครีม และอายครีม' },
    pointsCost: 600,
    tiers: ALL_TIERS,
    stock: 120,
    hue: 140,
    picture: 'kit',
  },
  {
    slug: OUT_OF_STOCK_REWARD_SLUG,
    name: { en: 'Fragrance discovery set', zh: '香水探索套裝', id: 'Set penemuan parfum', th: 'ชุดค้นพบน้ำหอม' },
    description: { en: 'Six fragrance vials to find your signature scent.', zh: '六支香水試管，尋找你的專屬香氣。', id: 'Enam vial parfum untuk menemukan aroma khasmu.', th: 'น้ำหอมหกขวดเล็กเพื่อค้นหากลิ่นประจำตัวของคุณ' },
    pointsCost: 800,
    tiers: ALL_TIERS,
    stock: 0,
    hue: 40,
    picture: 'vials',
  },
  {
    slug: 'makeup-service-voucher',
    name: { en: 'Makeup service voucher, 30 minutes', zh: '化妝服務禮券 30 分鐘', id: 'Voucher layanan makeup, 30 menit', th: 'บัตรกำนัลบริการแต่งหน้า 30 นาที' },
    description: { en: 'A personalised makeup session with an artist in store.', zh: '於門市與化妝師進行個人化化妝服務。', id: 'Sesi makeup personal bersama artis di toko.', th: 'บริการแต่งหน้าเฉพาะบุคคลกับช่างแต่งหน้าที่ร้าน' },
    pointsCost: 1_200,
    tiers: EXCLUSIVE,
    stock: 40,
    hue: 280,
    picture: 'voucher',
  },
  {
    slug: 'full-size-moisturiser',
    name: { en: 'Full-size moisturiser, 50 ml', zh: '正裝保濕霜 50 毫升', id: 'Pelembap ukuran penuh, 50 ml', th: 'มอยส์เจอไรเซอร์ขนาดปกติ 50 มล.' },
    description: { en: 'Exclusive to Black and Gold members.', zh: 'Black 及 Gold 會員專享。', id: 'Eksklusif untuk anggota Black dan Gold.', th: 'เฉพาะสมาชิก Black และ Gold' },
    pointsCost: 1_500,
    tiers: EXCLUSIVE,
    stock: 25,
    hue: 200,
    picture: 'jar',
  },
  {
    slug: 'gold-skin-ritual',
    name: { en: 'Gold skin ritual facial', zh: 'Gold 尊尚護膚療程', id: 'Facial ritual kulit Gold', th: 'ทรีตเมนต์ผิวหน้า Gold' },
    description: { en: 'A 60-minute facial in store, for Gold members.', zh: '門市 60 分鐘面部護理，Gold 會員專享。', id: 'Facial 60 menit di toko, untuk anggota Gold.', th: 'ทรีตเมนต์ผิวหน้า 60 นาทีที่ร้าน สำหรับสมาชิก Gold' },
    pointsCost: 2_000,
    tiers: ['gold'],
    stock: 10,
    hue: 48,
    picture: 'facial',
  },
];

/** Each reward drawn as what it is, in its colour (40 × 40). */
const PICTURES: Readonly<Record<RewardPicture, (main: string, dark: string) => string>> = {
  serum: (main, dark) => `<ellipse cx="20" cy="7" rx="3" ry="4" fill="${dark}"/><rect x="17" y="10" width="6" height="6" fill="#c9a227"/><rect x="13" y="16" width="14" height="21" rx="4" fill="${main}"/>`,
  lipsticks: (main, dark) =>
    [8, 17, 26].map((x, i) => `<path d="M${x + 1} ${16 - i} l3 -4 l3 2 v${4 + i} z" fill="${main}"/><rect x="${x}" y="${17}" width="7" height="5" fill="#c9a227"/><rect x="${x}" y="22" width="7" height="14" rx="1" fill="${dark}"/>`).join(''),
  pouch: (main, dark) => `<path d="M5 14 H35 L33 35 Q20 38 7 35 Z" fill="${main}"/><rect x="5" y="12" width="30" height="4" rx="1" fill="${dark}"/><path d="M9 22 L31 30 M9 30 L31 22" stroke="${dark}" stroke-opacity="0.4"/>`,
  kit: (main, dark) => `<rect x="3" y="20" width="34" height="17" rx="2" fill="${dark}"/><rect x="7" y="10" width="6" height="14" rx="1" fill="${main}"/><rect x="15" y="6" width="5" height="18" rx="1" fill="${main}"/><rect x="22" y="13" width="8" height="11" rx="2" fill="${main}"/><rect x="31" y="15" width="4" height="9" rx="1" fill="${main}"/>`,
  vials: (main, dark) => [6, 12, 18, 24, 30].map((x) => `<rect x="${x}" y="8" width="4" height="4" fill="${dark}"/><rect x="${x}" y="12" width="4" height="24" rx="2" fill="${main}"/>`).join(''),
  voucher: (main, dark) => `<path d="M3 11 H37 V17 A3 3 0 0 0 37 23 V29 H3 V23 A3 3 0 0 0 3 17 Z" fill="${main}"/><path d="M26 11 V29" stroke="${dark}" stroke-dasharray="2 2"/><rect x="7" y="16" width="15" height="3" fill="${dark}"/><rect x="7" y="21" width="10" height="2" fill="${dark}"/>`,
  jar: (main, dark) => `<rect x="8" y="12" width="24" height="7" rx="2" fill="${dark}"/><rect x="6" y="18" width="28" height="18" rx="5" fill="${main}"/><rect x="12" y="23" width="16" height="7" rx="1" fill="#ffffff" fill-opacity="0.8"/>`,
  facial: (main, dark) => `<ellipse cx="20" cy="20" rx="11" ry="14" fill="${main}"/><path d="M14 18 h4 M22 18 h4" stroke="${dark}" stroke-width="2" stroke-linecap="round"/><path d="M16 26 Q20 29 24 26" fill="none" stroke="${dark}" stroke-width="1.5"/><path d="M9 12 Q20 2 31 12" fill="none" stroke="#ffffff" stroke-width="3"/>`,
};

/** The reward's picture in its colour: `data:` images are allowed by the pages' policy, as the samples' are. */
export function rewardImage(picture: RewardPicture, hue: number): string {
  const drawn = PICTURES[picture](`hsl(${hue},45%,70%)`, `hsl(${hue},35%,38%)`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40" data-picture="${picture}">${drawn}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

export function rewardRows() {
  return COUNTRY_CODES.flatMap((country, c) =>
    REWARD_SEEDS.map((seed, i) => ({
      id: c * 10 + i + 1,
      countryCode: country,
      slug: seed.slug,
      name: seed.name,
      description: seed.description,
      imageUrl: rewardImage(seed.picture, seed.hue),
      pointsCost: seed.pointsCost,
      tiers: seed.tiers,
      stock: seed.stock,
    })),
  );
}

/**
 * Idempotent (fixed ids, conflicts ignored, so the stock orders took stays taken): runs with the
 * catalogue seed and at every start, so a database seeded before the boutique existed gets it.
 */
export async function seedRewards(db: Db): Promise<void> {
  await db.insert(rewards).values(rewardRows()).onConflictDoNothing();
  await restartIds(db, 'rewards');
}
