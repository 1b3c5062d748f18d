import { sql } from 'drizzle-orm';
import { API_PREFIX } from '../../src/config/constants.ts';
import { rowsOf } from '../../src/server/db/query.ts';
import type { TestApp } from './server.ts';
import { SPA_HEADERS } from './account.ts';
import { cookieHeader, cookieJar } from './auth.ts';

/**
 * The bag's test driver, for an app in process (`app.request`) and a server over HTTP (`fetch`)
 * alike: the races run the same code on PGlite and on PostgreSQL.
 */
export interface CartTarget {
  /** `app.request` or `fetch` against the server's origin. */
  request(url: string, init: RequestInit): Promise<Response>;
  /** Rows of a SQL statement on the target's database. */
  query<T>(text: string): Promise<T[]>;
}

/** An app in process as a target: `app.request`, and SQL on its PGlite. */
export function appTarget(t: Pick<TestApp, 'app' | 'db'>): CartTarget {
  return { request: (url, init) => Promise.resolve(t.app.request(url, init)), query: async (text) => rowsOf(await t.db.execute(sql.raw(text))) };
}

export interface CartCall {
  cookie?: string;
  body?: unknown;
  headers?: Record<string, string>;
  country?: string;
}

export function cartCall(target: CartTarget, method: string, path: string, { cookie, body, headers = {}, country }: CartCall = {}): Promise<Response> {
  const all: Record<string, string> = { ...SPA_HEADERS, ...(country ? { 'X-Site-Country': country } : {}), ...headers, ...(cookie ? { Cookie: cookie } : {}) };
  if (body === undefined) delete all['Content-Type'];
  return target.request(`${API_PREFIX}${path}`, { method, headers: all, ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }) });
}

/**
 * Variants sold in `country`, one per product, given `stock` units each (distinct per caller through
 * `offset`). Products on sale only: a coming-soon one cannot be added, whatever its stock.
 */
export async function variantsWithStock(target: CartTarget, count: number, stock: number, offset: number, country = 'SG'): Promise<number[]> {
  const rows = await target.query<{ id: number }>(
    `select min(v.id) as id from variants v join products p on p.id = v.product_id and not ('coming_soon' = any(p.badges))
     join product_prices pp on pp.product_id = v.product_id and pp.country_code = '${country}' group by v.product_id order by v.product_id limit ${count} offset ${offset}`,
  );
  const ids = rows.map((r) => Number(r.id));
  if (ids.length < count) throw new Error(`only ${ids.length} variants sold in ${country}`);
  await target.query(`update variants set stock = ${stock} where id in (${ids.join(',')})`);
  return ids;
}

/** A guest bag created by adding one unit of `variantId`: the cookie header that names it. */
export async function guestBag(target: CartTarget, variantId: number, country?: string): Promise<string> {
  const response = await cartCall(target, 'POST', '/cart/line-items', { body: { variantId, quantity: 1 }, ...(country ? { country } : {}) });
  if (response.status !== 201) throw new Error(`guest add failed: ${response.status} ${await response.text()}`);
  return cookieHeader(cookieJar(response));
}

/** Quantity of the variant's line in the bag the cookie names (0 without one). */
export async function lineQuantity(target: CartTarget, cookie: string, variantId: number): Promise<number> {
  const response = await cartCall(target, 'GET', '/cart/bag', { cookie });
  const body = (await response.json()) as { data: { lines: { quantity: number; variant: { id: number } }[] } };
  return body.data.lines.find((l) => l.variant.id === variantId)?.quantity ?? 0;
}

export interface RaceResult {
  statuses: number[];
  quantity: number;
}

/** `n` adds of one unit of `variantId` at once into the bag of `cookie`. */
export async function parallelAdds(target: CartTarget, cookie: string, variantId: number, n: number): Promise<RaceResult> {
  const responses = await Promise.all(Array.from({ length: n }, () => cartCall(target, 'POST', '/cart/line-items', { cookie, body: { variantId, quantity: 1 } })));
  await Promise.all(responses.map((r) => r.arrayBuffer()));
  return { statuses: responses.map((r) => r.status).sort(), quantity: await lineQuantity(target, cookie, variantId) };
}

/** The same add sent `n` times at once and then once more, all with one `Idempotency-Key`. */
export async function retriedAdd(target: CartTarget, cookie: string, variantId: number, n: number, key: string): Promise<RaceResult & { replayed: number }> {
  const send = () => cartCall(target, 'POST', '/cart/line-items', { cookie, body: { variantId, quantity: 1 }, headers: { 'Idempotency-Key': key } });
  const first = await Promise.all(Array.from({ length: n }, send));
  const again = await send();
  const all = [...first, again];
  await Promise.all(all.map((r) => r.arrayBuffer()));
  return {
    statuses: all.map((r) => r.status).sort(),
    replayed: all.filter((r) => r.headers.get('idempotent-replayed') === 'true').length,
    quantity: await lineQuantity(target, cookie, variantId),
  };
}
