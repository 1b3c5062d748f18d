import { CATEGORY_PATH_PATTERN, FILTER_VALUES_MAX, OTHER_FILTERS, PRICE_PATTERN, PRODUCT_SORTS, SLUG_PATTERN, type OtherFilter, type ProductSort } from './patterns.ts';

/*
 * The listing query — scope filters, the shopper's filters, sort and page — declared once. The
 * URL of a listing, the API's query string, the listing machine's context and the server's filter
 * all derive from what is here. It imports no valibot, so a listing's first screen can read a URL
 * without loading the schemas; `catalog-query.ts` builds the API's schemas from the same patterns
 * and lists (`patterns.ts`, which every first screen has, so this module stays off the others).
 *
 * One naming case per side: the wire (URL and API query) is snake_case (`price_min`), code is
 * camelCase (`priceMin`); `listingParams` and `readListingParams` are the one converter.
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

/** The shopper's filters, sort and page on the wire (URL and API query alike): comma lists, numbers as text. */
export interface ListingParams {
  brands?: string;
  categories?: string;
  price_min?: string;
  price_max?: string;
  others?: string;
  on_sale?: 'true';
  sort?: ProductSort;
  page?: string;
}
export type ListingParamKey = keyof ListingParams;
// A Record, so a wire name added above and not here fails to compile.
const PARAM_KEYS: Record<ListingParamKey, true> = { brands: true, categories: true, price_min: true, price_max: true, others: true, on_sale: true, sort: true, page: true };
export const LISTING_PARAM_KEYS = Object.keys(PARAM_KEYS) as ListingParamKey[];

/**
 * The wire form of `filters` (and of `sort` and `page` when given). Defaults (no filter,
 * featured, page 1) are left out, so a plain listing keeps its plain URL and its cache entry.
 */
export function listingParams(filters: ListingFilters, sort: ProductSort = 'featured', page = 1): ListingParams {
  const params: ListingParams = {};
  if (filters.brands.length > 0) params.brands = filters.brands.join(',');
  if (filters.categories.length > 0) params.categories = filters.categories.join(',');
  if (filters.priceMin !== null) params.price_min = String(filters.priceMin);
  if (filters.priceMax !== null) params.price_max = String(filters.priceMax);
  if (filters.others.length > 0) params.others = filters.others.join(',');
  if (filters.onSale) params.on_sale = 'true';
  if (sort !== 'featured') params.sort = sort;
  if (page > 1) params.page = String(page);
  return params;
}

const isSlug = (item: string): item is string => SLUG_PATTERN.test(item);
const isCategoryPath = (item: string): item is string => CATEGORY_PATH_PATTERN.test(item);
export const isOtherFilter = (item: string): item is OtherFilter => (OTHER_FILTERS as readonly string[]).includes(item);
export const isProductSort = (item: string | null): item is ProductSort => item !== null && (PRODUCT_SORTS as readonly string[]).includes(item);

function list<T extends string>(value: string | null | undefined, valid: (item: string) => item is T): T[] {
  if (!value) return [];
  const items = value.split(',').map((item) => item.trim());
  return [...new Set(items.filter(valid))].slice(0, FILTER_VALUES_MAX);
}

function price(value: string | null | undefined): number | null {
  return value != null && PRICE_PATTERN.test(value) ? Number(value) : null;
}

/**
 * The listing a URL asks for, read leniently: whatever does not parse is dropped rather than
 * refused, so an old or hand-edited link still opens the listing with the parts that make sense.
 * (The API is strict about the same names: `catalog-query.ts` answers 400 instead.)
 */
export function readListingParams(get: (key: ListingParamKey) => string | null, maxPage: number): ListingQuery {
  let priceMin = price(get('price_min'));
  let priceMax = price(get('price_max'));
  // The API refuses a reversed range; a link with one most likely means the same range.
  if (priceMin !== null && priceMax !== null && priceMin > priceMax) [priceMin, priceMax] = [priceMax, priceMin];
  const sort = get('sort');
  const page = Number(get('page'));
  return {
    filters: {
      brands: list(get('brands'), isSlug),
      categories: list(get('categories'), isCategoryPath),
      priceMin,
      priceMax,
      others: list(get('others'), isOtherFilter),
      onSale: get('on_sale') === 'true',
    },
    sort: isProductSort(sort) ? sort : 'featured',
    page: Number.isInteger(page) && page > 1 ? Math.min(page, maxPage) : 1,
  };
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
