import type * as v from 'valibot';
import { CACHE_FRESH_MS } from '../../../config/constants.ts';
import { BrandListSchema, CategoryTreeSchema, FeaturedProductsResponseSchema, ProductDetailResponseSchema, ProductFiltersResponseSchema, ProductListResponseSchema, type Brand, type CategoryNode, type ProductDetail, type ProductFilters, type ProductListResponse, type ProductSummary } from '../../../contract/catalog.ts';
import type { FeaturedProductsBody, ProductFiltersQueryInput, ProductListQueryInput, SearchQueryInput } from '../../../contract/catalog-query.ts';
import { LayoutSchema, type Layout } from '../../../contract/layouts.ts';
import type { SearchResponse } from '../../../contract/search.ts';
import type { Site } from '../../../config/countries.ts';
import type { ApiClient } from './client.ts';
import { unlessAborted } from './abort.ts';

export interface CatalogRequestOptions {
  signal?: AbortSignal;
}

/** The catalogue reads the SPA makes; screens receive it from context so tests can pass a fake. */
export interface CatalogApi {
  layouts(opts?: CatalogRequestOptions): Promise<Layout>;
  categories(opts?: CatalogRequestOptions): Promise<CategoryNode[]>;
  brands(opts?: CatalogRequestOptions): Promise<Brand[]>;
  products(query: ProductListQueryInput, opts?: CatalogRequestOptions): Promise<ProductListResponse>;
  product(slug: string, opts?: CatalogRequestOptions): Promise<ProductDetail>;
  featured(body: FeaturedProductsBody, opts?: CatalogRequestOptions): Promise<ProductSummary[]>;
  /** `GET products/filters`: each filter's choices with counts for the listing query (and `q` on search results). */
  filters(query: ProductFiltersQueryInput, opts?: CatalogRequestOptions): Promise<ProductFilters>;
  /** `GET search`: a page of results for `q` with the listing's filters and sort. */
  search(query: SearchQueryInput, opts?: CatalogRequestOptions): Promise<SearchResponse>;
}

interface CacheEntry {
  at: number;
  value: Promise<unknown>;
}

export interface CatalogApiOptions {
  /** Part of the cache key, because the same URL answers differently per country and language: the client's site by default. */
  site?: () => Site;
  now?: () => number;
  freshMs?: number;
}

/**
 * Catalogue data is fresh for five minutes (spec §9). The cache keeps the promise, so two screens
 * asking for the layouts at once share one request; a failed request is dropped at once.
 * A caller's abort does not cancel a shared request: the signal only stops that caller waiting.
 */
export function createCatalogApi(client: ApiClient, { site = client.site, now = Date.now, freshMs = CACHE_FRESH_MS }: CatalogApiOptions = {}): CatalogApi {
  const cache = new Map<string, CacheEntry>();

  function cached<T>(key: string, load: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const current = site();
    const fullKey = `${current.country}|${current.language}|${key}`;
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
  }

  const index = <S extends v.GenericSchema>(path: string, schema: S, query?: Record<string, string | undefined>) =>
    client.resource(path).index(schema, query ? { query } : {});

  return {
    layouts: (opts) => cached('GET layouts', () => index('layouts', LayoutSchema).then((r) => r.data), opts?.signal),
    categories: (opts) => cached('GET categories', () => index('categories', CategoryTreeSchema).then((r) => r.data), opts?.signal),
    brands: (opts) => cached('GET brands', () => index('brands', BrandListSchema).then((r) => r.data), opts?.signal),
    products(query, opts) {
      const params = productQuery(query);
      return cached(queryKey('products', params), () => index('products', ProductListResponseSchema, params), opts?.signal);
    },
    filters(query, opts) {
      const params = productQuery(query);
      return cached(queryKey('products/filters', params), () => index('products/filters', ProductFiltersResponseSchema, params).then((r) => r.data), opts?.signal);
    },
    search(query, opts) {
      const params = productQuery(query);
      // The schema comes with the search page: the entry chunk never parses a search answer.
      const load = () => import('../../../contract/search.ts').then(({ SearchResponseSchema }) => index('search', SearchResponseSchema, params));
      return cached(queryKey('search', params), load, opts?.signal);
    },
    product: (slug, opts) =>
      cached(`GET products/${slug}`, () => client.resource('products').show(slug, ProductDetailResponseSchema).then((r) => r.data), opts?.signal),
    featured(body, opts) {
      const key = `POST featured-products ${JSON.stringify(body)}`;
      // A read in POST form (spec §7), so it is cached like the other reads.
      return cached(key, () => client.resource('featured-products').create(body, FeaturedProductsResponseSchema).then((r) => r.data), opts?.signal);
    },
  };
}

function queryKey(path: string, params: Record<string, string | undefined>): string {
  return `GET ${path}?${new URLSearchParams(params as Record<string, string>).toString()}`;
}

/** Drops empty values and orders keys, so equal queries share a cache entry. */
function productQuery<Q extends object>(query: Q): Record<string, string | undefined> {
  const params: Record<string, string | undefined> = {};
  for (const key of Object.keys(query).sort() as (keyof Q & string)[]) {
    const value = query[key];
    if (value !== undefined && value !== '') params[key] = String(value);
  }
  return params;
}
