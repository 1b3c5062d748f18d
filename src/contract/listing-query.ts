import type { OtherFilter, ProductSort } from './patterns.ts';

/*
 * The listing query — the shopper's filters, sort and page — declared once. The URL of a listing,
 * the API's query string, the listing machine's context and the server's filter all derive from
 * what is here and from `listing-params.ts` (the wire form), with the patterns and lists of
 * `patterns.ts`, from which `catalog-query.ts` builds the API's schemas. No valibot.
 *
 * One naming case per side: the wire (URL and API query) is snake_case (`price_min`), code is
 * camelCase (`priceMin`). The one converter is `listingParams`/`readListingParams`
 * (listing-params.ts, a module of its own because a listing's first screen needs only it) and,
 * for the query the API parsed, `filtersOfParams` below.
 */

/** The shopper's filters of a listing (spec §3); the scope (category, brand, sale, search) is fixed by the page. */
export interface ListingFilters {
  brands: string[];
  categories: string[];
  priceMin: number | null;
  priceMax: number | null;
  others: OtherFilter[];
  onSale: boolean;
}

/** What a listing shows: filters, sort and how many pages (as in the URL, `page=3` → products 1–72). */
export interface ListingQuery {
  filters: ListingFilters;
  sort: ProductSort;
  page: number;
}

export const NO_FILTERS: ListingFilters = { brands: [], categories: [], priceMin: null, priceMax: null, others: [], onSale: false };
export const DEFAULT_LISTING_QUERY: ListingQuery = { filters: NO_FILTERS, sort: 'featured', page: 1 };

export function hasFilters(filters: ListingFilters): boolean {
  return (
    filters.brands.length > 0 ||
    filters.categories.length > 0 ||
    filters.priceMin !== null ||
    filters.priceMax !== null ||
    filters.others.length > 0 ||
    filters.onSale
  );
}

/** Equal queries show the same products: the URL echo of a page the machine reached itself is one. */
export function sameQuery(a: ListingQuery, b: ListingQuery): boolean {
  const sameList = (x: readonly string[], y: readonly string[]) => x.length === y.length && x.every((value, index) => value === y[index]);
  const fa = a.filters;
  const fb = b.filters;
  return (
    a.sort === b.sort &&
    a.page === b.page &&
    fa.priceMin === fb.priceMin &&
    fa.priceMax === fb.priceMax &&
    fa.onSale === fb.onSale &&
    sameList(fa.brands, fb.brands) &&
    sameList(fa.categories, fb.categories) &&
    sameList(fa.others, fb.others)
  );
}

/** The filter part of a query the API parsed (`ProductListQuerySchema` and friends, snake_case). */
export interface ParsedFilterParams {
  brands?: string[] | undefined;
  categories?: string[] | undefined;
  price_min?: number | undefined;
  price_max?: number | undefined;
  others?: OtherFilter[] | undefined;
  on_sale?: boolean | undefined;
}

/** A parsed API query's filters in code's terms: the server's side of `listingParams`. */
export function filtersOfParams(params: ParsedFilterParams): ListingFilters {
  return {
    brands: params.brands ?? [],
    categories: params.categories ?? [],
    priceMin: params.price_min ?? null,
    priceMax: params.price_max ?? null,
    others: params.others ?? [],
    onSale: params.on_sale ?? false,
  };
}
