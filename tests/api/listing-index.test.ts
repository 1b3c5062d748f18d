import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ProductListResponseSchema } from '../../src/contract/catalog.ts';
import { OTHER_FILTERS } from '../../src/contract/patterns.ts';
import { SearchResponseSchema } from '../../src/contract/search.ts';
import { ApiErrorBodySchema } from '../../src/contract/site.ts';
import { listingIndex } from '../../src/server/catalog/listing-index/index.ts';
import { listProducts, productFacets } from '../../src/server/catalog/products.ts';
import { queryRows } from '../../src/server/db/query.ts';
import { products, reviews } from '../../src/server/db/schema.ts';
import { insertUser } from '../helpers/auth.ts';
import { common, facetsOf, listAll as listAllOf, seededRows, sortedIds, under, type ListingRow } from '../helpers/listing.ts';
import { createTestApp, json, type TestApp } from '../helpers/server.ts';

/*
 * The listing index's facet counts (GET products/filters), search matches and freshness against
 * the database itself: every expectation below is computed from the seeded rows with plain SQL
 * (tests/helpers/listing.ts), independently of the index. GET products' filters, sorts and paging:
 * ./listing.test.ts. The last tests write to the catalogue, so they run after the others.
 */

const PRODUCTS = 300;
let t: TestApp;
let all: ListingRow[];
const rows = (country?: 'SG' | 'TH') => seededRows(t, country);
const listAll = (query: string, country?: string) => listAllOf(t, query, country);
const facets = (query: string, country?: string, language?: string) => facetsOf(t, query, country, language);

beforeAll(async () => {
  t = await createTestApp({ seedProducts: PRODUCTS });
  all = await rows();
});
afterAll(async () => {
  await t?.close();
});

describe('GET products/filters', () => {
  const total = async (query: string) => (await json(await t.api(`/products?${query}&per_page=1`), ProductListResponseSchema)).meta.total;

  it('is kept by browsers only to revalidate (prices move at any time), per language and country', async () => {
    const response = await t.api('/products/filters');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, no-cache');
    expect(response.headers.get('vary')).toBe('Accept-Language, X-Site-Country, Accept-Encoding');
  });

  it('without filters: top categories, every used brand, the full price range, all products', async () => {
    const data = await facets('');
    expect(data.total).toBe(PRODUCTS);
    expect(data.categories.map((c) => c.path)).toEqual(['makeup', 'skincare', 'hair', 'fragrance', 'bath-body', 'tools-brushes']);
    expect(data.categories.reduce((sum, c) => sum + c.count, 0)).toBe(PRODUCTS);
    for (const c of data.categories) expect(c.count, c.path).toBe(all.filter(under(c.path)).length);
    expect(data.brands.reduce((sum, b) => sum + b.count, 0)).toBe(PRODUCTS);
    expect(data.brands.map((b) => b.slug).sort()).toEqual([...new Set(all.map((r) => r.brand))].sort());
    expect(data.price).toEqual({ currency: 'SGD', min: Math.min(...all.map((r) => r.effective)) / 100, max: Math.max(...all.map((r) => r.effective)) / 100 });
    expect(data.onSale.count).toBe(all.filter((r) => r.onSale).length);
    expect(data.others.map((o) => o.code)).toEqual([...OTHER_FILTERS]);
    for (const o of data.others) expect(o.count, o.code).toBe(all.filter((r) => r.badges.includes(o.code)).length);
  });

  it('brand counts with a price range applied equal the listing totals for that brand and range', async () => {
    const prices = all.map((r) => r.effective).sort((a, b) => a - b);
    const range = `price_min=${(prices[60] ?? 0) / 100}&price_max=${(prices[220] ?? 0) / 100}`;
    const [selected] = common(all.map((r) => r.brand));
    const data = await facets(`category=makeup&${range}&brands=${selected}`);
    expect(data.brands.length).toBeGreaterThan(3);
    for (const brand of data.brands) expect(brand.count, brand.slug).toBe(await total(`category=makeup&${range}&brands=${brand.slug}`));
    // The brands filter does not narrow its own counts, but it does narrow the total.
    expect(data.total).toBe(await total(`category=makeup&${range}&brands=${selected}`));
  });

  it('category, others, on-sale and price facets each apply every other filter', async () => {
    const [brandA, brandB] = common(all.map((r) => r.brand));
    const base = `brands=${brandA},${brandB}&on_sale=true`;
    const data = await facets(`${base}&others=new&categories=skincare`);
    for (const c of data.categories) expect(c.count, c.path).toBe(await total(`${base}&others=new&categories=${c.path}`));
    for (const o of data.others) expect(o.count, o.code).toBe(await total(`${base}&categories=skincare&others=${o.code}`));
    expect(data.onSale.count).toBe(await total(`brands=${brandA},${brandB}&others=new&categories=skincare&on_sale=true`));
    expect(data.total).toBe(await total(`${base}&others=new&categories=skincare`));

    // The price facet: the range the other filters leave, whatever price range is chosen.
    const priced = await facets(`brands=${brandA}&price_min=1&price_max=2`);
    const paid = all.filter((r) => r.brand === brandA).map((r) => r.effective);
    expect(priced.price).toEqual({ currency: 'SGD', min: Math.min(...paid) / 100, max: Math.max(...paid) / 100 });
    expect(priced.total).toBe(0);
  });

  it('lists the children of the scope category with their descendants counted', async () => {
    const data = await facets('category=makeup');
    expect(data.categories.map((c) => c.path)).toEqual(['makeup/face', 'makeup/eyes', 'makeup/lips', 'makeup/nails']);
    for (const c of data.categories) expect(c.count, c.path).toBe(all.filter(under(c.path)).length);
    expect(data.total).toBe(all.filter(under('makeup')).length);
    const leaf = await facets('category=makeup/lips/lipstick');
    expect(leaf.categories).toEqual([]);
  });

  it('keeps a selected brand listed at 0 and answers zeros for an unknown scope', async () => {
    const data = await facets('brands=no-such-brand');
    expect(data.total).toBe(0);
    expect(data.brands.reduce((sum, b) => sum + b.count, 0)).toBe(PRODUCTS);
    const [brand] = common(all.map((r) => r.brand));
    const none = await facets(`brands=${brand}&price_min=999999`);
    expect(none.brands.find((b) => b.slug === brand)).toEqual({ slug: brand, name: expect.any(String), count: 0 });
    const unknown = await facets('category=nope');
    expect(unknown).toMatchObject({ total: 0, brands: [], categories: [], price: { min: null, max: null }, onSale: { count: 0 } });
  });

  it('counts in the country currency and names in the request language', async () => {
    const th = await facets('category=makeup', 'th', 'th-TH');
    expect(th.price.currency).toBe('THB');
    const thRows = (await rows('TH')).filter(under('makeup')).map((r) => r.effective);
    expect(th.price.min).toBe(Math.min(...thRows) / 100);
    expect(th.categories.every((c) => /[\u0e00-\u0e7f]/.test(c.name))).toBe(true);
    const zh = await facets('', 'hk', 'zh-HK');
    expect(zh.categories[0]?.name).toBe('彩妝');
    expect(zh.price.currency).toBe('HKD');
  });

  it('with q, counts the search results: the same total as GET search', async () => {
    const [brand] = common(all.map((r) => r.brand));
    const name = (await json(await t.api(`/products?brands=${brand}&per_page=1`), ProductListResponseSchema)).data[0]?.brand.name ?? '';
    const q = encodeURIComponent(name.split(' ')[0] ?? '');
    const search = await json(await t.api(`/search?q=${q}&on_sale=true`), SearchResponseSchema);
    const data = await facets(`q=${q}&on_sale=true`);
    expect(search.meta.total).toBeGreaterThan(0);
    expect(data.total).toBe(search.meta.total);
    expect(data.total).toBeLessThan((await facets(`q=${q}`)).total);
    expect((await json(await t.api(`/products/filters?q=${'x'.repeat(201)}`), ApiErrorBodySchema, 400)).errors?.map((e) => e.field)).toEqual(['query.q']);
  });
});

describe('listProducts with searchTerms (what GET search passes)', () => {
  const site = { country: 'SG', language: 'en' } as const;
  const matching = async (groups: number[][]) => {
    const where = sql.join(
      groups.map((group) => sql`search_terms && ${sql.raw(`ARRAY[${group.join(',')}]::int[]`)}`),
      sql` and `,
    );
    const result = await t.db.execute(sql`select id from products where ${where} order by id`);
    return (result as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
  };

  it('matches products sharing a term with every group, with filters, sort and paging', async () => {
    const result = await t.db.execute(sql`select search_terms from products where array_length(search_terms, 1) > 3 order by id limit 1`);
    const terms = (result as unknown as { rows: { search_terms: number[] }[] }).rows[0]?.search_terms ?? [];
    expect(terms.length).toBeGreaterThan(3);
    const groups = [[terms[0] ?? 0, terms[1] ?? 0], [terms[2] ?? 0]];
    const expected = await matching(groups);
    expect(expected.length).toBeGreaterThan(0);
    const page = await listProducts(t.db, site, { searchTerms: groups, sort: 'price_asc', page: 1, perPage: 100 });
    expect(page.meta.total).toBe(expected.length);
    expect(sortedIds(page.data)).toEqual(expected);
    const paid = page.data.map((p) => (p.salePrice ?? p.price).amount);
    expect(paid).toEqual([...paid].sort((a, b) => a - b));
    const onSale = await listProducts(t.db, site, { searchTerms: groups, onSale: true, sort: 'featured', page: 1, perPage: 100 });
    expect(sortedIds(onSale.data)).toEqual(expected.filter((id) => all.find((r) => r.id === id)?.onSale));
    const facets = await productFacets(t.db, site, { searchTerms: groups });
    expect(facets.total).toBe(expected.length);
    expect(facets.onSale.count).toBe(onSale.meta.total);
  });

  it('keeps the matches of a search, and never answers one search with another', async () => {
    // a and c from one product, b from one without a: "a or b" and "a and b" differ.
    const first = await t.db.execute(sql`select search_terms from products where array_length(search_terms, 1) > 3 order by id desc limit 1`);
    const [a = 0, , c = 0] = (first as unknown as { rows: { search_terms: number[] }[] }).rows[0]?.search_terms ?? [];
    const other = await t.db.execute(sql`select search_terms[1] as b from products where not (search_terms @> ${sql.raw(`ARRAY[${a}]::int[]`)}) order by id limit 1`);
    const b = (other as unknown as { rows: { b: number }[] }).rows[0]?.b ?? 0;
    expect((await matching([[a, b]])).length).toBeGreaterThan((await matching([[a], [b]])).length);
    const searches = [[[a, b], [c]], [[b, a], [c]], [[c], [a, b]], [[a]], [[a, b]], [[a], [b]], [[b], [a]]];
    const totals = [];
    for (const searchTerms of searches) {
      const page = await listProducts(t.db, site, { searchTerms, sort: 'featured', page: 1, perPage: 100 });
      expect(sortedIds(page.data), JSON.stringify(searchTerms)).toEqual(await matching(searchTerms));
      totals.push(page.meta.total);
    }
    // Each again, in another order: what was kept is what they match.
    for (const [i, searchTerms] of [...searches.entries()].reverse()) {
      expect((await listProducts(t.db, site, { searchTerms, sort: 'featured', page: 1, perPage: 100 })).meta.total).toBe(totals[i]);
    }
    const index = await listingIndex(t.db);
    expect(await index.searchMatches(t.db, [[b, a], [c]])).toBe(await index.searchMatches(t.db, [[a, b], [c]]));
  });

  it('matches nothing for no groups, an empty group or unknown terms', async () => {
    for (const searchTerms of [[], [[]], [[999_999_999]], [[1], []]]) {
      const page = await listProducts(t.db, site, { searchTerms, sort: 'featured', page: 1, perPage: 24 });
      expect(page, JSON.stringify(searchTerms)).toEqual({ data: [], meta: { page: 1, perPage: 24, total: 0, totalPages: 0 } });
      expect((await productFacets(t.db, site, { searchTerms })).total).toBe(0);
    }
  });
});

describe('listing freshness', () => {
  it('reads stock live: a product sold out now shows out_of_stock at once', async () => {
    const list = (await json(await t.api('/products?category=hair&per_page=100'), ProductListResponseSchema)).data;
    const first = list.find((p) => p.inStock);
    if (!first) throw new Error('no hair product in stock');
    await t.db.update(products).set({ totalStock: 0 }).where(eq(products.id, first.id));
    const again = (await json(await t.api('/products?category=hair&per_page=100'), ProductListResponseSchema)).data.find((p) => p.id === first.id);
    expect(again).toMatchObject({ id: first.id, inStock: false });
    expect(again?.badges).toContain('out_of_stock');
  });

  it('reorders top rated as soon as a review changes a rating', async () => {
    const scope = 'category=fragrance&sort=top_rated';
    const before = (await listAll(scope)).data;
    const last = before[before.length - 1];
    if (!last) throw new Error('no fragrance product');
    const user = await insertUser(t.db);
    await t.db.insert(reviews).values({ productId: last.id, userId: user.id, rating: 5, title: 'Best', body: 'Best ever', authorName: 'Test U.' });
    await t.db.update(products).set({ ratingAvg: 5, ratingCount: 100_000 }).where(eq(products.id, last.id));
    const after = (await listAll(scope)).data;
    expect(after[0]).toMatchObject({ id: last.id, rating: { average: 5, count: 100_000 } });
    expect(sortedIds(after)).toEqual(sortedIds(before));
  });
});

describe('listing index freshness (5 minutes)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts again after 5 minutes and takes in products added meanwhile', async () => {
    const scope = 'category=bath-body&per_page=1';
    const before = (await json(await t.api(`/products?${scope}`), ProductListResponseSchema)).meta.total;
    const facetsBefore = await facets('category=bath-body');
    // A copy of a bath-body product, as a later import would add it.
    await t.db.execute(sql`
      insert into products (id, slug, brand_id, category_id, name, description, ingredients, how_to_use, shape, badges, rating_avg, rating_count, created_at, featured_rank, total_stock, variant_count)
      select 100000 + id, slug || '-copy', brand_id, category_id, name, description, ingredients, how_to_use, shape, badges, rating_avg, rating_count, created_at, featured_rank, total_stock, variant_count
      from products where id = (select p.id from products p join categories c on c.id = p.category_id where c.path like 'bath-body/%' order by p.id limit 1)`);
    await t.db.execute(sql`insert into variants (id, product_id, sku, kind, name, color_hex, stock, position) select 900000 + id, 100000 + product_id, sku || '-copy', kind, name, color_hex, stock, position from variants where product_id in (select id - 100000 from products where id > 100000)`);
    await t.db.execute(sql`insert into product_prices (product_id, country_code, amount_minor, sale_amount_minor, effective_minor) select 100000 + product_id, country_code, amount_minor, sale_amount_minor, effective_minor from product_prices where product_id in (select id - 100000 from products where id > 100000)`);
    // Within the 5 minutes the listing is what it was.
    expect((await json(await t.api(`/products?${scope}`), ProductListResponseSchema)).meta.total).toBe(before);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 301_000 });
    let after = before;
    for (let attempt = 0; attempt < 50 && after === before; attempt++) {
      after = (await json(await t.api(`/products?${scope}`), ProductListResponseSchema)).meta.total;
      if (after === before) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(after).toBe(before + 1);
    const copy = await json(await t.api('/products?category=bath-body&sort=newest&per_page=100'), ProductListResponseSchema);
    expect(copy.data.some((p) => p.id > 100_000 && p.slug.endsWith('-copy'))).toBe(true);
    expect((await facets('category=bath-body')).total).toBe(facetsBefore.total + 1);
  });
});

describe('queryRows on PGlite', () => {
  it('binds parameters: hostile text stays a value', async () => {
    const hostile = "x'); drop table products; --";
    const count = async () => (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from products`))[0]?.n;
    const stored = await count();
    expect(stored).toBeGreaterThanOrEqual(PRODUCTS);
    const [row] = await queryRows<{ text: string; n: number; q: string }>(t.db, sql`select ${hostile}::text as text, ${42}::int as n, ${"it's"}::text as q`);
    expect(row).toEqual({ text: hostile, n: 42, q: "it's" });
    expect(await count()).toBe(stored);
    const [flag] = await queryRows<{ b: boolean }>(t.db, sql`select ${true}::boolean as b`);
    expect(flag?.b).toBe(true);
  });
});
