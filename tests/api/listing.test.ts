import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductListResponseSchema } from '../../src/contract/catalog.ts';
import { ApiErrorBodySchema } from '../../src/contract/site.ts';
import { common, ids, listAll as listAllOf, seededRows, sortedIds, under, type ListingRow } from '../helpers/listing.ts';
import { createTestApp, json, type TestApp } from '../helpers/server.ts';

/*
 * GET products against the database itself: every expectation below is computed from the seeded
 * rows with plain SQL (tests/helpers/listing.ts), independently of the server's listing index.
 * Facet counts, search matches and freshness: ./listing-index.test.ts.
 */

const PRODUCTS = 300;
let t: TestApp;
let all: ListingRow[];
const rows = (country?: 'SG' | 'TH') => seededRows(t, country);
const listAll = (query: string, country?: string) => listAllOf(t, query, country);

beforeAll(async () => {
  t = await createTestApp({ seedProducts: PRODUCTS });
  all = await rows();
});
afterAll(async () => {
  await t?.close();
});

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
  const byRank = (a: ListingRow, b: ListingRow) => a.featuredRank - b.featuredRank || a.id - b.id;

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

describe('names in the request language', () => {
  it('lists Thai and Chinese names', async () => {
    const th = await json(await t.api('/products?category=skincare&others=new&per_page=10', { country: 'th', language: 'th-TH' }), ProductListResponseSchema);
    expect(th.data.length).toBeGreaterThan(0);
    expect(th.data.every((p) => /[\u0e00-\u0e7f]/.test(p.name) && p.price.currency === 'THB')).toBe(true);
    const zh = await json(await t.api('/products?brands=' + common(all.map((r) => r.brand))[0] + '&per_page=10', { country: 'hk', language: 'zh-HK' }), ProductListResponseSchema);
    expect(zh.data.every((p) => /[\u4e00-\u9fff]/.test(p.name) && p.price.currency === 'HKD')).toBe(true);
  });
});
