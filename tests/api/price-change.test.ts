// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../src/config/constants.ts';
import { createApp, type App } from '../../src/server/app.ts';
import { checkedApp } from '../helpers/api-contract.ts';
import type { Db } from '../../src/server/db/client.ts';
import { rowsOf } from '../../src/server/db/query.ts';
import * as schema from '../../src/server/db/schema.ts';
import * as entry from '../../src/web/app/entry-server.tsx';
import { priceAndStockChangeScenario, type ServerInstance } from '../helpers/price-change.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';

/*
 * Two server processes' worth of caches on one database: two apps, each over its own Db object
 * (the listing index, card cache and page cache are kept per Db), both rendering pages.
 */

const TEMPLATE = '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Beauty Pass</title></head><body><div id="root"></div></body></html>';

let dir: string;
let t: TestApp;
let second: App;
const logs: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'bp-price-change-'));
  writeFileSync(path.join(dir, 'index.html'), TEMPLATE);
  t = await createTestApp({ seedProducts: 40, staticDir: dir, pages: entry });
  // The same PGlite under a second Db: what a second process on the same database holds apart.
  const client = (t.db as unknown as { $client: PGlite }).$client;
  const other = drizzle({ client, schema }) as unknown as Db;
  second = checkedApp(createApp({ db: other, staticDir: dir, pages: entry, sandbox: true, log: (line) => logs.push(line) }));
  // Opening, migrating and seeding PGlite takes a minute on a busy 2-core machine.
}, 180_000);
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const instance = (name: string, app: App): ServerInstance => ({ name, pages: true, request: (url, init) => Promise.resolve(app.request(url, init)) });

describe('a price and a stock level written by SQL', () => {
  it('show on the next request on every instance: product JSON, listings by and within price, the bag and the page', async () => {
    await priceAndStockChangeScenario({
      instances: [instance('first', t.app), instance('second', second)],
      query: async <T,>(text: string) => rowsOf<T>(await t.db.execute(sql.raw(text))),
    });
    // No request failed on either instance (a 500 logs its stack).
    expect([...t.logs, ...logs].filter((line) => /failed|"status":5\d\d/i.test(line))).toEqual([]);
  });

  it('keeps the price order exact through many writes on another instance: prices moved, one removed, one added back', async () => {
    const query = async <T,>(text: string) => rowsOf<T>(await t.db.execute(sql.raw(text)));
    const headers = { 'X-Platform': 'web', 'X-Site-Country': 'sg' };
    const listed = async () => {
      const response = await second.request(`${API_PREFIX}/products?sort=price_asc&per_page=100`, { headers });
      const { data, meta } = (await response.json()) as { data: { id: number }[]; meta: { total: number } };
      return { ids: data.map((p) => p.id), total: meta.total };
    };
    const expected = async () => {
      const rows = await query<{ id: number }>(`select product_id as id from product_prices where country_code = 'SG' order by effective_minor, product_id`);
      return { ids: rows.map((r) => Number(r.id)), total: rows.length };
    };
    expect(await listed()).toEqual(await expected());
    // Prices of a third of the products scattered over the range, in one statement.
    await query(`update product_prices set amount_minor = (product_id * 7919) % 9000 + 100, effective_minor = (product_id * 7919) % 9000 + 100, sale_amount_minor = null where country_code = 'SG' and product_id % 3 = 0`);
    expect(await listed()).toEqual(await expected());
    const [removed] = await query<{ id: number; amount: number }>(`delete from product_prices where country_code = 'SG' and product_id = (select max(product_id) from product_prices where country_code = 'SG') returning product_id as id, amount_minor as amount`);
    if (!removed) throw new Error('no price removed');
    const without = await listed();
    expect(without.ids).not.toContain(Number(removed.id));
    expect(without).toEqual(await expected());
    await query(`insert into product_prices (product_id, country_code, amount_minor, sale_amount_minor, effective_minor) values (${Number(removed.id)}, 'SG', 5000, 4000, 4000)`);
    expect(await listed()).toEqual(await expected());
    expect((await expected()).ids).toContain(Number(removed.id));
  });

  it('kept by a browser or CDN only to revalidate: 304 while unchanged, the new price once it moved', async () => {
    const query = async <T,>(text: string) => rowsOf<T>(await t.db.execute(sql.raw(text)));
    const [product] = await query<{ id: number; slug: string; amount: number }>(
      `select p.id, p.slug, pp.effective_minor as amount from products p join product_prices pp on pp.product_id = p.id and pp.country_code = 'SG' order by p.id limit 1`,
    );
    if (!product) throw new Error('no product');
    const headers = { 'X-Platform': 'web', 'X-Site-Country': 'sg', 'Accept-Language': 'en-SG' };
    const paths = [`${API_PREFIX}/products/${product.slug}`, `/products/${product.slug}`];
    const tags: string[] = [];
    for (const path of paths) {
      const first = await second.request(path, { headers });
      expect(first.status, path).toBe(200);
      expect(first.headers.get('cache-control'), path).toBe('public, no-cache');
      const tag = first.headers.get('etag') ?? '';
      expect(tag, path).toMatch(/^(W\/)?"[^"]+"$/);
      tags.push(tag);
      const again = await second.request(path, { headers: { ...headers, 'If-None-Match': tag } });
      expect(again.status, path).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('cache-control'), path).toBe('public, no-cache');
    }
    const price = Number(product.amount) + 100;
    await query(`update product_prices set amount_minor = ${price}, effective_minor = ${price}, sale_amount_minor = null where product_id = ${product.id} and country_code = 'SG'`);
    for (const [i, path] of paths.entries()) {
      const revalidated = await second.request(path, { headers: { ...headers, 'If-None-Match': tags[i] ?? '' } });
      expect(revalidated.status, path).toBe(200);
      expect(await revalidated.text(), path).toContain(`"amount":${price / 100}`);
    }
  });
});
