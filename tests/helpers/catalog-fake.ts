import type { CategoryNode, ProductDetail, ProductSummary } from '../../src/contract/catalog.ts';
import type { Layout } from '../../src/contract/layouts.ts';
import type { CatalogApi } from '../../src/web/api/catalog.ts';

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

/** An in-memory catalogue: 30 products in makeup, a tree, a layout and one product page. */
export function fakeCatalogApi(): CatalogApi {
  const makeup = Array.from({ length: 30 }, (_, index) => productFixture(index + 1));
  return {
    layouts: async () => layoutFixture,
    categories: async () => categoryTreeFixture,
    brands: async () => [{ id: 1, slug: 'glow-lab', name: 'Glow Lab' }],
    async products(query) {
      const page = Number(query.page ?? '1');
      const perPage = Number(query.per_page ?? '24');
      const all = query.category?.startsWith('makeup') ? makeup : [];
      return {
        data: all.slice((page - 1) * perPage, page * perPage),
        meta: { page, perPage, total: all.length, totalPages: Math.ceil(all.length / perPage) },
      };
    },
    async product(slug) {
      if (slug === productDetailFixture.slug) return productDetailFixture;
      throw httpError(404);
    },
    featured: async () => makeup.slice(0, 4),
  };
}
