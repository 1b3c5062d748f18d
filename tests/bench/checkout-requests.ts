/**
 * The checkout's bench (issue 13): `POST checkout/orders` of distinct guest bags (one line each), a
 * new Idempotency-Key per order, paid by the test card. A bag is placed once, so every request is
 * a fresh bag taken from a queue; a run ends when its bags are spent (autocannon's `amount`).
 */
import { randomUUID } from 'node:crypto';
import { API_PREFIX, CLIENT_HEADERS } from '../../src/config/constants.ts';
import { TEST_CARDS } from '../../src/server/payments/test-cards.ts';
import { guestBag } from './cart-requests.ts';
import { sendQueue, type RunResult } from './queue-run.ts';

const HEADERS = { ...CLIENT_HEADERS, Accept: 'application/json', 'Accept-Language': 'en-SG', 'X-Site-Country': 'sg' };
const ADDRESS = { fullName: 'Tan Mei Ling', phone: '9123 4567', line1: '2 Orchard Turn', line2: '#03-21', city: '', state: '', postcode: '238801' };
/** Units of one variant the bags may take at most: far below its stock, so no order meets a sold-out line. */
const MIN_STOCK = 60;

export interface OrderBag {
  cookie: string;
  body: string;
}

async function getJson<T>(base: string, path: string): Promise<T> {
  const response = await fetch(`${base}${API_PREFIX}/${path}`, { headers: HEADERS });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** Variants sold in Singapore with plenty of stock, from the newest products. */
async function wellStocked(base: string, count: number): Promise<{ id: number; stock: number }[]> {
  const out: { id: number; stock: number }[] = [];
  for (let page = 1; out.length < count && page <= 60; page++) {
    const { data } = await getJson<{ data: { slug: string; badges: string[] }[] }>(base, `products?sort=newest&per_page=24&page=${page}`);
    // A coming-soon product's stock cannot be added yet (409 not_on_sale).
    for (const product of data.filter((p) => !p.badges.includes('coming_soon'))) {
      const variants = await getJson<{ data: { id: number; stock: number }[] }>(base, `variants?product=${product.slug}`);
      for (const v of variants.data) if (v.stock >= MIN_STOCK && out.length < count) out.push(v);
    }
  }
  return out;
}

/** `count` guest bags of one unit each, spread over variants so that none gives more than half its stock. */
export async function orderBags(base: string, count: number): Promise<OrderBag[]> {
  const variants = await wellStocked(base, 120);
  const capacity = variants.reduce((sum, v) => sum + Math.floor(v.stock / 2), 0);
  if (capacity < count) throw new Error(`stock for ${capacity} bench orders only, ${count} wanted`);
  const taken = new Map<number, number>();
  const bags: OrderBag[] = [];
  for (let i = 0; bags.length < count; i++) {
    const variant = variants[i % variants.length];
    if (!variant || (taken.get(variant.id) ?? 0) >= Math.floor(variant.stock / 2)) continue;
    taken.set(variant.id, (taken.get(variant.id) ?? 0) + 1);
    const cookie = await guestBag(base, [variant.id]);
    const { data } = (await (await fetch(`${base}${API_PREFIX}/cart/items-count`, { headers: { ...HEADERS, Cookie: cookie } })).json()) as { data: { version: number } };
    const body = { bagVersion: data.version, email: `bench${bags.length}@example.com`, delivery: { method: 'standard', storeId: null, address: ADDRESS }, payment: { method: 'card', card: { number: TEST_CARDS.success, expMonth: 12, expYear: 2031, cvc: '123', name: 'Tan Mei Ling' } } };
    bags.push({ cookie, body: JSON.stringify(body) });
  }
  return bags;
}

/** Places every bag of `bags` once, over `connections` connections. */
export function placeOrders(base: string, bags: OrderBag[], connections: number): Promise<RunResult> {
  const queue = bags.map((bag) => ({ headers: { ...HEADERS, 'Content-Type': 'application/json', Cookie: bag.cookie, 'Idempotency-Key': randomUUID() }, body: bag.body }));
  return sendQueue(base, `${API_PREFIX}/checkout/orders`, queue, connections);
}
