/**
 * A price written by SQL (what any staff tool or import does) is what every process answers on
 * its next request: the product's JSON, its brand's listing and a bag holding it, asked of each
 * process directly after each had cached the old price, then a run of requests through the
 * balancer. With the built SPA, the server-rendered product page too.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { API_PREFIX, CLIENT_HEADERS } from '../../src/config/constants.ts';
import { guestBag } from '../helpers/cart.ts';
import type { ServerProcess } from './fleet.ts';
import type { CountingTarget } from './http-target.ts';
import type { Report } from './report.ts';
import type pg from 'pg';

const HEADERS = { ...CLIENT_HEADERS, Accept: 'application/json', 'Accept-Language': 'en-SG', 'X-Site-Country': 'sg' };
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The new regular price in SGD: above every seeded one, so it leads its brand's listing by price. */
const NEW_PRICE = 9_876;

interface Seen {
  product: number | null;
  listing: number | null;
  bag: number | null;
  page: boolean | null;
}

async function json<T>(url: string, headers: Record<string, string> = HEADERS): Promise<T | null> {
  const response = await fetch(url, { headers });
  if (!response.ok) {
    await response.arrayBuffer();
    return null;
  }
  return (await response.json()) as T;
}

async function seenBy(base: string, slug: string, brand: string, bagCookie: string, pages: boolean): Promise<Seen> {
  const product = await json<{ data: { price: { amount: number } } }>(`${base}${API_PREFIX}/products/${slug}`);
  const listing = await json<{ data: { slug: string; price: { amount: number } }[] }>(`${base}${API_PREFIX}/products?brand=${brand}&sort=price_desc&per_page=48`);
  const bag = await json<{ data: { lines: { unitPrice: { amount: number } }[] } }>(`${base}${API_PREFIX}/cart/bag`, { ...HEADERS, Cookie: bagCookie });
  let page: boolean | null = null;
  if (pages) {
    const html = await (await fetch(`${base}/products/${slug}`, { headers: { Cookie: 'locale=sg; language=en', Accept: 'text/html' } })).text();
    page = html.includes(NEW_PRICE.toLocaleString('en-SG'));
  }
  return {
    product: product?.data.price.amount ?? null,
    listing: listing?.data.find((p) => p.slug === slug)?.price.amount ?? null,
    bag: bag?.data.lines[0]?.unitPrice.amount ?? null,
    page,
  };
}

export async function priceChange(balanced: CountingTarget, processes: readonly ServerProcess[], admin: pg.Pool, report: Report): Promise<void> {
  const scenario = 'price change by SQL';
  const started = performance.now();
  const pages = existsSync(`${ROOT}dist/web/index.html`) && existsSync(`${ROOT}dist/ssr/entry-server.js`);
  if (!pages) report.note('price change: no built SPA (dist/), so the server-rendered page was not checked; `npm run build` first to include it');
  const [row] = (
    await admin.query<{ product_id: number; slug: string; brand: string; variant_id: number; amount_minor: number }>(
      `select p.id as product_id, p.slug, b.slug as brand, min(v.id) as variant_id, pp.amount_minor
         from products p join brands b on b.id = p.brand_id join variants v on v.product_id = p.id
         join product_prices pp on pp.product_id = p.id and pp.country_code = 'SG'
        where not ('coming_soon' = any(p.badges))
        group by p.id, p.slug, b.slug, pp.amount_minor order by p.id limit 1 offset 60`,
    )
  ).rows;
  if (!row) throw new Error('no product sold in SG to reprice');
  await admin.query('update variants set stock = 500 where id = $1', [row.variant_id]);
  const bagCookie = await guestBag(balanced, Number(row.variant_id));
  const oldPrice = Number(row.amount_minor) / 100;

  // Every process reads (and caches) the old price first.
  const before = await Promise.all(processes.map((p) => seenBy(p.base, row.slug, row.brand, bagCookie, pages)));
  report.check(scenario, 'every process answered the old price first', before.every((s) => s.product === oldPrice && s.bag === oldPrice), JSON.stringify(before));

  await admin.query(`update product_prices set amount_minor = $1, sale_amount_minor = null, effective_minor = $1 where product_id = $2 and country_code = 'SG'`, [NEW_PRICE * 100, row.product_id]);
  const changedAt = performance.now();
  for (const p of processes) {
    const seen = await seenBy(p.base, row.slug, row.brand, bagCookie, pages);
    report.equal(scenario, `${p.name}: product JSON on the next request`, seen.product, NEW_PRICE);
    report.equal(scenario, `${p.name}: its brand's listing on the next request`, seen.listing, NEW_PRICE);
    report.equal(scenario, `${p.name}: the bag on the next request`, seen.bag, NEW_PRICE);
    if (pages) report.equal(scenario, `${p.name}: the product page on the next request`, seen.page, true);
  }
  const direct = performance.now() - changedAt;
  // Through the balancer: consecutive requests land on each process in turn; every one must agree.
  balanced.resetSpread();
  const through: (number | null)[] = [];
  for (let i = 0; i < 3 * processes.length; i++) {
    const response = await balanced.request(`${API_PREFIX}/products/${row.slug}`, { headers: HEADERS });
    through.push(response.ok ? ((await response.json()) as { data: { price: { amount: number } } }).data.price.amount : null);
  }
  report.check(scenario, `${through.length} consecutive requests through the balancer all answer the new price`, through.every((p) => p === NEW_PRICE), through.join(', '));
  const spread = [...balanced.spread()].map(([name, n]) => `${name} ${n}`).join(', ');
  report.figure({ scenario, requests: processes.length * (pages ? 8 : 6) + through.length, failures: through.filter((p) => p !== NEW_PRICE).length, statuses: `old S$${oldPrice} → new S$${NEW_PRICE}`, p50: null, p99: null, seconds: (performance.now() - started) / 1000, spread });
  report.note(`price change: every process asked within ${direct.toFixed(0)} ms of the write`);
}

