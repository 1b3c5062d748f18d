import { PRODUCT_PAGE_SIZE, PRODUCT_PAGE_SIZE_MAX } from '../../../config/constants.ts';
import type { ProductListResponse } from '../../../contract/catalog.ts';
import type { ProductFiltersQueryInput, ProductListQueryInput } from '../../../contract/catalog-query.ts';
import { listingParams, readListingParams, type ListingFilters, type ListingParamKey, type ListingQuery } from '../../../contract/listing-query.ts';
import type { FetchPageInput, ListingPage } from '../../../../machines/catalog/product-listing.machine.ts';
import { unlessAborted } from '../../shared/api/abort.ts';
import type { CatalogApi } from '../../shared/api/catalog-api.ts';

/*
 * What a listing asks the API for, read from the URL query (`?brands=a,b&price_min=10&sort=price_asc&page=2`,
 * the API's own names: src/contract/listing-query.ts). The listing screens start this request
 * while the listing's code loads (prefetchListing), so it is part of their first screen: no
 * messages, nothing else.
 */

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

function load(api: CatalogApi, scope: ListingScope, { query, fromPage, toPage }: FetchPageInput, signal?: AbortSignal): Promise<ListingPage> {
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
const prefetched = new WeakMap<CatalogApi, { key: string; answer: Promise<ListingPage> }>();
const requestKey = (scope: ListingScope, input: FetchPageInput) => JSON.stringify([scope, input]);

/**
 * Fetches what the listing machine's `fetchPage` asks for: `GET search` for a search, `GET products`
 * otherwise. The first fetch of a listing takes over the request prefetchListing started for it.
 */
export function fetchListing(api: CatalogApi, scope: ListingScope, input: FetchPageInput, signal?: AbortSignal): Promise<ListingPage> {
  const early = prefetched.get(api);
  prefetched.delete(api);
  if (early && early.key === requestKey(scope, input)) return signal ? unlessAborted(early.answer, signal) : early.answer;
  return load(api, scope, input, signal);
}

/**
 * Starts the first request of the listing at `search` while the listing's code loads, so the two
 * arrive side by side instead of one after the other.
 */
export function prefetchListing(api: CatalogApi, scope: ListingScope, search: string): void {
  const query = decodeListingQuery(search);
  const input = { query, fromPage: 1, toPage: query.page };
  const answer = load(api, scope, input);
  // A failure is the listing's to show (with its Retry) when it takes the request over.
  answer.catch(() => undefined);
  prefetched.set(api, { key: requestKey(scope, input), answer });
}
