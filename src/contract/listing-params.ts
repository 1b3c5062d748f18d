import type { ListingFilters, ListingQuery } from './listing-query.ts';
import { CATEGORY_PATH_PATTERN, FILTER_VALUES_MAX, OTHER_FILTERS, PRICE_PATTERN, PRODUCT_SORTS, SLUG_PATTERN, type OtherFilter, type ProductSort } from './patterns.ts';

/*
 * The listing query on the wire — the URL of a listing and the API's query string use the same
 * snake_case names — and the converter between it and the camelCase `ListingQuery`. The listing
 * screens read their URL with it before anything else loads.
 */

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
