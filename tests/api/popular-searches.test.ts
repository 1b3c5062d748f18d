import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PopularQueriesResponseSchema, SearchResponseSchema } from '../../src/contract/search.ts';
import { DEFAULT_SIGN_IN_LIMITS } from '../../src/server/auth/throttle.ts';
import { searchQueryShoppers } from '../../src/server/db/schema.ts';
import { POPULAR_MIN_SHOPPERS, POPULAR_WINDOW_DAYS } from '../../src/config/search.ts';
import { flushSearchLog } from '../../src/server/search/popular.ts';
import { createTestApp, json, type TestApp } from '../helpers/server.ts';

/*
 * Popular searches are counted per distinct shopper: a client repeating a query counts once a day,
 * a query shows only once enough different shoppers searched it, and the list is the one of the
 * shopper's language. Shoppers are told apart by their address (behind a trusted proxy here, so
 * each test client sends its own `X-Forwarded-For`); the clock is the app's, moved by the tests.
 */

const DAY_MS = 86_400_000;
// Noon in Singapore on a fixed day: every country of the store is on the same calendar day then.
const START = Date.parse('2026-03-10T04:00:00Z');
let clock = START;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedProducts: 400, signIn: { ...DEFAULT_SIGN_IN_LIMITS, trustProxy: true }, now: () => new Date(clock) });
});
afterAll(async () => {
  await t?.close();
});

interface Shopper {
  country: string;
  language?: string;
  address: string;
}

async function search(text: string, { country, language, address }: Shopper): Promise<number> {
  const response = await t.api(`/search?q=${encodeURIComponent(text)}`, { country, ...(language ? { language } : {}), headers: { 'X-Forwarded-For': address } });
  return (await json(response, SearchResponseSchema)).meta.total;
}

async function popular(country: string, language?: string): Promise<string[]> {
  const response = await t.api('/search/popular-queries', { country, ...(language ? { language } : {}) });
  expect(response.headers.get('cache-control')).toBe('public, no-cache');
  return (await json(response, PopularQueriesResponseSchema)).data.map((d) => d.query);
}

/** `n` different shoppers of `country` (addresses unique to the test through `tag`). */
const shoppers = (tag: number, n: number, country: string, language?: string): Shopper[] =>
  Array.from({ length: n }, (_, i) => ({ country, ...(language ? { language } : {}), address: `203.0.${tag}.${i + 1}` }));

describe('GET search/popular-queries', () => {
  it('lists a query once enough different shoppers searched it: one client repeating it thirty times is one shopper', async () => {
    clock = START;
    const [a, b, c] = shoppers(1, 3, 'my');
    if (!a || !b || !c) throw new Error('three shoppers');
    expect(await search('serum', a)).toBeGreaterThan(0);
    // One client pushing a word: it never reaches anyone's list.
    for (let i = 0; i < 30; i++) await search('mascara', a);
    expect(await popular('my')).toEqual([]);

    // Below the minimum of different shoppers: not listed, however often each searched.
    expect(POPULAR_MIN_SHOPPERS).toBe(3);
    for (let i = 0; i < 5; i++) await search('serum', b);
    expect(await popular('my')).toEqual([]);
    await search('serum', c);
    expect(await popular('my')).toEqual(['serum']);
    // Still one row per shopper, query and day: the database keeps the repeats out.
    await flushSearchLog(t.db);
    const rows = await t.db
      .select({ query: searchQueryShoppers.query, n: sql<number>`count(*)::int` })
      .from(searchQueryShoppers)
      .where(eq(searchQueryShoppers.country, 'MY'))
      .groupBy(searchQueryShoppers.query)
      .orderBy(searchQueryShoppers.query);
    expect(rows).toEqual([
      { query: 'mascara', n: 1 },
      { query: 'serum', n: 3 },
    ]);
  });

  it('ranks by shoppers, each counted once a day: repeats do not move a query up, another day does', async () => {
    clock = START;
    const four = shoppers(2, 4, 'nz');
    const [a, b, c, d] = four;
    if (!a || !b || !c || !d) throw new Error('four shoppers');
    for (const shopper of [a, b, c, d]) await search('lipstick', shopper);
    for (const shopper of [a, b, c]) for (let i = 0; i < 10; i++) await search('sunscreen', shopper);
    // Four shoppers before three, whatever the three repeated.
    expect(await popular('nz')).toEqual(['lipstick', 'sunscreen']);

    // The next day in New Zealand, two of the three search again: five shopper-days against four.
    clock = START + DAY_MS;
    await search('sunscreen', a);
    await search('sunscreen', a);
    await search('sunscreen', b);
    expect(await popular('nz')).toEqual(['sunscreen', 'lipstick']);

    // Past the window, nothing old is counted.
    clock = START + (POPULAR_WINDOW_DAYS + 2) * DAY_MS;
    expect(await popular('nz')).toEqual([]);
  });

  it('searches that found nothing, next pages and filtered repeats are not counted', async () => {
    clock = START;
    const three = shoppers(3, 3, 'au');
    for (const shopper of three) {
      expect(await search('zzqxv wqkj', shopper)).toBe(0);
      await t.api(`/search?q=primer&page=2&per_page=3`, { country: 'au', headers: { 'X-Forwarded-For': shopper.address } });
      await t.api(`/search?q=primer&on_sale=true`, { country: 'au', headers: { 'X-Forwarded-For': shopper.address } });
    }
    expect(await popular('au')).toEqual([]);
    // Counted as its words: case, emoji and punctuation aside.
    const [first, ...rest] = three;
    if (!first) throw new Error('a shopper');
    await search('💄 PRIMER!!', first);
    for (const shopper of rest) await search('primer', shopper);
    expect(await popular('au')).toEqual(['primer']);
  });

  it('is the list of the shopper’s language where the country has several, and of the country only', async () => {
    clock = START;
    const chinese = shoppers(4, 3, 'hk', 'zh-HK');
    const english = shoppers(5, 3, 'hk', 'en-HK');
    for (const shopper of chinese) expect(await search('粉底', shopper)).toBeGreaterThan(0);
    for (const shopper of english) expect(await search('foundation', shopper)).toBeGreaterThan(0);
    expect(await popular('hk', 'zh-HK')).toEqual(['粉底']);
    expect(await popular('hk', 'en-HK')).toEqual(['foundation']);
    // Thailand, Thai by default: nothing searched there.
    expect(await popular('th')).toEqual([]);
    await flushSearchLog(t.db);
    const languages = await t.db
      .selectDistinct({ language: searchQueryShoppers.language, query: searchQueryShoppers.query })
      .from(searchQueryShoppers)
      .where(eq(searchQueryShoppers.country, 'HK'))
      .orderBy(searchQueryShoppers.language);
    expect(languages).toEqual([
      { language: 'en', query: 'foundation' },
      { language: 'zh', query: '粉底' },
    ]);
  });

  it('stores no address: the shopper is a keyed hash', async () => {
    await flushSearchLog(t.db);
    const stored = await t.db.select({ shopper: searchQueryShoppers.shopper }).from(searchQueryShoppers);
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.every((row) => /^[A-Za-z0-9_-]{22}$/.test(row.shopper) && !row.shopper.startsWith('203.'))).toBe(true);
  });
});
