import { sql } from 'drizzle-orm';
import type { CountryCode } from '../../../config/countries.ts';
import type { Db } from '../client.ts';
import { announcements, userSegments, type Localized } from '../schema.ts';
import { seedCart } from './cart.ts';
import { seedRewards } from './rewards.ts';

/** Segments staff preview content for (`sea-falcon/all-user-segments`). */
export const SEGMENT_ROWS: readonly { key: string; name: string }[] = [
  { key: 'all-members', name: 'All members' },
  { key: 'beauty-pass-pink', name: 'Beauty Pass Pink' },
  { key: 'beauty-pass-white', name: 'Beauty Pass White' },
  { key: 'beauty-pass-black', name: 'Beauty Pass Black' },
  { key: 'beauty-pass-gold', name: 'Beauty Pass Gold' },
  { key: 'new-customers', name: 'New customers' },
  { key: 'lapsed-customers', name: 'Lapsed customers' },
];

interface AnnouncementRow {
  segmentKey: string;
  status: 'published' | 'draft';
  countries: CountryCode[] | null;
  text: Localized;
}

/**
 * Header announcements: published ones for everyone (some per country), segment-only ones and
 * drafts, so the staff preview has something to show that the public layout must never show.
 */
export const ANNOUNCEMENT_ROWS: readonly AnnouncementRow[] = [
  {
    segmentKey: 'all',
    status: 'published',
    countries: null,
    text: {
      en: 'Beauty Pass members earn points on every purchase',
      zh: 'Beauty Pass 會員每次購物均可賺取積分',
      id: 'Anggota Beauty Pass mendapat poin di setiap pembelian',
      th: 'สมาชิก Beauty Pass รับคะแนนทุกครั้งที่ซื้อสินค้า',
    },
  },
  {
    segmentKey: 'all',
    status: 'published',
    countries: ['SG'],
    text: {
      en: 'Free delivery in Singapore on orders over S$35',
      zh: '新加坡訂單滿 S$35 免運費',
      id: 'Gratis ongkir di Singapura untuk pesanan di atas S$35',
      th: 'จัดส่งฟรีในสิงคโปร์เมื่อสั่งซื้อครบ S$35',
    },
  },
  {
    segmentKey: 'all',
    status: 'published',
    countries: ['ID'],
    text: {
      en: 'Free delivery in Indonesia on orders over Rp500,000',
      zh: '印尼訂單滿 Rp500,000 免運費',
      id: 'Gratis ongkir di Indonesia untuk pesanan di atas Rp500.000',
      th: 'จัดส่งฟรีในอินโดนีเซียเมื่อสั่งซื้อครบ Rp500,000',
    },
  },
  {
    segmentKey: 'all',
    status: 'published',
    countries: ['TH'],
    text: {
      en: 'Free delivery in Thailand on orders over ฿500',
      zh: '泰國訂單滿 ฿500 免運費',
      id: 'Gratis ongkir di Thailand untuk pesanan di atas ฿500',
      th: 'จัดส่งฟรีในประเทศไทยเมื่อสั่งซื้อครบ ฿500',
    },
  },
  {
    segmentKey: 'all',
    status: 'published',
    countries: ['HK'],
    text: {
      en: 'Book a free makeup service in our Hong Kong stores',
      zh: '於香港門市預約免費化妝服務',
      id: 'Pesan layanan makeup gratis di toko kami di Hong Kong',
      th: 'จองบริการแต่งหน้าฟรีที่ร้านของเราในฮ่องกง',
    },
  },
  {
    segmentKey: 'all',
    status: 'draft',
    countries: null,
    text: {
      en: 'DRAFT Mid-year sale: early access opens soon',
      zh: '草稿 年中特賣：搶先購即將開始',
      id: 'DRAF Obral tengah tahun: akses awal segera dibuka',
      th: 'ฉบับร่าง เซลกลางปี: สิทธิ์ช้อปก่อนเปิดเร็วๆ นี้',
    },
  },
  {
    segmentKey: 'all-members',
    status: 'published',
    countries: null,
    text: {
      en: 'Members: new exclusive rewards are in',
      zh: '會員專享：全新獨家獎賞已上架',
      id: 'Anggota: hadiah eksklusif baru telah tersedia',
      th: 'สมาชิก: ของรางวัลพิเศษใหม่มาแล้ว',
    },
  },
  {
    segmentKey: 'beauty-pass-black',
    status: 'published',
    countries: null,
    text: {
      en: 'Black members: early sale access starts tomorrow',
      zh: 'Black 會員：明天起可搶先選購特賣',
      id: 'Anggota Black: akses awal obral dimulai besok',
      th: 'สมาชิก Black: สิทธิ์ช้อปเซลก่อนใครเริ่มพรุ่งนี้',
    },
  },
  {
    segmentKey: 'beauty-pass-gold',
    status: 'published',
    countries: null,
    text: {
      en: 'Gold members: your birthday gift is waiting in store',
      zh: 'Gold 會員：您的生日禮物已在門市等您',
      id: 'Anggota Gold: hadiah ulang tahun Anda menunggu di toko',
      th: 'สมาชิก Gold: ของขวัญวันเกิดของคุณรออยู่ที่ร้าน',
    },
  },
  {
    segmentKey: 'new-customers',
    status: 'published',
    countries: null,
    text: {
      en: 'New here? Book a free skin consultation',
      zh: '新顧客？預約免費皮膚諮詢',
      id: 'Baru di sini? Pesan konsultasi kulit gratis',
      th: 'ลูกค้าใหม่? จองปรึกษาเรื่องผิวฟรี',
    },
  },
  {
    segmentKey: 'lapsed-customers',
    status: 'draft',
    countries: null,
    text: {
      en: 'DRAFT We miss you: double points this week',
      zh: '草稿 我們想念您：本週雙倍積分',
      id: 'DRAF Kami rindu Anda: poin ganda minggu ini',
      th: 'ฉบับร่าง เราคิดถึงคุณ: คะแนนสองเท่าสัปดาห์นี้',
    },
  },
];

/**
 * Segments and announcements. Runs with the catalogue seed and again at every start for a
 * database seeded before this content existed; it writes only when no segment is there yet.
 * Inside the catalogue seed's transaction, the nested transaction is a savepoint.
 */
export async function seedContent(db: Db): Promise<void> {
  await seedCart(db);
  await seedRewards(db);
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(userSegments);
  if ((row?.n ?? 0) > 0) return;
  await db.transaction(async (tx) => {
    // Two processes starting together on one PostgreSQL: the second waits on the first's keys and inserts none.
    const inserted = await tx.insert(userSegments).values([...SEGMENT_ROWS]).onConflictDoNothing().returning({ key: userSegments.key });
    if (inserted.length === 0) return;
    await tx.insert(announcements).values(ANNOUNCEMENT_ROWS.map((announcement) => ({ ...announcement })));
  });
}
