import { expect } from 'vitest';
import { API_PREFIX } from '../../src/config/constants.ts';
import { PAYLOAD_SUFFIX } from '../../src/contract/page-state.ts';
import { cartCall, guestBag, type CartTarget } from './cart.ts';

/*
 * A price and a stock level written by plain SQL, as an operator would, while several server
 * processes (each with its own listing index, card cache and page cache) serve one database: the
 * next request on every one of them shows the new values, and they agree with the bag. The same
 * scenario runs on PGlite (tests/api/price-change.test.ts) and PostgreSQL (tests/pg/price-change.test.ts).
 */

/** One server process as the test reaches it: `request(path)` with a path from the origin. */
export interface ServerInstance {
  name: string;
  request(path: string, init?: RequestInit): Promise<Response>;
  /** Whether it renders pages (`/products/{slug}` and its `_payload.json`). */
  pages: boolean;
}

export interface PriceChangeSetup {
  instances: readonly ServerInstance[];
  /** Plain SQL on the shared database, outside any server. */
  query<T>(text: string): Promise<T[]>;
}

interface Money {
  currency: string;
  amount: number;
}
interface Summary {
  id: number;
  slug: string;
  price: Money;
  salePrice: Money | null;
  inStock: boolean;
}
interface Listing {
  data: Summary[];
  meta: { total: number };
}
interface Detail extends Summary {
  variants: { id: number; stock: number }[];
}

const SG = { 'X-Platform': 'web', 'X-Site-Country': 'sg', 'Accept-Language': 'en-SG' };

async function body<T>(response: Response, what: string): Promise<T> {
  const text = await response.text();
  expect(response.status, `${what}: ${text.slice(0, 300)}`).toBe(200);
  return JSON.parse(text) as T;
}

/** What one instance shows of the product: its JSON, the two listings, the bag's line and the page. */
async function observe(instance: ServerInstance, bagOf: CartTarget, product: { id: number; slug: string }, cheapest: number, cookie: string) {
  const api = (path: string) => instance.request(`${API_PREFIX}${path}`, { headers: SG });
  const [detail, byPrice, inRange, bag] = await Promise.all([
    body<{ data: Detail }>(await api(`/products/${product.slug}`), `${instance.name} product`),
    body<Listing>(await api('/products?sort=price_asc&per_page=3'), `${instance.name} listing by price`),
    body<Listing>(await api(`/products?price_min=0&price_max=${cheapest / 100}&per_page=5`), `${instance.name} listing in range`),
    body<{ data: { lines: { variant: { id: number }; unitPrice: Money; unitSalePrice: Money | null }[] } }>(
      await cartCall(bagOf, 'GET', '/cart/bag', { cookie, country: 'sg' }),
      `${instance.name} bag`,
    ),
  ]);
  const line = bag.data.lines.find((l) => detail.data.variants.some((v) => v.id === l.variant.id));
  let page: { payload: string; html: string } | null = null;
  if (instance.pages) {
    const [payload, html] = await Promise.all([
      instance.request(`/products/${product.slug}${PAYLOAD_SUFFIX}`).then((r) => body<unknown>(r, `${instance.name} payload`)),
      instance.request(`/products/${product.slug}`).then((r) => r.text()),
    ]);
    page = { payload: JSON.stringify(payload), html };
  }
  return {
    price: detail.data.price.amount,
    salePrice: detail.data.salePrice,
    inStock: detail.data.inStock,
    variantStock: detail.data.variants.map((v) => v.stock),
    firstByPrice: byPrice.data[0] ? { id: byPrice.data[0].id, price: byPrice.data[0].price.amount } : null,
    inRange: { ids: inRange.data.map((p) => p.id), total: inRange.meta.total },
    bagPrice: line ? (line.unitSalePrice ?? line.unitPrice).amount : null,
    page,
  };
}

/**
 * Every instance is warmed (its caches hold the old price and stock), the price of one product is
 * set below every other in the country and its stock to zero by SQL, then every instance's next
 * request shows both: product JSON, the price-sorted and price-filtered listings, the bag and the page.
 */
export async function priceAndStockChangeScenario({ instances, query }: PriceChangeSetup): Promise<void> {
  const [product] = await query<{ id: number; slug: string; amount: number; variant: number }>(
    `select p.id, p.slug, pp.effective_minor as amount, min(v.id) as variant
     from products p join product_prices pp on pp.product_id = p.id and pp.country_code = 'SG' join variants v on v.product_id = p.id
     where p.total_stock > 0 and v.stock > 0 and not ('coming_soon' = any(p.badges)) group by p.id, p.slug, pp.effective_minor order by p.id desc limit 1`,
  );
  const [low] = await query<{ min: number }>(`select min(effective_minor) as min from product_prices where country_code = 'SG'`);
  if (!product || !low || Number(low.min) < 3) throw new Error('no product to change');
  const target = { id: Number(product.id), slug: product.slug };
  // Below every price in Singapore: first by price, and alone in a range ending at it.
  const cheapest = Number(low.min) - 1;
  const [first] = instances;
  if (!first) throw new Error('no instances');
  const targetOf = (instance: ServerInstance): CartTarget => ({ request: (path, init) => instance.request(path, init), query });
  const cookie = await guestBag(targetOf(first), Number(product.variant), 'sg');

  for (const instance of instances) {
    const before = await observe(instance, targetOf(instance), target, cheapest, cookie);
    expect(before.price, instance.name).toBe(Number(product.amount) / 100);
    expect(before.inStock).toBe(true);
    expect(before.firstByPrice?.id).not.toBe(target.id);
    expect(before.inRange).toEqual({ ids: [], total: 0 });
    expect(before.bagPrice).toBe(Number(product.amount) / 100);
    if (before.page) expect(before.page.payload).toContain(`"amount":${Number(product.amount) / 100}`);
  }

  await query(`update product_prices set amount_minor = ${cheapest}, effective_minor = ${cheapest}, sale_amount_minor = null where product_id = ${target.id} and country_code = 'SG'`);
  await query(`update variants set stock = 0 where product_id = ${target.id}`);

  const price = cheapest / 100;
  for (const instance of instances) {
    const after = await observe(instance, targetOf(instance), target, cheapest, cookie);
    expect({ ...after, page: null }, instance.name).toEqual({
      price,
      salePrice: null,
      inStock: false,
      variantStock: after.variantStock.map(() => 0),
      firstByPrice: { id: target.id, price },
      inRange: { ids: [target.id], total: 1 },
      bagPrice: price,
      page: null,
    });
    expect(after.variantStock.length).toBeGreaterThan(0);
    if (after.page) {
      expect(after.page.payload, `${instance.name} payload`).toContain(`"amount":${price}`);
      expect(after.page.html, `${instance.name} page`).toContain(`"amount":${price}`);
    }
  }
}
