import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COUNTRY_CODES } from '../../src/config/countries.ts';
import { PRODUCT_SORTS } from '../../src/contract/patterns.ts';
import { keyedFilter } from '../../src/server/catalog/filters.ts';
import { catalogueFingerprint } from '../../src/server/catalog/listing-index/build.ts';
import { indexSnapshotFile, ListingIndex } from '../../src/server/catalog/listing-index/index.ts';
import { catalogueRefs } from '../../src/server/catalog/refs.ts';
import { productPrices, products, variants } from '../../src/server/db/schema.ts';
import { LISTING_SNAPSHOT_FILE } from '../../src/server/env.ts';
import { startServer } from '../../src/server/server.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';

/*
 * The listing index saved beside the embedded database (src/server/catalog/listing-index/snapshot.ts):
 * an index restored from a snapshot must answer exactly as the one built from the database, and a
 * snapshot that is not of the current catalogue, or is damaged, must never be used.
 */

let t: TestApp;
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'bp-snapshot-'));
  dirs.push(dir);
  return dir;
};

beforeAll(async () => {
  t = await createTestApp({ seedProducts: 120 });
});

afterAll(async () => {
  await t.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Every sort of a few filters in every country, with the search postings, as one comparable value. */
async function answers(index: ListingIndex) {
  const refs = await catalogueRefs(t.db);
  const brand = refs.brandList[0]?.slug ?? '';
  const filters = [{}, { category: 'makeup' }, { brands: [brand], onSale: true }, { priceMin: 10, priceMax: 40, others: ['new' as const] }, { searchTerms: [[1, 2, 3], [4, 5]] }];
  // Product ids and pictures by position, then every answer.
  const out: unknown[] = [[...index.ids], [...index.cover]];
  for (const country of COUNTRY_CODES) {
    for (const filter of filters) {
      const keyed = keyedFilter(refs, filter);
      for (const sort of PRODUCT_SORTS) out.push(await index.pageOfIds(t.db, country, keyed, sort, 0, 500));
      out.push(await index.facetCounts(t.db, country, keyed));
    }
  }
  return out;
}

describe('listing index snapshot', () => {
  it('restores an index that answers every filter, sort and country exactly as the built one', async () => {
    const fingerprint = await catalogueFingerprint(t.db);
    const built = await ListingIndex.build(t.db, fingerprint);
    const store = indexSnapshotFile(path.join(tempDir(), 'index.snapshot'));
    await store.save(t.db, built);
    const restored = store.load(fingerprint);
    expect(restored).not.toBeNull();
    if (!restored) return;
    expect(restored.size).toBe(built.size);
    expect(await answers(restored)).toEqual(await answers(built));
  });

  it('is not used for another catalogue, another format, a damaged or a cut file', async () => {
    const fingerprint = await catalogueFingerprint(t.db);
    const file = path.join(tempDir(), 'index.snapshot');
    const logs: string[] = [];
    const store = indexSnapshotFile(file, (line) => logs.push(line));
    expect(store.load(fingerprint)).toBeNull();
    await store.save(t.db, await ListingIndex.build(t.db, fingerprint));
    expect(store.load(fingerprint)).not.toBeNull();
    expect(store.load(`${fingerprint}x`)).toBeNull();

    const good = readFileSync(file);
    const damaged = Buffer.from(good);
    damaged[damaged.length - 5] = (damaged[damaged.length - 5] ?? 0) ^ 0xff;
    writeFileSync(file, damaged);
    expect(store.load(fingerprint)).toBeNull();
    expect(logs.join('\n')).toMatch(/damaged/);

    writeFileSync(file, good.subarray(0, good.length - 1000));
    expect(store.load(fingerprint)).toBeNull();
    writeFileSync(file, 'not a snapshot');
    expect(store.load(fingerprint)).toBeNull();
    const headerLength = good.readUInt32LE(0);
    const header = JSON.parse(good.toString('utf8', 4, 4 + headerLength)) as { format: number };
    const otherFormat = Buffer.from(good);
    otherFormat.write(JSON.stringify({ ...header, format: header.format + 1 }).slice(0, headerLength).padEnd(headerLength), 4);
    writeFileSync(file, otherFormat);
    expect(store.load(fingerprint)).toBeNull();
  });

  it('has a fingerprint that moves with every write the index holds, and not with stock or ratings', async () => {
    const moves = async (write: () => Promise<unknown>) => {
      const before = await catalogueFingerprint(t.db);
      await write();
      return (await catalogueFingerprint(t.db)) !== before;
    };
    expect(await moves(() => t.db.update(products).set({ totalStock: 3, ratingAvg: 4.2, ratingCount: 9 }).where(eq(products.id, 5)))).toBe(false);
    expect(await moves(() => t.db.update(productPrices).set({ effectiveMinor: 1234 }).where(eq(productPrices.productId, 5)))).toBe(true);
    expect(await moves(() => t.db.update(products).set({ badges: ['new'] }).where(eq(products.id, 5)))).toBe(true);
    expect(await moves(() => t.db.update(products).set({ featuredRank: 999_999 }).where(eq(products.id, 6)))).toBe(true);
    expect(await moves(() => t.db.update(variants).set({ position: 9 }).where(eq(variants.productId, 6)))).toBe(true);
    expect(await moves(() => t.db.execute(sql`delete from product_prices where product_id = 7 and country_code = 'TH'`))).toBe(true);
  });
});

describe('server start with a snapshot', () => {
  it('saves the index beside the database and starts from it, answering as before', async () => {
    const dataDir = tempDir();
    const first = await startServer({ port: 0, hostname: '127.0.0.1', dataDir, seedProducts: 60, staticDir: null });
    const url = '/api/web/v1/products?category=skincare&sort=price_desc&per_page=50';
    const ask = async (base: string) => (await fetch(`${base}${url}`, { headers: { 'X-Platform': 'web', 'X-Site-Country': 'th' } })).text();
    let before = '';
    try {
      before = await ask(first.url);
      // Saved once every country's prices and the search postings are loaded (in the background).
      for (let i = 0; i < 100 && !existsSync(path.join(dataDir, LISTING_SNAPSHOT_FILE)); i++) await new Promise((r) => setTimeout(r, 100));
    } finally {
      await first.close();
    }
    expect(existsSync(path.join(dataDir, LISTING_SNAPSHOT_FILE))).toBe(true);
    const build = vi.spyOn(ListingIndex, 'build');
    const second = await startServer({ port: 0, hostname: '127.0.0.1', dataDir, seedProducts: 60, staticDir: null });
    try {
      expect(await ask(second.url)).toBe(before);
      expect((JSON.parse(before) as { meta: { total: number } }).meta.total).toBeGreaterThan(0);
      // The running index is the snapshot's: nothing was built from the database.
      expect(build).not.toHaveBeenCalled();
    } finally {
      build.mockRestore();
      await second.close();
    }
  });
});

