import type * as v from 'valibot';
import { CACHE_FRESH_MS } from '../../../config/constants.ts';
import { BrandListSchema, CategoryTreeSchema, FeaturedProductsResponseSchema, ProductDetailResponseSchema, type Brand, type CategoryNode, type ProductDetail, type ProductSummary } from '../../../contract/catalog.ts';
import type { FeaturedProductsBody } from '../../../contract/catalog-query.ts';
import { LayoutSchema, type Layout } from '../../../contract/layouts.ts';
import type { Site } from '../../../config/countries.ts';
import type { ApiClient } from './client.ts';
import { unlessAborted } from './abort.ts';

export interface CatalogRequestOptions {
  signal?: AbortSignal;
}

/**
 * The catalogue reads every part of the store makes (the shell's header and footer, the home and
 * product pages): layouts, the category tree, brands, a product, featured products. A listing's
 * own reads (products, filters, search) are the catalog feature's (features/catalog/listing.tsx).
 */
export interface CatalogApi {
  layouts(opts?: CatalogRequestOptions): Promise<Layout>;
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

/** Catalogue data is fresh for five minutes (spec §9), shared by concurrent callers (createReadCache below). */
export function createCatalogApi(client: ApiClient, { site = client.site, now = Date.now, freshMs = CACHE_FRESH_MS }: CatalogApiOptions = {}): CatalogApi {
  const cached = createReadCache({ site, now, freshMs });
  const index = <S extends v.GenericSchema>(path: string, schema: S) => client.request('GET', path, schema);
  return {
    layouts: (opts) => cached('GET layouts', () => index('layouts', LayoutSchema).then((r) => r.data), opts?.signal),
    categories: (opts) => cached('GET categories', () => index('categories', CategoryTreeSchema).then((r) => r.data), opts?.signal),
    brands: (opts) => cached('GET brands', () => index('brands', BrandListSchema).then((r) => r.data), opts?.signal),
    product: (slug, opts) =>
      cached(`GET products/${slug}`, () => client.resource('products').show(slug, ProductDetailResponseSchema).then((r) => r.data), opts?.signal),
    featured(body, opts) {
      const key = `POST featured-products ${JSON.stringify(body)}`;
      // A read in POST form (spec §7), so it is cached like the other reads.
      return cached(key, () => client.resource('featured-products').create(body, FeaturedProductsResponseSchema).then((r) => r.data), opts?.signal);
    },
  };
}

export interface ReadCacheOptions {
  /** Part of the key, because the same URL answers differently per country and language. */
  site: () => Site;
  now?: () => number;
  freshMs: number;
}

/**
 * Reads kept for `freshMs` (catalogue data: five minutes, spec §9). The cache keeps the promise, so
 * two screens asking at once share one request; a failed request is dropped at once. A caller's
 * abort does not cancel a shared request: the signal only stops that caller waiting.
 */
export function createReadCache({ site, now = Date.now, freshMs }: ReadCacheOptions) {
  const cache = new Map<string, { at: number; value: Promise<unknown> }>();
  return function cached<T>(key: string, load: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const { country, language } = site();
    const fullKey = `${country}|${language}|${key}`;
    const hit = cache.get(fullKey);
    let value: Promise<T>;
    if (hit && now() - hit.at < freshMs) {
      value = hit.value as Promise<T>; // stored by this function under the same key and type
    } else {
      value = load();
      cache.set(fullKey, { at: now(), value });
      value.catch(() => {
        if (cache.get(fullKey)?.value === value) cache.delete(fullKey);
      });
    }
    return signal ? unlessAborted(value, signal) : value;
  };
}

/** `GET path?query` with empty values dropped and keys ordered, so equal queries share a cache entry. */
export function queryKey(path: string, params: Record<string, string | undefined>): string {
  return `GET ${path}?${new URLSearchParams(params as Record<string, string>).toString()}`;
}

/** Drops empty values and orders keys (see queryKey). */
export function queryParams<Q extends object>(query: Q): Record<string, string | undefined> {
  const params: Record<string, string | undefined> = {};
  for (const key of Object.keys(query).sort() as (keyof Q & string)[]) {
    const value = query[key];
    if (value !== undefined && value !== '') params[key] = String(value);
  }
  return params;
}
