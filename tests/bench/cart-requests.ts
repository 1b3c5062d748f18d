/**
 * The bag's bench requests (issue 12): adds into many guest bags, and reads of bags holding five
 * lines, all as the SPA sends them (site headers, the bag's cookie). Built against the running
 * server through its API only: the bench's database belongs to the server process.
 */
import { API_PREFIX, CLIENT_HEADERS } from '../../src/config/constants.ts';
import { LINE_QUANTITY_LIMIT, BAG_LINE_LIMIT } from '../../src/config/cart.ts';

export interface CartBenchRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

const HEADERS = { ...CLIENT_HEADERS, Accept: 'application/json', 'Accept-Language': 'en-SG', 'X-Site-Country': 'sg' };

async function getJson<T>(base: string, path: string): Promise<T> {
  const response = await fetch(`${base}${API_PREFIX}/${path}`, { headers: HEADERS });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** Variants sold in Singapore with at least the line limit in stock, from the first listing pages. */
export async function stockedVariants(base: string, count: number): Promise<number[]> {
  const out: number[] = [];
  for (let page = 1; out.length < count && page <= 20; page++) {
    const { data } = await getJson<{ data: { slug: string; badges: string[] }[] }>(base, `products?sort=newest&per_page=24&page=${page}`);
    // A coming-soon product's stock cannot be added yet (409 not_on_sale).
    for (const product of data.filter((p) => !p.badges.includes('coming_soon'))) {
      const variants = await getJson<{ data: { id: number; stock: number }[] }>(base, `variants?product=${product.slug}`);
      for (const v of variants.data) if (v.stock >= LINE_QUANTITY_LIMIT && out.length < count) out.push(v.id);
    }
  }
  if (out.length < count) throw new Error(`only ${out.length} variants with stock for the bag bench`);
  return out;
}

/** A new guest bag holding one unit of each of `variants`: the cookie that names it. */
export async function guestBag(base: string, variants: readonly number[]): Promise<string> {
  let cookie = '';
  for (const variantId of variants) {
    const response = await fetch(`${base}${API_PREFIX}/cart/line-items`, {
      method: 'POST',
      headers: { ...HEADERS, ...(cookie ? { Cookie: cookie } : {}) },
      body: JSON.stringify({ variantId, quantity: 1 }),
    });
    if (response.status !== 201) throw new Error(`bench bag add answered ${response.status}: ${await response.text()}`);
    const set = response.headers.getSetCookie()[0]?.split(';')[0];
    if (set) cookie = set;
    await response.arrayBuffer();
  }
  return cookie;
}

export interface CartBenchSets {
  /** `POST cart/line-items` of one unit, spread so that no line reaches its limit during the runs. */
  add: CartBenchRequest[];
  /** `GET cart/bag` of bags with five lines. */
  bag: CartBenchRequest[];
  /** `GET cart/items-count` of the same bags. */
  count: CartBenchRequest[];
}

/**
 * `bags` bags of five lines for the reads; for the adds, `addBags` bags each taking one unit of up to
 * `BAG_LINE_LIMIT` variants in turn: (bag, variant) pairs enough that ten connections walking the
 * list from different starts never push one line past the line limit in a whole bench run.
 */
export async function cartBenchSets(base: string, { bags = 60, addBags = 400 } = {}): Promise<CartBenchSets> {
  const variants = await stockedVariants(base, BAG_LINE_LIMIT);
  const readers: string[] = [];
  for (let i = 0; i < bags; i++) readers.push(await guestBag(base, variants.slice(i % 40, (i % 40) + 5)));
  const adders: string[] = [];
  for (let i = 0; i < addBags; i++) adders.push(await guestBag(base, [variants[i % variants.length] ?? 0]));
  const add: CartBenchRequest[] = [];
  for (const variantId of variants) {
    for (const cookie of adders) add.push({ method: 'POST', path: `${API_PREFIX}/cart/line-items`, headers: { ...HEADERS, Cookie: cookie }, body: JSON.stringify({ variantId, quantity: 1 }) });
  }
  const read = (path: string) => readers.map((cookie) => ({ method: 'GET' as const, path: `${API_PREFIX}/${path}`, headers: { ...HEADERS, Cookie: cookie } }));
  return { add, bag: read('cart/bag'), count: read('cart/items-count') };
}
