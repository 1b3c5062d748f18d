import type * as v from 'valibot';
import { CACHE_FRESH_MS } from '../../../config/constants.ts';
import type { Brand, CategoryNode, ProductDetail, ProductSummary } from '../../../contract/catalog.ts';
import type { FeaturedProductsBody } from '../../../contract/catalog-query.ts';
import type { Site } from '../../../config/countries.ts';
import type { ApiClient } from './client.ts';
import { createReadCache } from './read-cache.ts';

export interface CatalogRequestOptions {
  signal?: AbortSignal;
}

/**
 * The catalogue reads more than one part of the store makes (the home, category, brand and product
 * pages): the category tree, brands, a product, featured products. The shell's layout is
 * `layout-api.ts` (in every first screen, without these schemas); a listing's own reads (products,
 * filters, search) are the catalog feature's (features/catalog/listing.tsx).
 */
export interface CatalogApi {
  categories(opts?: CatalogRequestOptions): Promise<CategoryNode[]>;
  brands(opts?: CatalogRequestOptions): Promise<Brand[]>;
  product(slug: string, opts?: CatalogRequestOptions): Promise<ProductDetail>;
  featured(body: FeaturedProductsBody, opts?: CatalogRequestOptions): Promise<ProductSummary[]>;
}

export interface CatalogApiOptions {
  /** Part of the cache key, because the same URL answers differently per country and language: the client's site by default. */
  site?: () => Site;
  now?: () => number;
  freshMs?: number;
}

/**
 * The answers' schemas, loaded with the first read: a first screen reads nothing (it hydrates from
 * the page's snapshots), so they stay off it (0.8 KB brotli on every catalogue page, `npm run size`).
 */
const schemas = () => import('../../../contract/catalog.ts');

/** Catalogue data is fresh for five minutes (spec §9), shared by concurrent callers (read-cache.ts). */
export function createCatalogApi(client: ApiClient, { site = client.site, now = Date.now, freshMs = CACHE_FRESH_MS }: CatalogApiOptions = {}): CatalogApi {
  const cached = createReadCache({ site, now, freshMs });
  const index = <S extends v.GenericSchema>(path: string, schema: S) => client.request('GET', path, schema);
  return {
    categories: (opts) => cached('GET categories', () => schemas().then(({ CategoryTreeSchema }) => index('categories', CategoryTreeSchema)).then((r) => r.data), opts?.signal),
    brands: (opts) => cached('GET brands', () => schemas().then(({ BrandListSchema }) => index('brands', BrandListSchema)).then((r) => r.data), opts?.signal),
    product: (slug, opts) =>
      cached(`GET products/${slug}`, () => schemas().then(({ ProductDetailResponseSchema }) => client.resource('products').show(slug, ProductDetailResponseSchema)).then((r) => r.data), opts?.signal),
    featured(body, opts) {
      const key = `POST featured-products ${JSON.stringify(body)}`;
      // A read in POST form (spec §7), so it is cached like the other reads.
      return cached(key, () => schemas().then(({ FeaturedProductsResponseSchema }) => client.resource('featured-products').create(body, FeaturedProductsResponseSchema)).then((r) => r.data), opts?.signal);
    },
  };
}
