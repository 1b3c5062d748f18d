import type { CategoryNode, ProductDetail, ProductFilters, ProductSummary } from '../../src/contract/catalog.ts';
import type { OtherFilter } from '../../src/contract/patterns.ts';
import type { ProductFiltersQueryInput, ProductListQueryInput, SearchQueryInput } from '../../src/contract/catalog-query.ts';
import type { Layout } from '../../src/contract/layouts.ts';
import type { FilterCountsApi } from '../../src/web/features/catalog/filter-counts-api.ts';
import type { ListingApi } from '../../src/web/features/catalog/listing.tsx';
import type { CatalogApi } from '../../src/web/shared/api/catalog-api.ts';
import type { LayoutApi } from '../../src/web/shared/api/layout-api.ts';

/** Error shaped like the API client's `ApiError` for an HTTP status (what the screens branch on). */
export function httpError(status: number): Error & { kind: 'http'; status: number } {
  return Object.assign(new Error(`HTTP ${status}`), { kind: 'http' as const, status });
}

export const layoutFixture: Layout = {
  header: {
    navigation: [
      { path: 'makeup', name: 'Makeup', children: [{ path: 'makeup/face', name: 'Face' }, { path: 'makeup/lips', name: 'Lips' }] },
      { path: 'skincare', name: 'Skincare', children: [{ path: 'skincare/moisturisers', name: 'Moisturisers' }] },
      { path: 'fragrance', name: 'Fragrance', children: [] },
    ],
  },
  footer: { legal: [{ kind: 'privacy', section: null }, { kind: 'terms', section: null }, { kind: 'terms', section: 'beauty-pass' }] },
  config: { smartLinkExemptedPaths: [] },
};

export const categoryTreeFixture: CategoryNode[] = [
  {
    id: 1, slug: 'makeup', path: 'makeup', name: 'Makeup', level: 1,
    children: [
      { id: 2, slug: 'face', path: 'makeup/face', name: 'Face', level: 2, children: [{ id: 3, slug: 'foundation', path: 'makeup/face/foundation', name: 'Foundation', level: 3, children: [] }] },
      { id: 4, slug: 'lips', path: 'makeup/lips', name: 'Lips', level: 2, children: [] },
    ],
  },
  { id: 5, slug: 'skincare', path: 'skincare', name: 'Skincare', level: 1, children: [] },
];

/** A product priced in `currency`; `n` makes ids, slugs and names unique. */
export function productFixture(n: number, currency = 'SGD', overrides: Partial<ProductSummary> = {}): ProductSummary {
  return {
    id: n,
    slug: `product-${n}`,
    name: `Product ${n}`,
    brand: { id: 1, slug: 'glow-lab', name: 'Glow Lab' },
    price: { currency, amount: 20 + n },
    salePrice: null,
    rating: { average: 4.5, count: 10 },
    badges: [],
    inStock: true,
    imageUrl: `/images/product-${n}.jpg`,
    variantCount: 0,
    ...overrides,
  };
}

export const productDetailFixture: ProductDetail = {
  ...productFixture(7, 'SGD', { slug: 'silk-foundation', name: 'Silk Foundation', salePrice: { currency: 'SGD', amount: 39 }, price: { currency: 'SGD', amount: 52 }, badges: ['new'], variantCount: 2 }),
  description: 'A weightless foundation with a satin finish.',
  ingredients: 'Aqua, Glycerin, Titanium Dioxide.',
  howToUse: 'Apply with a brush from the centre of the face outwards.',
  variants: [
    { id: 71, sku: 'SF-IVORY', name: 'Ivory', kind: 'shade', colorHex: '#f1d7c0', stock: 5, imageUrl: '/images/silk-ivory.jpg' },
    { id: 72, sku: 'SF-MOCHA', name: 'Mocha', kind: 'shade', colorHex: '#8a5a3c', stock: 0, imageUrl: '/images/silk-mocha.jpg' },
  ],
  categories: [{ slug: 'makeup', path: 'makeup', name: 'Makeup' }],
};

export const brandsFixture = [
  { id: 1, slug: 'glow-lab', name: 'Glow Lab' },
  { id: 2, slug: 'luma', name: 'Luma' },
];

/** A listed product with where it is filed: the fake's listing filters on it. */
interface Listed {
  product: ProductSummary;
  category: string;
}

/**
 * The makeup listing: 30 products `Product 1`…`Product 30` (S$21…S$50). Every third is Luma's, the
 * rest Glow Lab's; 1–20 are in Face, 21–30 in Lips; every fourth is on sale (S$5 off); every fifth
 * is new, and every tenth an app exclusive as well.
 */
export function makeupListing(): Listed[] {
  return Array.from({ length: 30 }, (_, index) => {
    const n = index + 1;
    const brand = brandsFixture[n % 3 === 0 ? 1 : 0] ?? brandsFixture[0];
    const badges: OtherFilter[] = n % 10 === 0 ? ['new', 'app_exclusive'] : n % 5 === 0 ? ['new'] : [];
    const product = productFixture(n, 'SGD', {
      ...(brand ? { brand } : {}),
      salePrice: n % 4 === 0 ? { currency: 'SGD', amount: 20 + n - 5 } : null,
      badges,
      rating: { average: (n * 7) % 50 / 10, count: n },
    });
    return { product, category: n <= 20 ? 'makeup/face' : 'makeup/lips' };
  });
}

type AnyQuery = ProductListQueryInput & { q?: string };
type FilterKey = 'brands' | 'categories' | 'price' | 'others' | 'on_sale';

const split = (value: string | undefined) => (value ? value.split(',') : []);
const paid = (product: ProductSummary) => (product.salePrice ?? product.price).amount;

/** Whether a listed product passes the query's scope and filters, leaving out the filter `skip` (for its counts). */
function passes({ product, category }: Listed, query: AnyQuery, skip: FilterKey | null = null): boolean {
  if (query.category && category !== query.category && !category.startsWith(`${query.category}/`)) return false;
  if (query.brand && product.brand.slug !== query.brand) return false;
  if (query.q && !matches(product, category, query.q)) return false;
  if (skip !== 'brands' && query.brands && !split(query.brands).includes(product.brand.slug)) return false;
  if (skip !== 'categories' && query.categories && !split(query.categories).some((path) => category === path || category.startsWith(`${path}/`))) return false;
  if (skip !== 'price' && query.price_min !== undefined && paid(product) < Number(query.price_min)) return false;
  if (skip !== 'price' && query.price_max !== undefined && paid(product) > Number(query.price_max)) return false;
  if (skip !== 'others' && query.others && !split(query.others).some((code) => product.badges.includes(code as OtherFilter))) return false;
  if (skip !== 'on_sale' && query.on_sale === 'true' && !product.salePrice) return false;
  return true;
}

function words(product: ProductSummary, category: string): string[] {
  return [...product.name.toLowerCase().split(/\s+/), ...product.brand.name.toLowerCase().split(/\s+/), ...category.split('/'), category.endsWith('face') ? 'foundation' : 'lipstick'];
}

function matches(product: ProductSummary, category: string, q: string): boolean {
  const known = words(product, category);
  return q.toLowerCase().split(/\s+/).every((word) => known.includes(word));
}

/** One letter added, dropped or changed: how the fake corrects `fundation` to `foundation`. */
function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1 || a === b) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i += 1;
  return a.slice(i + (a.length >= b.length ? 1 : 0)) === b.slice(i + (b.length >= a.length ? 1 : 0));
}

const SORTS: Record<string, (a: ProductSummary, b: ProductSummary) => number> = {
  featured: (a, b) => a.id - b.id,
  newest: (a, b) => b.id - a.id,
  price_desc: (a, b) => paid(b) - paid(a) || a.id - b.id,
  price_asc: (a, b) => paid(a) - paid(b) || a.id - b.id,
  top_rated: (a, b) => b.rating.average - a.rating.average || a.id - b.id,
};

function page(all: Listed[], query: AnyQuery) {
  const number = Number(query.page ?? '1');
  const perPage = Number(query.per_page ?? '24');
  const sorted = all.map((item) => item.product).sort(SORTS[query.sort ?? 'featured']);
  return {
    data: sorted.slice((number - 1) * perPage, number * perPage),
    meta: { page: number, perPage, total: sorted.length, totalPages: Math.ceil(sorted.length / perPage) },
  };
}

const CATEGORY_NAMES: Record<string, string> = { makeup: 'Makeup', 'makeup/face': 'Face', 'makeup/lips': 'Lips', skincare: 'Skincare' };

/** `GET products/filters` over the listing: each filter's counts apply every other filter. */
export function filterCounts(all: Listed[], query: AnyQuery): ProductFilters {
  const count = (skip: FilterKey, test: (item: Listed) => boolean) => all.filter((item) => passes(item, query, skip) && test(item)).length;
  const scope = query.category ?? '';
  const children = Object.keys(CATEGORY_NAMES).filter((path) => (scope ? path.startsWith(`${scope}/`) && !path.slice(scope.length + 1).includes('/') : !path.includes('/')));
  const priced = all.filter((item) => passes(item, query, 'price')).map((item) => paid(item.product));
  return {
    brands: brandsFixture.map((brand) => ({ slug: brand.slug, name: brand.name, count: count('brands', (item) => item.product.brand.slug === brand.slug) })),
    categories: children.map((path) => ({ path, name: CATEGORY_NAMES[path] ?? path, count: count('categories', (item) => item.category === path || item.category.startsWith(`${path}/`)) })),
    price: { currency: 'SGD', min: priced.length ? Math.min(...priced) : null, max: priced.length ? Math.max(...priced) : null },
    others: (['new', 'exclusive', 'coming_soon', 'priority_access', 'app_exclusive'] as const).map((code) => ({ code, count: count('others', (item) => item.product.badges.includes(code)) })),
    onSale: { count: count('on_sale', (item) => item.product.salePrice !== null) },
    total: all.filter((item) => passes(item, query)).length,
  };
}

/** The search text as the fake uses it: as typed when it finds something, else with each word one typo away corrected. */
function correct(listing: Listed[], query: AnyQuery & { q: string }): { q: string; corrected: string | null } {
  const q = query.q.trim().toLowerCase();
  if (listing.some((item) => passes(item, { ...query, q }))) return { q, corrected: null };
  const vocabulary = [...new Set(listing.flatMap((item) => words(item.product, item.category)))];
  const fixed = q.split(/\s+/).map((word) => (vocabulary.includes(word) ? word : (vocabulary.find((known) => oneEditApart(word, known)) ?? word))).join(' ');
  return fixed !== q && listing.some((item) => passes(item, { ...query, q: fixed })) ? { q: fixed, corrected: fixed } : { q, corrected: null };
}

/** What the fake was asked, in order (tests read the requests a screen made). */
export interface FakeCatalogCalls {
  products: ProductListQueryInput[];
  filters: ProductFiltersQueryInput[];
  search: SearchQueryInput[];
}

/**
 * An in-memory catalogue: the makeup listing above (with brands, categories, prices, badges and
 * sale prices to filter and sort on), a tree, a layout and one product page. Search finds words of
 * names, brands and categories, and corrects one typing mistake per word (`fundation`). It answers
 * for both the shared catalogue API and the catalog feature's listing API (tests/helpers/app-apis.ts).
 */
export function fakeCatalogApi(calls?: FakeCatalogCalls): CatalogApi & LayoutApi & ListingApi & FilterCountsApi {
  const makeup = Array.from({ length: 30 }, (_, index) => productFixture(index + 1));
  const listing = makeupListing();
  return {
    layouts: async () => layoutFixture,
    categories: async () => categoryTreeFixture,
    brands: async () => brandsFixture,
    async products(query) {
      calls?.products.push(query);
      return page(listing.filter((item) => passes(item, query)), query);
    },
    async filters(query) {
      calls?.filters.push(query);
      return filterCounts(listing, query.q ? { ...query, q: correct(listing, { ...query, q: query.q }).q } : query);
    },
    async search(query) {
      calls?.search.push(query);
      const { q, corrected } = correct(listing, query);
      const result = page(listing.filter((item) => passes(item, { ...query, q })), query);
      return { data: result.data, meta: { ...result.meta, query: query.q.trim().toLowerCase(), corrected } };
    },
    async product(slug) {
      if (slug === productDetailFixture.slug) return productDetailFixture;
      throw httpError(404);
    },
    featured: async () => makeup.slice(0, 4),
  };
}

/**
 * The listing view and its controls, loaded ahead (`beforeAll(preloadListing, 60_000)`): they are
 * lazy chunks, and a busy machine's first import must not eat into the first test's waiting time
 * (the tests are about behaviour, not load time).
 */
export function preloadListing(): Promise<unknown> {
  return Promise.all([import('../../src/web/features/catalog/listing-view.tsx'), import('../../src/web/features/catalog/listing-controls.tsx')]);
}
