import { PGlite } from '@electric-sql/pglite';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { catalogueVersion, SummaryCache } from '../../src/server/catalog/summaries.ts';
import { catalogueVersion as catalogueVersionTable, products, variants } from '../../src/server/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';

/*
 * Product summaries kept in memory (src/server/catalog/summaries.ts) against the catalogue version
 * its trigger functions keep (src/server/db/functions/catalogue.sql): what the cache answers must
 * always be what the rows hold.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seedProducts: 40 });
});

afterAll(async () => {
  await t.close();
});

/** Counts the statements the embedded database runs while `action` runs. */
async function statementsDuring(action: () => Promise<unknown>): Promise<string[]> {
  const client = (t.db as unknown as { $client: PGlite }).$client;
  const seen: string[] = [];
  // Statements with values go through `query` (bound parameters), statements without any through `exec`.
  const exec = vi.spyOn(client, 'exec').mockImplementation(function (this: PGlite, query, options) {
    seen.push(query);
    return PGlite.prototype.exec.call(this, query, options);
  });
  const query = vi.spyOn(client, 'query').mockImplementation(function (this: PGlite, text, params, options) {
    seen.push(`${text} -- ${JSON.stringify(params ?? [])}`);
    return PGlite.prototype.query.call(this, text, params, options);
  });
  try {
    await action();
  } finally {
    exec.mockRestore();
    query.mockRestore();
  }
  return seen;
}

const ids = [1, 2, 3, 4, 5];

describe('catalogue version', () => {
  it('moves on with every statement that updates products and stamps the rows it changed', async () => {
    const before = await catalogueVersion(t.db);
    await t.db.update(products).set({ totalStock: 7 }).where(inArray(products.id, [2, 3]));
    const after = await catalogueVersion(t.db);
    expect(after).toBe(before + 1);
    const stamped = await t.db.select({ id: products.id }).from(products).where(eq(products.changeVersion, after)).orderBy(products.id);
    expect(stamped.map((r) => r.id)).toEqual([2, 3]);
    // A statement that fails writes no version.
    await expect(t.db.update(products).set({ slug: 'product-clash' }).where(inArray(products.id, [4, 5]))).rejects.toThrow();
    expect(await catalogueVersion(t.db)).toBe(after);
  });
});

describe('SummaryCache', () => {
  it('reads rows once, then answers from memory while the version stays', async () => {
    const cache = new SummaryCache();
    const version = await catalogueVersion(t.db);
    const first = await statementsDuring(() => cache.read(t.db, ids, version));
    expect(first.filter((q) => q.includes('from products'))).toHaveLength(1);
    const again = await statementsDuring(() => cache.read(t.db, ids, version));
    expect(again).toEqual([]);
    expect(cache.size).toBe(ids.length);
  });

  it('re-reads exactly the rows changed since, with what they hold now', async () => {
    const cache = new SummaryCache();
    await cache.read(t.db, ids, await catalogueVersion(t.db));
    await t.db.update(products).set({ totalStock: 0, ratingAvg: 4.9, ratingCount: 321 }).where(eq(products.id, 3));
    const version = await catalogueVersion(t.db);
    let rows = new Map();
    const statements = await statementsDuring(async () => (rows = await cache.read(t.db, ids, version)));
    // One query for what changed, one for the changed row: the four others stay in memory.
    expect(statements).toHaveLength(2);
    expect(statements[1]).toMatch(/p\.id = any\(\$1::integer\[\]\).* -- \[\[3\]\]$/);
    expect(rows.get(3)).toEqual(expect.arrayContaining([3, 4.9, 321, 0]));
  });

  it('does not keep a row read before a change that another request has already caught up with', async () => {
    const cache = new SummaryCache();
    await t.db.update(products).set({ totalStock: 11 }).where(eq(products.id, 6));
    const old = await catalogueVersion(t.db);
    await cache.read(t.db, [1], old);
    // Request A reads product 6 at the old version; its answer arrives only after request B has
    // seen a newer version (as with two connections of a pool).
    const client = (t.db as unknown as { $client: PGlite }).$client;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let heldRead = false;
    const exec = vi.spyOn(client, 'query').mockImplementation(async function (this: PGlite, text, params, options) {
      const result = await PGlite.prototype.query.call(this, text, params, options);
      if (text.includes('p.id = any($1::integer[])') && JSON.stringify(params) === '[[6]]') {
        heldRead = true;
        await held;
      }
      return result;
    });
    try {
      const a = cache.read(t.db, [6], old);
      await new Promise((resolve) => setTimeout(resolve, 20));
      await t.db.update(products).set({ totalStock: 12 }).where(eq(products.id, 6));
      const current = await catalogueVersion(t.db);
      await cache.read(t.db, [1], current);
      release();
      // The race happened: A's read of product 6 was held until B had moved the cache on.
      expect(heldRead).toBe(true);
      // A answers what it read (it was current for A's version)…
      expect((await a).get(6)?.[6]).toBe(11);
      // …but the cache, now at B's version, must not hold it.
      expect((await cache.read(t.db, [6], current)).get(6)?.[6]).toBe(12);
    } finally {
      release();
      exec.mockRestore();
    }
  });

  it('forgets everything when the version goes back (a restored database)', async () => {
    const cache = new SummaryCache();
    const version = await catalogueVersion(t.db);
    await cache.read(t.db, ids, version);
    await t.db.update(catalogueVersionTable).set({ version: 1 });
    try {
      const statements = await statementsDuring(() => cache.read(t.db, ids, 1));
      expect(statements.filter((q) => q.includes('from products'))).toHaveLength(1);
    } finally {
      await t.db.update(catalogueVersionTable).set({ version });
    }
  });

  it('refuses ids that are not integers before any SQL is written', async () => {
    const cache = new SummaryCache();
    await expect(cache.read(t.db, [1, Number.NaN], 1)).rejects.toThrow(TypeError);
    await expect(cache.read(t.db, [sql`1` as unknown as number], 1)).rejects.toThrow(TypeError);
  });
});

describe('product pages in memory', () => {
  const page = async (slug: string) => {
    const response = await t.api(`/products/${slug}`, { country: 'SG' });
    expect(response.status).toBe(200);
    return (await response.json()) as { data: { id: number; inStock: boolean; description: string; variants: { id: number; stock: number }[] } };
  };

  it('reads a page once, then only the catalogue version, until the product or a variant changes', async () => {
    const [product] = await t.db.select({ id: products.id, slug: products.slug }).from(products).where(eq(products.id, 9));
    if (!product) throw new Error('no product 9');
    await page(product.slug);
    const again = await statementsDuring(() => page(product.slug));
    // (The index may still be loading other countries' prices in the background meanwhile.)
    expect(again.filter((q) => /from (products|variants)\b/.test(q))).toEqual([]);
    expect(again.filter((q) => q.includes('catalogue_version'))).toHaveLength(1);

    const [variant] = await t.db.select({ id: variants.id }).from(variants).where(eq(variants.productId, product.id)).orderBy(variants.position).limit(1);
    if (!variant) throw new Error('no variant');
    await t.db.update(variants).set({ stock: 4321 }).where(eq(variants.id, variant.id));
    expect((await page(product.slug)).data.variants.find((v) => v.id === variant.id)?.stock).toBe(4321);

    await t.db.update(products).set({ totalStock: 0 }).where(eq(products.id, product.id));
    expect((await page(product.slug)).data.inStock).toBe(false);
    // Another product's change leaves this page in memory.
    await t.db.update(products).set({ totalStock: 5 }).where(eq(products.id, 10));
    const untouched = await statementsDuring(() => page(product.slug));
    expect(untouched.filter((q) => q.includes('from products p where p.slug'))).toEqual([]);
  });

  it('answers 404 for an unknown slug each time, and finds it once it exists', async () => {
    expect((await t.api('/products/not-a-product-yet', { country: 'SG' })).status).toBe(404);
    const [product] = await t.db.select({ slug: products.slug }).from(products).where(eq(products.id, 11));
    await t.db.update(products).set({ slug: 'not-a-product-yet' }).where(eq(products.id, 11));
    try {
      expect((await t.api('/products/not-a-product-yet', { country: 'SG' })).status).toBe(200);
    } finally {
      await t.db.update(products).set({ slug: product?.slug ?? '' }).where(eq(products.id, 11));
    }
  });
});
