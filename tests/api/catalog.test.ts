import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRIES, COUNTRY_CODES } from '../../src/config/countries.ts';
import {
  BrandListSchema,
  CategoryTreeSchema,
  FeaturedProductsResponseSchema,
  ProductDetailResponseSchema,
  ProductListResponseSchema,
  type CategoryNode,
} from '../../src/contract/catalog.ts';
import { LayoutSchema } from '../../src/contract/layouts.ts';
import { ApiErrorBodySchema } from '../../src/contract/site.ts';
import { brands, categories, countries, productPrices, products, searchWords, variants } from '../../src/server/db/schema.ts';
import { normalizeText, words } from '../../src/server/search/text.ts';
import { generateProducts } from '../../src/server/db/seed/generate.ts';
import { createTestApp, json, type TestApp } from '../helpers/server.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    seedProducts: 150,
    routes: (app) =>
      app.get('/api/web/v1/test-only/boom', () => {
        throw new Error('secret detail at /srv/internal.ts:42');
      }),
  });
});
afterAll(async () => {
  await t?.close();
});

function flatten(nodes: CategoryNode[]): CategoryNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

describe('seeded data', () => {
  it('has the 8 countries with their currency, threshold and BNPL providers', async () => {
    const rows = await t.db.select().from(countries);
    expect(rows.map((r) => r.code).sort()).toEqual([...COUNTRY_CODES].sort());
    const byCode = Object.fromEntries(rows.map((r) => [r.code, r]));
    expect(byCode['SG']).toMatchObject({ currency: 'SGD', freeShippingThresholdMinor: 3500, bnplProviders: ['atome'], thresholdAssumed: false });
    expect(byCode['AU']).toMatchObject({ currency: 'AUD', freeShippingThresholdMinor: 2500, bnplProviders: ['afterpay', 'klarna'] });
    expect(byCode['ID']).toMatchObject({ currency: 'IDR', freeShippingThresholdMinor: 50_000_000, defaultLanguage: 'id', languages: ['id', 'en'] });
    expect(byCode['TH']).toMatchObject({ currency: 'THB', freeShippingThresholdMinor: 50_000, defaultLanguage: 'th' });
    expect(byCode['PH']).toMatchObject({ currency: 'PHP', freeShippingThresholdMinor: 300_000, bnplProviders: [] });
    expect(byCode['MY']).toMatchObject({ currency: 'MYR', freeShippingThresholdMinor: 8000, bnplProviders: ['atome'] });
    expect(byCode['NZ']).toMatchObject({ currency: 'NZD', bnplProviders: ['afterpay'] });
    expect(byCode['HK']).toMatchObject({ currency: 'HKD', thresholdAssumed: true, languages: ['en', 'zh'] });
  });

  it('has at least 40 brands, 60 categories on 3 levels, and every stored badge', async () => {
    const [brandCount] = await t.db.select({ n: sql<number>`count(*)::int` }).from(brands);
    expect(brandCount?.n).toBeGreaterThanOrEqual(40);
    const levels = await t.db.select({ level: categories.level, n: sql<number>`count(*)::int` }).from(categories).groupBy(categories.level).orderBy(categories.level);
    expect(levels.map((l) => l.level)).toEqual([1, 2, 3]);
    expect(levels.reduce((sum, l) => sum + l.n, 0)).toBeGreaterThanOrEqual(60);
    const badges = await t.db.selectDistinct({ badge: sql<string>`unnest(${products.badges})` }).from(products);
    expect(badges.map((r) => r.badge).sort()).toEqual(['app_exclusive', 'coming_soon', 'exclusive', 'new', 'priority_access']);
    const [soldOut] = await t.db.select({ n: sql<number>`count(*)::int` }).from(products).where(sql`${products.totalStock} = 0`);
    expect(soldOut?.n).toBeGreaterThan(0);
  });

  it('stores exactly what the deterministic generator yields', async () => {
    const stored = await t.db.select().from(products).orderBy(products.id);
    const expected = [...generateProducts(150)].map((b) => b.product);
    // search_terms is the search index's, built from the stored rows: each holds the words of the product's name.
    // change_version is the trigger's stamp of the seed's own updates (ratings, search terms).
    expect(stored.map(({ searchTerms: _searchTerms, changeVersion: _changeVersion, ...row }) => row)).toEqual(expected);
    const vocabulary = new Map((await t.db.select().from(searchWords)).map((w) => [w.id, w.word]));
    for (const row of stored) {
      const terms = new Set(row.searchTerms.map((id) => vocabulary.get(id)));
      for (const word of words(normalizeText(`${row.name.en} ${row.name.th}`))) expect(terms).toContain(word);
    }
    const storedVariants = await t.db.select().from(variants).orderBy(variants.id);
    expect(storedVariants.map(({ changeVersion: _changeVersion, ...row }) => row)).toEqual([...generateProducts(150)].flatMap((b) => b.variants));
  });

  it('gives every product a price in all 8 countries and 1–8 variants, on a leaf category', async () => {
    const [prices] = await t.db.select({ n: sql<number>`count(*)::int` }).from(productPrices);
    expect(prices?.n).toBe(150 * 8);
    const counts = await t.db.select({ n: sql<number>`count(*)::int` }).from(variants).groupBy(variants.productId);
    expect(counts).toHaveLength(150);
    expect(Math.min(...counts.map((c) => c.n))).toBeGreaterThanOrEqual(1);
    expect(Math.max(...counts.map((c) => c.n))).toBeLessThanOrEqual(8);
    const [notLeaf] = await t.db.select({ n: sql<number>`count(*)::int` }).from(products).innerJoin(categories, sql`${categories.id} = ${products.categoryId}`).where(sql`${categories.level} <> 3`);
    expect(notLeaf?.n).toBe(0);
  });
});

describe('GET brands and categories', () => {
  it('lists brands sorted by name, cacheable per language and country', async () => {
    const response = await t.api('/brands');
    expect(response.headers.get('cache-control')).toBe('public, no-cache');
    expect(response.headers.get('vary')).toBe('Accept-Language, X-Site-Country, Accept-Encoding');
    const { data } = await json(response, BrandListSchema);
    expect(data.length).toBeGreaterThanOrEqual(40);
    const names = data.map((b) => b.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('returns the full localized tree', async () => {
    const en = await json(await t.api('/categories'), CategoryTreeSchema);
    const zh = await json(await t.api('/categories', { country: 'hk', language: 'zh-HK' }), CategoryTreeSchema);
    expect(en.data.map((c) => c.slug)).toEqual(['makeup', 'skincare', 'hair', 'fragrance', 'bath-body', 'tools-brushes']);
    expect(flatten(en.data).length).toBeGreaterThanOrEqual(60);
    expect(en.data[0]?.name).toBe('Makeup');
    expect(zh.data[0]?.name).toBe('彩妝');
    const foundation = flatten(en.data).find((c) => c.path === 'makeup/face/foundation');
    expect(foundation).toMatchObject({ level: 3, slug: 'foundation', children: [] });
  });
});

describe('GET products', () => {
  it('pages with correct meta and the default page size of 24', async () => {
    const first = await json(await t.api('/products'), ProductListResponseSchema);
    expect(first.meta).toEqual({ page: 1, perPage: 24, total: 150, totalPages: 7 });
    expect(first.data).toHaveLength(24);
    const last = await json(await t.api('/products?page=7'), ProductListResponseSchema);
    expect(last.data).toHaveLength(150 - 6 * 24);
    const past = await json(await t.api('/products?page=9'), ProductListResponseSchema);
    expect(past).toEqual({ data: [], meta: { page: 9, perPage: 24, total: 150, totalPages: 7 } });
  });

  it('walks every product exactly once across pages', async () => {
    const ids: number[] = [];
    for (let page = 1; page <= 2; page++) {
      const { data } = await json(await t.api(`/products?per_page=100&page=${page}&sort=price_asc`), ProductListResponseSchema);
      ids.push(...data.map((p) => p.id));
    }
    expect(new Set(ids).size).toBe(150);
  });

  it('sorts by price (sale price when on sale), newest, top rated', async () => {
    const effective = (p: { price: { amount: number }; salePrice: { amount: number } | null }) => p.salePrice?.amount ?? p.price.amount;
    const asc = await json(await t.api('/products?sort=price_asc&per_page=100'), ProductListResponseSchema);
    const prices = asc.data.map(effective);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const desc = await json(await t.api('/products?sort=price_desc&per_page=100'), ProductListResponseSchema);
    expect(desc.data.map(effective)).toEqual([...desc.data.map(effective)].sort((a, b) => b - a));
    const top = await json(await t.api('/products?sort=top_rated&per_page=50'), ProductListResponseSchema);
    const ratings = top.data.map((p) => p.rating.average);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    const newest = await json(await t.api('/products?sort=newest&per_page=10'), ProductListResponseSchema);
    expect(newest.data.slice(0, 3).every((p) => p.badges.includes('new'))).toBe(true);
  });

  it('filters by category path prefix (with descendants), brand and on_sale', async () => {
    const makeup = await json(await t.api('/products?category=makeup&per_page=100'), ProductListResponseSchema);
    const lips = await json(await t.api('/products?category=makeup/lips&per_page=100'), ProductListResponseSchema);
    const lipstick = await json(await t.api('/products?category=makeup/lips/lipstick&per_page=100'), ProductListResponseSchema);
    expect(makeup.meta.total).toBeGreaterThan(lips.meta.total);
    expect(lips.meta.total).toBeGreaterThanOrEqual(lipstick.meta.total);
    expect(lipstick.meta.total).toBeGreaterThan(0);
    const lipIds = new Set(lips.data.map((p) => p.id));
    expect(lipstick.data.every((p) => lipIds.has(p.id))).toBe(true);
    // A path prefix is a whole segment: `make` is not `makeup`.
    expect((await json(await t.api('/products?category=make'), ProductListResponseSchema)).meta.total).toBe(0);

    const brand = makeup.data[0]?.brand.slug ?? '';
    const byBrand = await json(await t.api(`/products?brand=${brand}&per_page=100`), ProductListResponseSchema);
    expect(byBrand.meta.total).toBeGreaterThan(0);
    expect(byBrand.data.every((p) => p.brand.slug === brand)).toBe(true);

    const onSale = await json(await t.api('/products?on_sale=true&per_page=100', { country: 'sg' }), ProductListResponseSchema);
    expect(onSale.meta.total).toBeGreaterThan(0);
    expect(onSale.meta.total).toBeLessThan(150);
    expect(onSale.data.every((p) => p.salePrice !== null && p.salePrice.amount < p.price.amount)).toBe(true);
    expect((await json(await t.api('/products?brand=no-such-brand'), ProductListResponseSchema)).meta.total).toBe(0);
  });

  it('prices in the currency of X-Site-Country', async () => {
    const get = async (country: string) => (await json(await t.api('/products?per_page=5', { country }), ProductListResponseSchema)).data;
    const [sg, th, id, none] = await Promise.all([get('sg'), get('th'), get('id'), t.api('/products?per_page=5').then((r) => r.json())]);
    expect(sg.every((p) => p.price.currency === 'SGD')).toBe(true);
    expect(th.every((p) => p.price.currency === 'THB')).toBe(true);
    expect(id.every((p) => p.price.currency === 'IDR')).toBe(true);
    expect(none).toMatchObject({ data: [{ price: { currency: 'SGD' } }, {}, {}, {}, {}] });
    for (let i = 0; i < 5; i++) {
      const sgd = sg[i]?.price.amount ?? 0;
      // Fixed conversion rates: a S$40 product costs about ฿1,040 and Rp 480,000.
      expect(th[i]?.price.amount).toBeGreaterThan(sgd * 20);
      expect(th[i]?.price.amount).toBeLessThan(sgd * 32);
      expect((id[i]?.price.amount ?? 1) % 1000).toBe(0);
      expect((th[i]?.price.amount ?? 1) % 10).toBe(0);
      expect(Math.round(sgd * 100) % 100).toBe(90);
    }
  });

  it('names products in the request language, falling back to the country default', async () => {
    const get = async (country: string, language?: string) => (await json(await t.api('/products?per_page=3', { country, ...(language ? { language } : {}) }), ProductListResponseSchema)).data.map((p) => p.name);
    const [en, th, zh, zhSg, thOnly, idDefault] = await Promise.all([get('sg', 'en-SG'), get('th', 'th-TH'), get('hk', 'zh-HK'), get('sg', 'zh-SG'), get('th'), get('id', 'th-ID')]);
    expect(en.every((n) => /^[\x20-\x7e]+$/.test(n))).toBe(true);
    expect(th.every((n) => /[\u0e00-\u0e7f]/.test(n))).toBe(true);
    expect(zh.every((n) => /[\u4e00-\u9fff]/.test(n))).toBe(true);
    expect(zhSg).toEqual(en);
    expect(thOnly).toEqual(th);
    // Indonesia offers id and en: Thai falls back to Indonesian, the country's default.
    expect(idDefault).not.toEqual(en);
    expect(idDefault.every((n) => /^[\x20-\x7e]+$/.test(n))).toBe(true);
  });

  it('marks sold-out products with the derived out_of_stock badge', async () => {
    const all = await json(await t.api('/products?per_page=100&page=1'), ProductListResponseSchema);
    const rest = await json(await t.api('/products?per_page=100&page=2'), ProductListResponseSchema);
    const list = [...all.data, ...rest.data];
    const soldOut = list.filter((p) => !p.inStock);
    expect(soldOut.length).toBeGreaterThan(0);
    expect(soldOut.every((p) => p.badges.includes('out_of_stock'))).toBe(true);
    expect(list.filter((p) => p.inStock).some((p) => p.badges.includes('out_of_stock'))).toBe(false);
  });
});

describe('GET products/{slug}', () => {
  it('returns the localized detail with variants and breadcrumb', async () => {
    const list = await json(await t.api('/products?category=makeup/lips/lipstick&per_page=1'), ProductListResponseSchema);
    const slug = list.data[0]?.slug ?? '';
    const response = await t.api(`/products/${slug}`, { country: 'th', language: 'th-TH' });
    expect(response.headers.get('cache-control')).toBe('public, no-cache');
    const { data } = await json(response, ProductDetailResponseSchema);
    expect(data.slug).toBe(slug);
    expect(data.price.currency).toBe('THB');
    expect(data.categories.map((c) => c.path)).toEqual(['makeup', 'makeup/lips', 'makeup/lips/lipstick']);
    expect(data.categories[2]?.name).toBe('ลิปสติก');
    expect(data.description).toMatch(/[\u0e00-\u0e7f]/);
    expect(data.variants.length).toBe(data.variantCount);
    expect(data.variants.every((variant) => variant.kind === 'shade' && /^#[0-9a-f]{6}$/.test(variant.colorHex ?? ''))).toBe(true);
    expect(data.imageUrl).toBe(data.variants[0]?.imageUrl);
  });

  it('answers 404 JSON for an unknown slug', async () => {
    const body = await json(await t.api('/products/no-such-product'), ApiErrorBodySchema, 404);
    expect(body).toEqual({ message: 'Resource not found!', status: 404 });
  });
});

describe('POST featured-products', () => {
  it('ranks products that can be bought (in stock, not coming soon) deterministically, within a category when asked', async () => {
    const home = await json(await t.api('/featured-products', { method: 'POST', body: { placement: 'home', limit: 6 } }), FeaturedProductsResponseSchema);
    const again = await json(await t.api('/featured-products', { method: 'POST', body: { placement: 'home', limit: 6 } }), FeaturedProductsResponseSchema);
    expect(home.data).toHaveLength(6);
    expect(again).toEqual(home);
    expect(home.data.every((p) => p.inStock)).toBe(true);
    // Many picks, so that the seed's coming-soon products (one in 25) would be among them if they were picked.
    const many = await json(await t.api('/featured-products', { method: 'POST', body: { placement: 'home', limit: 48 } }), FeaturedProductsResponseSchema);
    expect(many.data).toHaveLength(48);
    expect(many.data.filter((p) => p.badges.includes('coming_soon')).map((p) => p.slug)).toEqual([]);
    const skincare = await json(await t.api('/featured-products', { method: 'POST', body: { placement: 'category', category: 'skincare' } }), FeaturedProductsResponseSchema);
    expect(skincare.data.length).toBeGreaterThan(0);
    expect(skincare.data.length).toBeLessThanOrEqual(12);
    const skincareIds = new Set((await json(await t.api('/products?category=skincare&per_page=100'), ProductListResponseSchema)).data.map((p) => p.id));
    expect(skincare.data.every((p) => skincareIds.has(p.id))).toBe(true);
  });

  it('is never cached', async () => {
    const response = await t.api('/featured-products', { method: 'POST', body: { placement: 'home' } });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

describe('GET layouts', () => {
  it('gives localized navigation, legal links and exempted paths', async () => {
    const { data } = await json(await t.api('/layouts', { country: 'th', language: 'th-TH' }), LayoutSchema);
    expect(data.header.navigation).toHaveLength(6);
    expect(data.header.navigation[0]).toMatchObject({ path: 'makeup', name: 'เมคอัพ' });
    expect(data.header.navigation[0]?.children.map((c) => c.path)).toContain('makeup/lips');
    expect(data.footer.legal).toContainEqual({ kind: 'terms', section: 'beauty-pass' });
    expect(data.footer.legal).toContainEqual({ kind: 'privacy', section: null });
    expect(data.config.smartLinkExemptedPaths).toContainEqual({ type: 'startsWith', value: '/products' });
    expect(data.config.smartLinkExemptedPaths).toContainEqual({ type: 'absolute', value: '/' });
  });
});

describe('GET media', () => {
  it('draws a deterministic SVG in the shade colour with the brand name', async () => {
    const { data } = await json(await t.api('/products?category=makeup/lips/lipstick&per_page=1'), ProductListResponseSchema);
    const detail = await json(await t.api(`/products/${data[0]?.slug}`), ProductDetailResponseSchema);
    const variant = detail.data.variants[0];
    const path = (variant?.imageUrl ?? '').replace('/api/web/v1', '');
    const response = await t.api(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('image/svg+xml');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const svg = await response.text();
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain(`fill="${variant?.colorHex}"`);
    expect(svg).toContain(detail.data.brand.name.toUpperCase().replace(/&/g, '&#38;'));
    expect(await (await t.api(path)).text()).toBe(svg);
  });

  it('answers 404 for a variant of another product and 400 for a bad file name', async () => {
    expect((await t.api('/media/products/1/999999.svg')).status).toBe(404);
    const bad = await json(await t.api('/media/products/1/abc.png'), ApiErrorBodySchema, 400);
    expect(bad.errors?.map((e) => e.field)).toEqual(['param.file']);
  });
});

describe('bad input', () => {
  const fields = async (path: string, init?: Parameters<TestApp['api']>[1]) => {
    const response = await t.api(path, init);
    const body = await json(response, ApiErrorBodySchema, 400);
    expect(body.message).toBe('Invalid request');
    expect(body.status).toBe(400);
    return body.errors?.map((e) => e.field);
  };

  it('names each bad query field', async () => {
    expect(await fields('/products?page=abc')).toEqual(['query.page']);
    expect(await fields('/products?page=0')).toEqual(['query.page']);
    expect(await fields('/products?per_page=0')).toEqual(['query.per_page']);
    expect(await fields('/products?per_page=1000')).toEqual(['query.per_page']);
    expect(await fields('/products?sort=cheapest')).toEqual(['query.sort']);
    expect(await fields('/products?category=Makeup/../x')).toEqual(['query.category']);
    expect(await fields('/products?on_sale=maybe&brand=Not%20A%20Slug')).toEqual(['query.brand', 'query.on_sale']);
    expect(await fields('/products?page=-1&per_page=x&sort=1')).toEqual(['query.sort', 'query.page', 'query.per_page']);
  });

  it('rejects an unknown X-Site-Country and accepts upper case', async () => {
    expect(await fields('/brands', { country: 'fr' })).toEqual(['header.x-site-country']);
    expect((await t.api('/brands', { country: 'TH' })).status).toBe(200);
  });

  it('rejects malformed and invalid JSON bodies', async () => {
    expect(await fields('/featured-products', { method: 'POST', body: '{"placement":' })).toEqual(['body']);
    expect(await fields('/featured-products', { method: 'POST', body: '' })).toEqual(['body']);
    expect(await fields('/featured-products', { method: 'POST', body: 42 })).toEqual(['body']);
    expect(await fields('/featured-products', { method: 'POST', body: { placement: 'nowhere', limit: 0 } })).toEqual(['body.placement', 'body.limit']);
    expect(await fields('/featured-products', { method: 'POST', body: { placement: 'category' } })).toEqual(['body.category']);
  });

  it('answers 404 JSON for unknown API paths and methods', async () => {
    for (const [path, method] of [['/nothing-here', 'GET'], ['/brands/1/2/3', 'GET'], ['/brands', 'DELETE']] as const) {
      const response = await t.api(path, { method });
      expect(await json(response, ApiErrorBodySchema, 404)).toEqual({ message: 'Resource not found!', status: 404 });
    }
  });

  it('accepts trailing slashes', async () => {
    expect((await t.api('/brands/')).status).toBe(200);
  });
});

describe('unexpected errors', () => {
  it('answer 500 with a reference id and no stack, logged on the server', async () => {
    const response = await t.api('/test-only/boom');
    const text = await response.text();
    expect(response.status).toBe(500);
    expect(text).not.toContain('secret');
    expect(text).not.toContain('.ts');
    const body = v.parse(ApiErrorBodySchema, JSON.parse(text));
    expect(body.message).toBe('Internal server error');
    expect(body.referenceId).toMatch(/^[0-9a-f-]{36}$/);
    const logged = t.logs.find((line) => line.includes(body.referenceId ?? '?'));
    expect(logged).toContain('secret detail');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

describe('countries in config and database agree', () => {
  it('uses the currency of src/config/countries.ts for every country', async () => {
    for (const code of COUNTRY_CODES) {
      const { data } = await json(await t.api('/products?per_page=1', { country: code.toLowerCase() }), ProductListResponseSchema);
      expect(data[0]?.price.currency).toBe(COUNTRIES[code].currency);
    }
  });
});
