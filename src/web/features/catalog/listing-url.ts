import { NO_FILTERS, type ListingFilters, type ListingQuery } from '../../../contract/listing-query.ts';
import { LISTING_PARAM_KEYS, listingParams } from '../../../contract/listing-params.ts';

/*
 * Writing a listing's filters, sort and page into the URL query, with the API's own names
 * (`?brands=a,b&price_min=10&sort=price_asc&page=2`, src/contract/listing-query.ts), so a shared
 * link or Back shows the same view. Reading them back is decodeListingQuery (./listing.tsx,
 * part of the first screen); writing them is only needed once the listing is shown, so it loads
 * with the listing.
 */

/**
 * The URL query of `query`, keeping the other parameters of `search` (`q`, `language`). Defaults
 * (no filter, featured, page 1) are left out, so the plain listing keeps its plain URL.
 */
export function encodeListingQuery(query: ListingQuery, search = ''): string {
  const params = new URLSearchParams(search);
  for (const key of LISTING_PARAM_KEYS) params.delete(key);
  for (const [key, value] of Object.entries(listingParams(query.filters, query.sort, query.page))) params.set(key, value);
  // Commas and slashes stay readable in a shared link.
  return params.toString().replace(/%2C/g, ',').replace(/%2F/g, '/');
}

/** `path?query`, or the bare path when the query is empty. */
export function listingHref(path: string, query: ListingQuery, search = ''): string {
  const encoded = encodeListingQuery(query, search);
  return encoded ? `${path}?${encoded}` : path;
}

/** The filters with `change` applied and the page back to 1 (a new filter starts a new list). */
export function withFilters(query: ListingQuery, change: Partial<ListingFilters>): ListingQuery {
  return { ...query, filters: { ...query.filters, ...change }, page: 1 };
}

export function withoutFilters(query: ListingQuery): ListingQuery {
  return { ...query, filters: NO_FILTERS, page: 1 };
}
