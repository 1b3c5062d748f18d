import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { OTHER_FILTERS, ProductFiltersResponseSchema, ProductListResponseSchema, type ProductFilters, type ProductSummary } from '../../src/contract/catalog.ts';
import { SearchResponseSchema } from '../../src/contract/search.ts';
import { ApiErrorBodySchema } from '../../src/contract/site.ts';
import { listingIndex } from '../../src/server/catalog/listing-index/index.ts';
import { readRows } from '../../src/server/db/rows.ts';
import { listProducts, productFacets } from '../../src/server/catalog/products.ts';
import { products, reviews } from '../../src/server/db/schema.ts';
import { insertUser } from '../helpers/auth.ts';
import { createTestApp, json, type TestApp } from '../helpers/server.ts';

/*
 * Listings and their filters against the database itself: every expectation below is computed
 * from the seeded rows with plain SQL, independently of the server's listing index.
 */

const PRODUCTS = 300;
let t: TestApp;

interface Row {
  id: number;
  brand: string;
  path: string;
  badges: string[];
  effective: number;
  regular: number;
  onSale: boolean;
  featuredRank: number;
  createdAt: number;
  rating: number;
  ratingCount: number;
}

/** Every product with its SG or TH price, as the database has it. */
async function rows(country: 'SG' | 'TH' = 'SG'): Promise<Row[]> {
  const result = await t.db.execute(sql`
    select p.id, b.slug as brand, c.path, p.badges, pp.effective_minor, pp.amount_minor, pp.sale_amount_minor is not null as on_sale,
      p.featured_rank, extract(epoch from p.created_at) * 1000 as created, p.rating_avg, p.rating_count
    from products p join brands b on b.id = p.brand_id join categories c on c.id = p.category_id
    join product_prices pp on pp.product_id = p.id and pp.country_code = ${country}`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => ({
    id: Number(r['id']),
    brand: String(r['brand']),
    path: String(r['path']),
    badges: r['badges'] as string[],
    effective: Number(r['effective_minor']),
    regular: Number(r['amount_minor']),
    onSale: Boolean(r['on_sale']),
    featuredRank: Number(r['featured_rank']),
    createdAt: Number(r['created']),
    rating: Number(r['rating_avg']),
    ratingCount: Number(r['rating_count']),
  }));
}

let all: Row[];
const under = (path: string) => (row: Row) => row.path === path || row.path.startsWith(`${path}/`);
const ids = (list: readonly { id: number }[]) => list.map((p) => p.id);
const sortedIds = (list: readonly { id: number }[]) => ids(list).sort((a, b) => a - b);

beforeAll(async () => {
  t = await createTestApp({ seedProducts: PRODUCTS });
  all = await rows();
});
afterAll(async () => {
  await t?.close();
});

/** Every product of a listing query, walking its pages (100 per page). */
async function listAll(query: string, country = 'sg'): Promise<{ data: ProductSummary[]; total: number }> {
  const data: ProductSummary[] = [];
  for (let page = 1; ; page++) {
    const body = await json(await t.api(`/products?${query}&per_page=100&page=${page}`, { country }), ProductListResponseSchema);
    data.push(...body.data);
    if (page >= body.meta.totalPages) return { data, total: body.meta.total };
  }
}

async function facets(query: string, country = 'sg', language?: string): Promise<ProductFilters> {
  return (await json(await t.api(`/products/filters?${query}`, { country, ...(language ? { language } : {}) }), ProductFiltersResponseSchema)).data;
}

/** Brands and category paths that the seeded catalogue really uses, most used first. */
function common<T>(values: T[]): T[] {
  const counts = new Map<T, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).map(([value]) => value);
}

describe('GET products filters', () => {
  it('brands: any of the slugs', async () => {
    const [a, b] = common(all.map((r) => r.brand));
    const { data, total } = await listAll(`brands=${a},${b}`);
    const expected = all.filter((r) => r.brand === a || r.brand === b);
    expect(total).toBe(expected.length);
    expect(sortedIds(data)).toEqual(sortedIds(expected));
    expect(data.every((p) => p.brand.slug === a || p.brand.slug === b)).toBe(true);
  });

  it('categories: any of the paths, each with its descendants', async () => {
    const leaf = common(all.map((r) => r.path))[0] ?? '';
    const other = common(all.map((r) => r.path.split('/').slice(0, 2).join('/'))).find((mid) => !leaf.startsWith(mid)) ?? '';
    const { data, total } = await listAll(`categories=${leaf},${other}`);
    const expected = all.filter((r) => under(leaf)(r) || under(other)(r));
    expect(total).toBe(expected.length);
    expect(sortedIds(data)).toEqual(sortedIds(expected));
  });

  it('price range: on the price paid (sale price when on sale), both ends included, in the country currency', async () => {
    const prices = [...new Set(all.map((r) => r.effective))].sort((a, b) => a - b);
    const low = prices[Math.floor(prices.length / 4)] ?? 0;
    const high = prices[Math.floor(prices.length / 2)] ?? 0;
    const { data, total } = await listAll(`price_min=${low / 100}&price_max=${high / 100}`);
    const expected = all.filter((r) => r.effective >= low && r.effective <= high);
    expect(total).toBe(expected.length);
    expect(sortedIds(data)).toEqual(sortedIds(expected));
    // Both ends are in: some products cost exactly the bounds.
    expect(data.some((p) => (p.salePrice ?? p.price).amount * 100 === low)).toBe(true);
    expect(data.some((p) => (p.salePrice ?? p.price).amount * 100 === high)).toBe(true);
    // A sale product whose regular price is above the range but its sale price inside is listed.
    const bySale = all.find((r) => r.onSale && r.regular > high && r.effective <= high && r.effective >= low);
    if (bySale) expect(ids(data)).toContain(bySale.id);

    const th = await rows('TH');
    const thLow = th.map((r) => r.effective).sort((a, b) => a - b)[Math.floor(th.length / 3)] ?? 0;
    const thai = await listAll(`price_min=${thLow / 100}`, 'th');
    expect(thai.total).toBe(th.filter((r) => r.effective >= thLow).length);
    expect(thai.data.every((p) => p.price.currency === 'THB' && (p.salePrice ?? p.price).amount * 100 >= thLow)).toBe(true);

    const onlyMin = await listAll(`price_min=${high / 100}`);
    expect(onlyMin.total).toBe(all.filter((r) => r.effective >= high).length);
    const decimals = await listAll(`price_max=${(low + 5) / 100}`);
    expect(decimals.total).toBe(all.filter((r) => r.effective <= low + 5).length);
  });

  it('others: any of the badges', async () => {
    const { data, total } = await listAll('others=coming_soon,app_exclusive');
    const expected = all.filter((r) => r.badges.includes('coming_soon') || r.badges.includes('app_exclusive'));
    expect(total).toBe(expected.length);
    expect(total).toBeGreaterThan(0);
    expect(sortedIds(data)).toEqual(sortedIds(expected));
    expect(data.every((p) => p.badges.includes('coming_soon') || p.badges.includes('app_exclusive'))).toBe(true);
  });

  it('on_sale: only products on sale in the request country; false lists all', async () => {
    const { data, total } = await listAll('on_sale=true');
    expect(total).toBe(all.filter((r) => r.onSale).length);
    expect(data.every((p) => p.salePrice !== null && p.salePrice.amount < p.price.amount)).toBe(true);
    expect((await listAll('on_sale=false')).total).toBe(PRODUCTS);
  });

  it('different filters all apply, within a scope (category with descendants, or brand)', async () => {
    const [brandA, brandB] = common(all.map((r) => r.brand));
    const prices = all.map((r) => r.effective).sort((a, b) => a - b);
    const high = prices[Math.floor(prices.length * 0.8)] ?? 0;
    const expected = all.filter((r) => under('makeup')(r) && (r.brand === brandA || r.brand === brandB) && r.effective <= high);
    const { data, total } = await listAll(`category=makeup&brands=${brandA},${brandB}&price_max=${high / 100}`);
    expect(total).toBe(expected.length);
    expect(sortedIds(data)).toEqual(sortedIds(expected));

    const scoped = await listAll(`brand=${brandA}&others=new`);
    expect(scoped.total).toBe(all.filter((r) => r.brand === brandA && r.badges.includes('new')).length);
    expect(scoped.data.every((p) => p.brand.slug === brandA && p.badges.includes('new'))).toBe(true);
  });

  it('answers 200 and nothing for an unknown brand or category, as scope or filter', async () => {
    for (const query of ['brand=no-such-brand', 'category=nope', 'category=makeup/nope', 'brands=no-such-brand', 'categories=nope/nothing', 'brands=no-such-brand&category=makeup']) {
      const body = await json(await t.api(`/products?${query}`), ProductListResponseSchema);
      expect(body, query).toEqual({ data: [], meta: { page: 1, perPage: 24, total: 0, totalPages: 0 } });
    }
    // An unknown slug among known ones only drops out.
    const [brand] = common(all.map((r) => r.brand));
    expect((await listAll(`brands=${brand},no-such-brand`)).total).toBe(all.filter((r) => r.brand === brand).length);
  });
});

describe('GET products sorts', () => {
  const scope = 'category=skincare';
  const inScope = () => all.filter(under('skincare'));
  const byRank = (a: Row, b: Row) => a.featuredRank - b.featuredRank || a.id - b.id;

  it('featured: by featured rank', async () => {
    expect(ids((await listAll(`${scope}&sort=featured`)).data)).toEqual(ids(inScope().sort(byRank)));
    // The default sort is featured.
    expect(ids((await listAll(scope)).data)).toEqual(ids(inScope().sort(byRank)));
  });

  it('newest: latest first', async () => {
    const expected = inScope().sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
    expect(ids((await listAll(`${scope}&sort=newest`)).data)).toEqual(ids(expected));
  });

  it('price_asc and price_desc: by the price paid', async () => {
    const asc = (await listAll(`${scope}&sort=price_asc`)).data;
    expect(ids(asc)).toEqual(ids(inScope().sort((a, b) => a.effective - b.effective || a.id - b.id)));
    const paid = asc.map((p) => (p.salePrice ?? p.price).amount);
    expect(paid).toEqual([...paid].sort((a, b) => a - b));
    const desc = (await listAll(`${scope}&sort=price_desc`)).data;
    expect(ids(desc)).toEqual(ids(inScope().sort((a, b) => b.effective - a.effective || b.id - a.id)));
  });

  it('top_rated: by rating, then number of ratings', async () => {
    const expected = inScope().sort((a, b) => b.rating - a.rating || b.ratingCount - a.ratingCount || a.id - b.id);
    const data = (await listAll(`${scope}&sort=top_rated`)).data;
    expect(ids(data)).toEqual(ids(expected));
    expect(data[0]?.rating.average).toBe(Math.max(...inScope().map((r) => r.rating)));
  });

  it('a sort with filters keeps the order across pages', async () => {
    const expected = all.filter((r) => r.onSale && (under('makeup')(r) || under('hair')(r))).sort((a, b) => b.effective - a.effective || b.id - a.id);
    const pages: number[] = [];
    for (let page = 1; page <= Math.ceil(expected.length / 7); page++) {
      const body = await json(await t.api(`/products?on_sale=true&categories=makeup,hair&sort=price_desc&per_page=7&page=${page}`), ProductListResponseSchema);
      expect(body.meta.total).toBe(expected.length);
      pages.push(...ids(body.data));
    }
    expect(pages).toEqual(ids(expected));
  });
});

describe('GET products paging', () => {
  it('answers a page past the end with no products and the real meta', async () => {
    const total = all.filter(under('makeup')).length;
    const body = await json(await t.api('/products?category=makeup&per_page=50&page=99'), ProductListResponseSchema);
    expect(body).toEqual({ data: [], meta: { page: 99, perPage: 50, total, totalPages: Math.ceil(total / 50) } });
    const last = await json(await t.api(`/products?category=makeup&per_page=50&page=${Math.ceil(total / 50)}`), ProductListResponseSchema);
    expect(last.data).toHaveLength(total - (Math.ceil(total / 50) - 1) * 50);
    const next = await json(await t.api(`/products?category=makeup&per_page=50&page=${Math.ceil(total / 50) + 1}`), ProductListResponseSchema);
    expect(next.data).toEqual([]);
  });

  it('takes per_page from 1 to 100', async () => {
    const one = await json(await t.api('/products?per_page=1&page=300'), ProductListResponseSchema);
    expect(one.data).toHaveLength(1);
    expect(one.meta).toEqual({ page: 300, perPage: 1, total: PRODUCTS, totalPages: PRODUCTS });
    expect((await json(await t.api('/products?per_page=100'), ProductListResponseSchema)).data).toHaveLength(100);
  });

  it('refuses out-of-range paging', async () => {
    for (const [query, field] of [
      ['per_page=0', 'query.per_page'],
      ['per_page=101', 'query.per_page'],
      ['page=0', 'query.page'],
      ['page=100001', 'query.page'],
      ['page=-1', 'query.page'],
    ] as const) {
      const body = await json(await t.api(`/products?${query}`), ApiErrorBodySchema, 400);
      expect(body.errors?.map((e) => e.field), query).toEqual([field]);
    }
  });
});

describe('bad filter values', () => {
  const fields = async (path: string) => {
    const body = await json(await t.api(path), ApiErrorBodySchema, 400);
    expect(body.message).toBe('Invalid request');
    return body.errors?.map((e) => e.field);
  };

  it('names price_min when the range is upside down, on listings and filters', async () => {
    expect(await fields('/products?price_min=50&price_max=10')).toEqual(['query.price_min']);
    expect(await fields('/products/filters?price_min=50&price_max=10')).toEqual(['query.price_min']);
    // Equal ends are a range of one price.
    expect((await t.api('/products?price_min=25&price_max=25')).status).toBe(200);
  });

  it('refuses negative, non-numeric and over-precise prices', async () => {
    expect(await fields('/products?price_min=-5')).toEqual(['query.price_min']);
    expect(await fields('/products?price_max=abc')).toEqual(['query.price_max']);
    expect(await fields('/products?price_max=1.234')).toEqual(['query.price_max']);
    expect(await fields('/products?price_min=1e3')).toEqual(['query.price_min']);
  });

  it('refuses unknown badges, bad slugs and paths, too many values, a bad on_sale', async () => {
    // A bad value is named by its place in the list.
    expect(await fields('/products?others=new,cheap')).toEqual(['query.others.1']);
    expect(await fields('/products?brands=Not%20A%20Slug')).toEqual(['query.brands.0']);
    expect(await fields('/products?categories=makeup/../x')).toEqual(['query.categories.0']);
    const many = Array.from({ length: 31 }, (_, i) => `brand-${i}`).join(',');
    expect(await fields(`/products?brands=${many}`)).toEqual(['query.brands']);
    expect(await fields(`/products/filters?brands=${many}`)).toEqual(['query.brands']);
    expect(await fields('/products?on_sale=yes')).toEqual(['query.on_sale']);
    expect(await fields(`/products?brands=${'a'.repeat(4001)}`)).toEqual(['query.brands']);
  });
});

describe('GET products/filters', () => {
  const total = async (query: string) => (await json(await t.api(`/products?${query}&per_page=1`), ProductListResponseSchema)).meta.total;

  it('is cacheable for 5 minutes per language and country', async () => {
    const response = await t.api('/products/filters');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(response.headers.get('vary')).toBe('Accept-Language, X-Site-Country');
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

describe('readRows (PGlite fast path)', () => {
  it('writes parameters as literals that stay values', async () => {
    const hostile = "x'); drop table products; --";
    const count = async () => (await readRows<{ n: number }>(t.db, sql`select count(*)::int as n from products`))[0]?.n;
    const stored = await count();
    expect(stored).toBeGreaterThanOrEqual(PRODUCTS);
    const [row] = await readRows<{ text: string; n: number; q: string }>(t.db, sql`select ${hostile}::text as text, ${42} as n, ${"it's"} as q`);
    expect(row).toEqual({ text: hostile, n: 42, q: "it's" });
    expect(await count()).toBe(stored);
    // Other parameter types keep the parameterised path.
    const [flag] = await readRows<{ b: boolean }>(t.db, sql`select ${true}::boolean as b`);
    expect(flag?.b).toBe(true);
  });
});

describe('names in the request language', () => {
  it('lists Thai and Chinese names', async () => {
    const th = await json(await t.api('/products?category=skincare&others=new&per_page=10', { country: 'th', language: 'th-TH' }), ProductListResponseSchema);
    expect(th.data.length).toBeGreaterThan(0);
    expect(th.data.every((p) => /[\u0e00-\u0e7f]/.test(p.name) && p.price.currency === 'THB')).toBe(true);
    const zh = await json(await t.api('/products?brands=' + common(all.map((r) => r.brand))[0] + '&per_page=10', { country: 'hk', language: 'zh-HK' }), ProductListResponseSchema);
    expect(zh.data.every((p) => /[\u4e00-\u9fff]/.test(p.name) && p.price.currency === 'HKD')).toBe(true);
  });
});
