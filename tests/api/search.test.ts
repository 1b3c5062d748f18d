import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductListResponseSchema } from '../../src/contract/catalog.ts';
import { SearchResponseSchema, SuggestionsResponseSchema } from '../../src/contract/search.ts';
import { ApiErrorBodySchema } from '../../src/contract/site.ts';
import { products, searchIndexState, searchSuggestionKeys, searchWords } from '../../src/server/db/schema.ts';
import { buildSearchIndex, rebuildSearchIndexIfStale, searchIndexIsCurrent } from '../../src/server/search/build.ts';
import { createTestApp, json, type ApiRequestOptions, type TestApp } from '../helpers/server.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedProducts: 400 });
});
afterAll(async () => {
  await t?.close();
});

const search = async (query: string, options?: ApiRequestOptions) => json(await t.api(`/search?${query}`, options), SearchResponseSchema);
const suggestions = async (q: string, options?: ApiRequestOptions) =>
  (await json(await t.api(`/search/suggestions?q=${encodeURIComponent(q)}`, options), SuggestionsResponseSchema)).data;
const listing = async (query: string, options?: ApiRequestOptions) => json(await t.api(`/products?${query}`, options), ProductListResponseSchema);

const FOUNDATION = 'makeup/face/foundation';
const q = (text: string) => `q=${encodeURIComponent(text)}`;

describe('search index', () => {
  it('is built with the seed: a vocabulary per language, every product with terms, typeahead keys', async () => {
    expect(await searchIndexIsCurrent(t.db)).toBe(true);
    const languages = await t.db.select({ language: searchWords.language, n: sql<number>`count(*)::int` }).from(searchWords).groupBy(searchWords.language);
    expect(languages.map((l) => l.language).sort()).toEqual(['en', 'id', 'th', 'zh']);
    const [foundation] = await t.db.select().from(searchWords).where(eq(searchWords.word, 'foundation'));
    const { total } = (await listing(`category=${FOUNDATION}&per_page=1`)).meta;
    // Weight: products using the word (foundations, and foundation brushes or sponges if any).
    expect(foundation?.weight).toBeGreaterThanOrEqual(total);
    const [empty] = await t.db.select({ n: sql<number>`count(*)::int` }).from(products).where(sql`cardinality(${products.searchTerms}) = 0`);
    expect(empty?.n).toBe(0);
    const [keys] = await t.db.select({ n: sql<number>`count(*)::int` }).from(searchSuggestionKeys);
    expect(keys?.n).toBeGreaterThan(1000);
  });

  it('rebuilds to the same vocabulary and results (start-up of a database without an index)', async () => {
    const before = await search(`${q('velvet')}&per_page=100`);
    const words = await t.db.select({ n: sql<number>`count(*)::int` }).from(searchWords);
    // What a server start does: nothing while the index is current, a rebuild when it is missing or older.
    expect(await rebuildSearchIndexIfStale(t.db)).toBeNull();
    await t.db.delete(searchIndexState);
    expect(await searchIndexIsCurrent(t.db)).toBe(false);
    const stats = await rebuildSearchIndexIfStale(t.db);
    expect(stats?.products).toBe(400);
    expect(await searchIndexIsCurrent(t.db)).toBe(true);
    await t.db.transaction((tx) => buildSearchIndex(tx));
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(searchWords)).toEqual(words);
    expect((await search(`${q('velvet')}&per_page=100`)).data.map((p) => p.slug)).toEqual(before.data.map((p) => p.slug));
  });
});

describe('GET search', () => {
  it('finds foundations despite a typing mistake and names the correction', async () => {
    const foundations = await listing(`category=${FOUNDATION}&per_page=100`);
    expect(foundations.meta.total).toBeGreaterThan(0);
    const response = await t.api(`/search?${q('Fundation')}&per_page=100`);
    expect(response.headers.get('cache-control')).toBe('public, no-cache');
    expect(response.headers.get('vary')).toBe('Accept-Language, X-Site-Country, Accept-Encoding');
    const result = await json(response, SearchResponseSchema);
    expect(result.meta).toMatchObject({ query: 'fundation', corrected: 'foundation' });
    expect(result.data.map((p) => p.slug).sort()).toEqual(foundations.data.map((p) => p.slug).sort());
    for (const product of result.data) expect(product.name).toMatch(/Foundation/);

    const exact = await search(`${q('foundation')}&per_page=100`);
    expect(exact.meta.corrected).toBeNull();
    expect(exact.meta.total).toBe(result.meta.total);
  });

  it('matches every word, in any order, accents and case aside', async () => {
    const [product] = (await listing('per_page=1&brand=lumiere-atelier')).data;
    if (!product) throw new Error('no Lumière Atelier product in the seed');
    const [first, ...rest] = product.name.toLowerCase().split(' ');
    const result = await search(`${q(`${rest.join(' ')} LUMIERE ${first ?? ''}`)}&per_page=100`);
    expect(result.data.map((p) => p.slug)).toContain(product.slug);
    for (const found of result.data) expect(found.brand.slug).toBe('lumiere-atelier');
  });

  it('finds products by their Thai and Chinese names (no spaces between words)', async () => {
    const th = { country: 'th', language: 'th-TH' };
    const thai = await search(`${q('รองพื้น')}&per_page=100`, th);
    const thaiFoundations = await listing(`category=${FOUNDATION}&per_page=100`, th);
    expect(thai.meta.total).toBe(thaiFoundations.meta.total);
    for (const product of thai.data) expect(product.name).toContain('รองพื้น');

    const hk = { country: 'hk', language: 'zh-HK' };
    const chinese = await search(`${q('粉底')}&per_page=100`, hk);
    expect(chinese.meta.total).toBeGreaterThanOrEqual(thai.meta.total);
    for (const product of chinese.data) expect(product.name).toContain('粉底');

    // A whole name, cut by the dictionary differently from its words alone, still finds the product.
    const [sample] = (await listing('per_page=1&sort=newest', hk)).data;
    if (!sample) throw new Error('empty catalogue');
    const byName = await search(`${q(sample.name)}&brands=${sample.brand.slug}&per_page=100`, hk);
    expect(byName.data.map((p) => p.slug)).toContain(sample.slug);
    const [thaiSample] = (await listing('per_page=1&sort=newest', th)).data;
    if (!thaiSample) throw new Error('empty catalogue');
    const byThaiName = await search(`${q(thaiSample.name)}&brands=${thaiSample.brand.slug}&per_page=100`, th);
    expect(byThaiName.data.map((p) => p.slug)).toContain(thaiSample.slug);
  });

  it('ignores emoji next to words; only emoji or punctuation find nothing (200, not an error)', async () => {
    const withEmoji = await search(`${q('💄 fundation ✨')}&per_page=100`);
    expect(withEmoji.meta.corrected).toBe('💄 foundation ✨');
    expect(withEmoji.meta.total).toBe((await search(q('foundation'))).meta.total);
    for (const text of ['💄💋', '?!…', '---']) {
      const result = await search(q(text));
      expect(result.data).toEqual([]);
      expect(result.meta).toMatchObject({ total: 0, totalPages: 0, corrected: null });
    }
    const nothing = await search(q('zzqxv wqkj'));
    expect(nothing.meta.total).toBe(0);
  });

  it('refuses an empty, missing or 10,000-character query with a 400 on q', async () => {
    for (const query of ['q=', 'q=%20%20', '', `q=${'a'.repeat(10_000)}`]) {
      const response = await t.api(`/search?${query}`);
      expect(response.status).toBe(400);
      const body = v.parse(ApiErrorBodySchema, await response.json());
      expect(JSON.stringify(body)).toContain('q');
    }
  });

  it('applies the listing filters and sort to the results', async () => {
    const all = await search(`${q('cream')}&per_page=100`);
    const onSale = await search(`${q('cream')}&on_sale=true&sort=price_asc&per_page=100`);
    expect(onSale.meta.total).toBeGreaterThan(0);
    expect(onSale.meta.total).toBeLessThan(all.meta.total);
    for (const product of onSale.data) expect(product.salePrice).not.toBeNull();
    const paid = onSale.data.map((p) => (p.salePrice ?? p.price).amount);
    expect(paid).toEqual([...paid].sort((a, b) => a - b));

    const brand = all.data[0]?.brand.slug ?? '';
    const byBrand = await search(`${q('cream')}&brands=${brand}&sort=price_desc&per_page=100`);
    expect(byBrand.meta.total).toBeGreaterThan(0);
    for (const product of byBrand.data) expect(product.brand.slug).toBe(brand);
    const desc = byBrand.data.map((p) => (p.salePrice ?? p.price).amount);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));

    const outside = await search(`${q('cream')}&category=fragrance`);
    expect(outside.meta.total).toBe(0);
  });

  it('pages like the listing, and a page past the end is empty with the total kept', async () => {
    const first = await search(`${q('cream')}&per_page=3&page=1`);
    const second = await search(`${q('cream')}&per_page=3&page=2`);
    expect(first.meta.total).toBeGreaterThan(6);
    expect(first.meta.totalPages).toBe(Math.ceil(first.meta.total / 3));
    expect(second.data.map((p) => p.slug)).not.toContain(first.data[0]?.slug);
    const past = await search(`${q('cream')}&per_page=3&page=999`);
    expect(past.data).toEqual([]);
    expect(past.meta).toMatchObject({ page: 999, total: first.meta.total });
  });
});

describe('GET search/suggestions', () => {
  it('suggests terms, products, brands and categories that start with the typed text, echoing it', async () => {
    const response = await t.api(`/search/suggestions?q=Fou`);
    expect(response.headers.get('cache-control')).toBe('public, no-cache');
    const data = (await json(response, SuggestionsResponseSchema)).data;
    expect(data.query).toBe('Fou');
    expect(data.corrected).toBeNull();
    expect(data.terms.length).toBeGreaterThan(0);
    for (const term of data.terms) expect(term.text).toMatch(/(^|\s)fou/);
    expect(data.categories.map((c) => c.path)).toContain(FOUNDATION);
    expect(data.products.length).toBeGreaterThan(0);
    for (const product of data.products) expect(product.name.toLowerCase()).toMatch(/(^|\s)fou/);
    expect(data.products[0]?.imageUrl).toMatch(/\/media\/products\/\d+\/\d+\.svg$/);

    const brands = await suggestions('ki');
    expect(brands.brands).toContainEqual({ slug: 'kirei-lab', name: 'Kirei Lab' });
    for (const brand of brands.brands) expect(brand.name.toLowerCase()).toMatch(/(^|\s)ki/);
    const brandProducts = await suggestions('kirei');
    expect(brandProducts.products.length).toBeGreaterThan(0);
    for (const product of brandProducts.products) expect(product.brandName).toBe('Kirei Lab');
  });

  it('completes several words and any word of a name', async () => {
    const data = await suggestions('velvet ma');
    expect(data.terms.length).toBeGreaterThan(0);
    for (const term of data.terms) expect(term.text).toMatch(/^velvet ma/);
    const inside = await suggestions('matte');
    expect(inside.terms.length).toBeGreaterThan(0);
    for (const term of inside.terms) expect(term.text).toMatch(/(^|\s)matte/);
  });

  it('suggests in Thai and Chinese', async () => {
    const thai = await suggestions('รองพ', { country: 'th', language: 'th-TH' });
    expect(thai.categories.map((c) => c.path)).toContain(FOUNDATION);
    for (const term of thai.terms) expect(term.text).toContain('รองพ');
    const chinese = await suggestions('粉底', { country: 'hk', language: 'zh-HK' });
    expect(chinese.categories).toContainEqual({ path: FOUNDATION, name: '粉底' });
    // Chinese names are found from any character, not only the start of the name.
    expect(chinese.terms.length).toBeGreaterThan(0);
    for (const term of chinese.terms) expect(term.text).toContain('粉底');
    // A Latin brand typed on a Thai site is still a brand.
    expect((await suggestions('kirei', { country: 'th', language: 'th-TH' })).brands).toContainEqual({ slug: 'kirei-lab', name: 'Kirei Lab' });
  });

  it('corrects a typing mistake in what is typed so far', async () => {
    for (const typed of ['fundation', 'fundat']) {
      const data = await suggestions(typed);
      expect(data.query).toBe(typed);
      expect(data.corrected).toBe('foundation');
      expect(data.categories.map((c) => c.path)).toContain(FOUNDATION);
      for (const term of data.terms) expect(term.text).toContain('foundation');
    }
  });

  it('answers nothing (200) for emoji and unknown text, and 400 for an empty or 10,000-character one', async () => {
    for (const typed of ['💄', 'zzqxv']) {
      expect(await suggestions(typed)).toEqual({ query: typed, corrected: null, terms: [], products: [], brands: [], categories: [] });
    }
    expect((await t.api('/search/suggestions?q=')).status).toBe(400);
    expect((await t.api(`/search/suggestions?q=${'a'.repeat(10_000)}`)).status).toBe(400);
  });
});
