import { lazy, Suspense, useState } from 'react';
import { useSearch } from 'wouter';
import { CACHE_FRESH_MS, PRODUCT_PAGE_SIZE, PRODUCT_PAGE_SIZE_MAX } from '../../../config/constants.ts';
import type { ProductListResponse } from '../../../contract/catalog.ts';
import type { ProductFiltersQueryInput, ProductListQueryInput, SearchQueryInput } from '../../../contract/catalog-query.ts';
import { type ListingFilters, type ListingQuery } from '../../../contract/listing-query.ts';
import { listingParams, readListingParams, type ListingParamKey } from '../../../contract/listing-params.ts';
import type { SearchResponse } from '../../../contract/search.ts';
import type { FetchPageInput, ListingPage } from '../../../../machines/catalog/product-listing.machine.ts';
import { unlessAborted } from '../../shared/api/abort.ts';
import { useApi } from '../../shared/api/api-provider.tsx';
import type { ApiClient } from '../../shared/api/client.ts';
import { createReadCache, queryKey, queryParams } from '../../shared/api/read-cache.ts';
import { ProductGridSkeleton } from '../../shared/ui/skeleton.tsx';
import { useScreenDataProvided } from '../../shared/ssr/screen-state.tsx';
import type { ListingViewProps } from './listing-view.tsx';

/*
 * A listing's data, from the URL to the API: the query the URL asks for
 * (`?brands=a,b&price_min=10&sort=price_asc&page=2`, the API's own names: src/contract/listing-params.ts),
 * the listing's calls (`GET products`, `GET search`; the filter panel's is filter-counts-api.ts), and `<Listing>`, which
 * starts the first request while the view's code loads. Part of the listing screens' first screen:
 * no messages, nothing else.
 */

export interface ListingRequestOptions {
  signal?: AbortSignal;
}

/** The listing's reads; each answer is kept five minutes per URL and site, like the rest of the catalogue. */
export interface ListingApi {
  products(query: ProductListQueryInput, opts?: ListingRequestOptions): Promise<ProductListResponse>;
  /** `GET search`: a page of results for `q` with the listing's filters and sort. */
  search(query: SearchQueryInput, opts?: ListingRequestOptions): Promise<SearchResponse>;
}

export function createListingApi(client: ApiClient, { now = Date.now, freshMs = CACHE_FRESH_MS }: { now?: () => number; freshMs?: number } = {}): ListingApi {
  const cached = createReadCache({ site: client.site, now, freshMs });
  const read = <T,>(path: string, query: object, load: (params: Record<string, string | undefined>) => Promise<T>, signal?: AbortSignal) => {
    const params = queryParams(query);
    return cached(queryKey(path, params), () => load(params), signal);
  };
  return {
    // The schemas come with the first read: a first screen hydrates from its snapshots and reads nothing.
    products: (query, opts) =>
      read('products', query, (params) => import('../../../contract/catalog.ts').then(({ ProductListResponseSchema }) => client.request('GET', 'products', ProductListResponseSchema, { query: params })), opts?.signal),
    search: (query, opts) =>
      // The schema comes with the search page: no other first screen parses a search answer.
      read('search', query, (params) => import('../../../contract/search.ts').then(({ SearchResponseSchema }) => client.request('GET', 'search', SearchResponseSchema, { query: params })), opts?.signal),
  };
}

/** Restoring `page=N` loads N pages; a link asking for more opens with this many (240 products). */
export const MAX_RESTORED_PAGES = 10;

/**
 * The listing a URL query asks for. Whatever does not parse is dropped rather than refused: an old
 * or hand-edited link still opens the listing, with the parts that make sense.
 */
export function decodeListingQuery(search: string): ListingQuery {
  const params = new URLSearchParams(search);
  return readListingParams((key: ListingParamKey) => params.get(key), MAX_RESTORED_PAGES);
}

/** What the page fixes: a category, a brand, the sale, or a search text. */
export type ListingScope = { kind: 'category'; path: string } | { kind: 'brand'; slug: string } | { kind: 'sale' } | { kind: 'search'; q: string };

/** The listing machine's key among the page's screen machines (useScreenActor). */
export function listingKey(scope: ListingScope): string {
  switch (scope.kind) {
    case 'category':
      return `listing:category:${scope.path}`;
    case 'brand':
      return `listing:brand:${scope.slug}`;
    case 'search':
      return `listing:search:${scope.q}`;
    case 'sale':
      return 'listing:sale';
  }
}

type FilterParams = Omit<ProductFiltersQueryInput, 'q'> & { q?: string };

/** The API query of a scope and filters (no sort or paging): what `GET products/filters` takes too. */
export function filterParams(scope: ListingScope, filters: ListingFilters): FilterParams {
  const params: FilterParams = listingParams(scope.kind === 'sale' ? { ...filters, onSale: true } : filters);
  if (scope.kind === 'category') params.category = scope.path;
  if (scope.kind === 'brand') params.brand = scope.slug;
  if (scope.kind === 'search') params.q = scope.q;
  return params;
}

interface RawPage extends ProductListResponse {
  corrected?: string | null;
}

/**
 * Pages `fromPage`..`toPage` (of PRODUCT_PAGE_SIZE) as one answer. A link to page 3 asks for the
 * first 72 products in one request when the API allows that many per page, else for each page
 * at once; either way the answer reads as pages of PRODUCT_PAGE_SIZE, so Show More goes on from it.
 */
export async function loadPages(
  fetchOne: (page: number, perPage: number) => Promise<RawPage>,
  fromPage: number,
  toPage: number,
): Promise<ListingPage> {
  const count = toPage - fromPage + 1;
  const answers =
    fromPage === 1 && count * PRODUCT_PAGE_SIZE <= PRODUCT_PAGE_SIZE_MAX
      ? [await fetchOne(1, count * PRODUCT_PAGE_SIZE)]
      : await Promise.all(Array.from({ length: count }, (_, index) => fetchOne(fromPage + index, PRODUCT_PAGE_SIZE)));
  const last = answers.at(-1);
  const total = last?.meta.total ?? 0;
  return {
    data: answers.flatMap((answer) => answer.data),
    meta: { page: toPage, perPage: PRODUCT_PAGE_SIZE, total, totalPages: Math.ceil(total / PRODUCT_PAGE_SIZE) },
    corrected: answers[0]?.corrected ?? null,
  };
}

function listQuery(scope: ListingScope, query: ListingQuery, page: number, perPage: number): ProductListQueryInput {
  const { q: _q, ...params } = filterParams(scope, query.filters);
  // The API sorts by featured when told nothing (listingParams leaves it out): the plain listing shares its cache entry.
  const { sort } = listingParams(query.filters, query.sort);
  return { ...params, ...(sort ? { sort } : {}), page: String(page), per_page: String(perPage) };
}

function load(api: ListingApi, scope: ListingScope, { query, fromPage, toPage }: FetchPageInput, signal?: AbortSignal): Promise<ListingPage> {
  const opts = signal ? { signal } : {};
  return loadPages(
    async (page, perPage) => {
      const params = listQuery(scope, query, page, perPage);
      if (scope.kind !== 'search') return api.products(params, opts);
      const answer = await api.search({ ...params, q: scope.q }, opts);
      return { data: answer.data, meta: answer.meta, corrected: answer.meta.corrected };
    },
    fromPage,
    toPage,
  );
}

/** The request prefetchListing started, until the listing's first fetch takes it over. */
const prefetched = new WeakMap<ListingApi, { key: string; answer: Promise<ListingPage> }>();
const requestKey = (scope: ListingScope, input: FetchPageInput) => JSON.stringify([scope, input]);

/**
 * Fetches what the listing machine's `fetchPage` asks for: `GET search` for a search, `GET products`
 * otherwise. The first fetch of a listing takes over the request prefetchListing started for it.
 */
export function fetchListing(api: ListingApi, scope: ListingScope, input: FetchPageInput, signal?: AbortSignal): Promise<ListingPage> {
  const early = prefetched.get(api);
  prefetched.delete(api);
  if (early && early.key === requestKey(scope, input)) return signal ? unlessAborted(early.answer, signal) : early.answer;
  return load(api, scope, input, signal);
}

/**
 * Starts the first request of the listing at `search` while the listing's code loads, so the two
 * arrive side by side instead of one after the other.
 */
function prefetchListing(api: ListingApi, scope: ListingScope, search: string): void {
  const query = decodeListingQuery(search);
  const input = { query, fromPage: 1, toPage: query.page };
  const answer = load(api, scope, input);
  // A failure is the listing's to show (with its Retry) when it takes the request over.
  answer.catch(() => undefined);
  prefetched.set(api, { key: requestKey(scope, input), answer });
}

// Most of a listing's code (machine, grid, Show More, URL writing) is a chunk of its own...
const ListingView = lazy(() => import('./listing-view.tsx'));

/**
 * ...that loads side by side with the listing's first request: the request starts here, and the
 * view finds it (fetchListing). So the listing screens' first-screen code is their heading.
 */
export function Listing(props: ListingViewProps) {
  const api = useApi(createListingApi);
  const search = useSearch();
  const provided = useScreenDataProvided(listingKey(props.scope));
  // Once per listing (a new scope comes with a new `key`), and during the first render rather than
  // in an effect: the view's own effects (its first fetch) run before this component's. Not when
  // the page brought the listing's data (server render, payload): there is nothing to fetch.
  useState(() => {
    if (!provided) prefetchListing(api, props.scope, search);
  });
  return (
    <Suspense fallback={<ProductGridSkeleton />}>
      <ListingView {...props} />
    </Suspense>
  );
}
