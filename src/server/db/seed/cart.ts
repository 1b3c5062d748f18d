import { restartIds } from '../query.ts';
import { COUNTRY_CODES, type CountryCode } from '../../../config/countries.ts';
import type { Db } from '../client.ts';
import { offers, samples, type Localized } from '../schema.ts';
import { SGD_RATE } from './prices.ts';

/*
 * The bag's seed (issue 12): samples and offers per country, with fixed ids and dates so every run
 * gives the same rows. Each country gets an offer without a minimum spend, one with, an expired one,
 * and Beauty Pass offers for the upper tiers and for gold alone.
 */

const SAMPLE_NAMES: readonly Localized[] = [
  { en: 'Hydrating serum, 5 ml', zh: '保濕精華 5 毫升', id: 'Serum pelembap, 5 ml', th: 'เซรั่มเพิ่มความชุ่มชื้น 5 มล.' },
  { en: 'Gentle cleanser, 10 ml', zh: '溫和潔面乳 10 毫升', id: 'Pembersih lembut, 10 ml', th: 'คลีนเซอร์อ่อนโยน 10 มล.' },
  { en: 'Eau de parfum, 1.5 ml', zh: '淡香精 1.5 毫升', id: 'Eau de parfum, 1,5 ml', th: 'โอ เดอ พาร์ฟูม 1.5 มล.' },
  { en: 'Night cream, 7 ml', zh: '晚霜 7 毫升', id: 'Krim malam, 7 ml', th: 'ไนท์ครีม 7 มล.' },
  { en: 'Lip balm, mini', zh: '迷你潤唇膏', id: 'Lip balm mini', th: 'ลิปบาล์มขนาดมินิ' },
];

/** A rounded local amount (minor units) for a Singapore-dollar figure: two significant digits. */
function localMinor(country: CountryCode, sgd: number): number {
  const major = sgd * SGD_RATE[country];
  const step = 10 ** Math.max(0, Math.floor(Math.log10(major)) - 1);
  return Math.round(major / step) * step * 100;
}

export const OFFERS_VALID_TILL = '2030-12-31';
export const EXPIRED_OFFER_CODE = 'SUMMER24';

interface OfferSeed {
  code: string;
  title: Localized;
  description: Localized;
  kind: 'percent' | 'amount';
  /** Percent, or an amount in SGD converted per country. */
  value: number;
  minimumSgd: number | null;
  validTill: string;
  tiers: string[] | null;
  validFrom?: string;
  usageLimitTotal?: number;
  usageLimitPerCustomer?: number;
}

/*
 * Titles name their amounts as placeholders (`OFFER_TEXT_AMOUNT`, `OFFER_TEXT_MINIMUM`), filled with
 * the offer's own `value` and `minimum_spend_minor` formatted where they are shown, in the shopper's
 * locale: an amount is never stored inside a sentence ("Rp60,000" beside "Rp 960.000"). Migration
 * 0016 wrote the same titles over those seeded before.
 */
export const SPEND80_TITLE: Localized = {
  en: '{amount} off orders over {minimum}',
  zh: '滿 {minimum} 減 {amount}',
  id: 'Potongan {amount} untuk belanja di atas {minimum}',
  th: 'ลด {amount} เมื่อซื้อครบ {minimum}',
};
export const BPPINK5_TITLE: Localized = { en: 'Pink: {amount} welcome gift', zh: 'Pink：{amount} 迎新禮', id: 'Pink: hadiah sambutan {amount}', th: 'Pink: ของขวัญต้อนรับ {amount}' };
export const FLASH5_TITLE: Localized = { en: 'Flash deal: {amount} off', zh: '限時優惠：減 {amount}', id: 'Promo kilat: potongan {amount}', th: 'ดีลด่วน: ลด {amount}' };

const OFFER_SEEDS: readonly OfferSeed[] = [
  {
    code: 'WELCOME10',
    title: { en: '10% off your order', zh: '訂單九折', id: 'Diskon 10% untuk pesananmu', th: 'ลด 10% สำหรับคำสั่งซื้อของคุณ' },
    description: { en: 'No minimum spend', zh: '無最低消費', id: 'Tanpa minimum belanja', th: 'ไม่มียอดซื้อขั้นต่ำ' },
    kind: 'percent',
    value: 10,
    minimumSgd: null,
    validTill: OFFERS_VALID_TILL,
    tiers: null,
  },
  {
    code: 'SPEND80',
    title: SPEND80_TITLE,
    description: { en: 'A treat for a bigger haul', zh: '多買多著數', id: 'Hadiah untuk belanja lebih banyak', th: 'ของขวัญสำหรับการช้อปครั้งใหญ่' },
    kind: 'amount',
    value: 15,
    minimumSgd: 80,
    validTill: OFFERS_VALID_TILL,
    tiers: null,
  },
  {
    code: EXPIRED_OFFER_CODE,
    title: { en: 'Summer sale: 20% off', zh: '夏日特賣：八折', id: 'Obral musim panas: diskon 20%', th: 'ซัมเมอร์เซล: ลด 20%' },
    description: { en: 'Ended', zh: '已結束', id: 'Sudah berakhir', th: 'สิ้นสุดแล้ว' },
    kind: 'percent',
    value: 20,
    minimumSgd: null,
    validTill: '2024-08-31',
    tiers: null,
  },
  {
    code: 'BPMEMBER15',
    title: { en: 'Beauty Pass: 15% off', zh: 'Beauty Pass：八五折', id: 'Beauty Pass: diskon 15%', th: 'Beauty Pass: ลด 15%' },
    description: { en: 'For White, Black and Gold members', zh: '適用於 White、Black 及 Gold 會員', id: 'Untuk anggota White, Black, dan Gold', th: 'สำหรับสมาชิก White, Black และ Gold' },
    kind: 'percent',
    value: 15,
    minimumSgd: 50,
    validTill: OFFERS_VALID_TILL,
    tiers: ['white', 'black', 'gold'],
  },
  {
    code: 'BPGOLD20',
    title: { en: 'Gold: 20% off', zh: 'Gold：八折', id: 'Gold: diskon 20%', th: 'Gold: ลด 20%' },
    description: { en: 'For Gold members, no minimum spend', zh: 'Gold 會員專享，無最低消費', id: 'Untuk anggota Gold, tanpa minimum belanja', th: 'สำหรับสมาชิก Gold ไม่มียอดซื้อขั้นต่ำ' },
    kind: 'percent',
    value: 20,
    minimumSgd: null,
    validTill: OFFERS_VALID_TILL,
    tiers: ['gold'],
  },
  {
    code: 'BPPINK5',
    title: BPPINK5_TITLE,
    description: { en: 'For Pink members', zh: 'Pink 會員專享', id: 'Untuk anggota Pink', th: 'สำหรับสมาชิก Pink' },
    kind: 'amount',
    value: 5,
    minimumSgd: 30,
    validTill: OFFERS_VALID_TILL,
    tiers: ['pink'],
  },
  {
    code: 'FIRSTORDER',
    title: { en: '15% off your first order', zh: '首張訂單八五折', id: 'Diskon 15% untuk pesanan pertamamu', th: 'ลด 15% สำหรับคำสั่งซื้อแรก' },
    description: { en: 'Once per customer', zh: '每位顧客限用一次', id: 'Sekali per pelanggan', th: 'ใช้ได้ครั้งเดียวต่อลูกค้า' },
    kind: 'percent',
    value: 15,
    minimumSgd: null,
    validTill: OFFERS_VALID_TILL,
    tiers: null,
    usageLimitPerCustomer: 1,
  },
  {
    code: 'FLASH5',
    title: FLASH5_TITLE,
    description: { en: 'For the first 3 orders only', zh: '只限首 3 張訂單', id: 'Hanya untuk 3 pesanan pertama', th: 'เฉพาะ 3 คำสั่งซื้อแรกเท่านั้น' },
    kind: 'amount',
    value: 5,
    minimumSgd: null,
    validTill: OFFERS_VALID_TILL,
    tiers: null,
    usageLimitTotal: 3,
  },
  {
    code: 'NEWYEAR30',
    title: { en: 'New year: 30% off', zh: '新年：七折', id: 'Tahun baru: diskon 30%', th: 'ปีใหม่: ลด 30%' },
    description: { en: 'From 1 January 2030', zh: '2030 年 1 月 1 日起', id: 'Mulai 1 Januari 2030', th: 'ตั้งแต่ 1 มกราคม 2030' },
    kind: 'percent',
    value: 30,
    minimumSgd: null,
    validFrom: '2030-01-01',
    validTill: '2030-01-31',
    tiers: null,
  },
];

export function sampleRows() {
  return COUNTRY_CODES.flatMap((country, c) =>
    SAMPLE_NAMES.map((name, i) => ({ id: c * 10 + i + 1, countryCode: country, name, position: i, stock: i === SAMPLE_NAMES.length - 1 ? 0 : 500 + 100 * i })),
  );
}

export function offerRows() {
  return COUNTRY_CODES.flatMap((country, c) =>
    OFFER_SEEDS.map((seed, i) => ({
      id: c * 10 + i + 1,
      code: seed.code,
      countryCode: country,
      title: seed.title,
      description: seed.description,
      kind: seed.kind,
      value: seed.kind === 'amount' ? localMinor(country, seed.value) : seed.value,
      minimumSpendMinor: seed.minimumSgd === null ? null : localMinor(country, seed.minimumSgd),
      validTill: seed.validTill,
      tiers: seed.tiers,
      validFrom: seed.validFrom ?? null,
      usageLimitTotal: seed.usageLimitTotal ?? null,
      usageLimitPerCustomer: seed.usageLimitPerCustomer ?? null,
    })),
  );
}

/** Idempotent (fixed ids, conflicts ignored): a database seeded before the bag existed gets its rows at start. */
export async function seedCart(db: Db): Promise<void> {
  await db.insert(samples).values(sampleRows()).onConflictDoNothing();
  await db.insert(offers).values(offerRows()).onConflictDoNothing();
  for (const table of ['samples', 'offers']) {
    await restartIds(db, table);
  }
}
