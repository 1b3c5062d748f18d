import * as v from 'valibot';
import { PRODUCT_PAGE_SIZE_MAX } from '../config/constants.ts';
import { OtherFilterSchema, ProductSortSchema, SlugSchema } from './catalog.ts';
import { CATEGORY_PATH_PATTERN, FILTER_VALUES_MAX, PRICE_PATTERN, SEARCH_QUERY_MAX } from './patterns.ts';
import { normalizeSearchText } from './search-text.ts';
import { booleanFromQuery, intFromQuery } from './site-input.ts';

/*
 * Query and body schemas of the catalogue reads: parsed by the server and shown on the API page,
 * never by the SPA's first screens, so they stay out of catalog.ts (which the SPA entry imports).
 */

export { FILTER_VALUES_MAX };

const CategoryPathSchema = v.pipe(v.string(), v.regex(CATEGORY_PATH_PATTERN, 'must be a category path'));

/** `a,b,c` → `['a','b','c']`, each checked by `item`; duplicates dropped, order kept. */
export function listFromQuery<T>(item: v.GenericSchema<string, T>) {
  return v.pipe(
    v.string(),
    v.maxLength(4_000, 'is too long'),
    v.transform((value) => [...new Set(value.split(',').map((part) => part.trim()).filter(Boolean))]),
    v.maxLength(FILTER_VALUES_MAX, `must have at most ${FILTER_VALUES_MAX} values`),
    v.array(item),
  );
}

/** A price in major units of the request country's currency: `25`, `25.5`, `500000`. */
const priceFromQuery = v.pipe(
  v.string(),
  v.regex(PRICE_PATTERN, 'must be an amount such as 25 or 25.50'),
  v.transform(Number),
);

/** Search text: trimmed, never empty, at most `SEARCH_QUERY_MAX` characters. */
export const SearchTextSchema = v.pipe(
  v.string(),
  v.transform(normalizeSearchText),
  v.nonEmpty('must not be empty'),
  v.maxLength(SEARCH_QUERY_MAX, `must be at most ${SEARCH_QUERY_MAX} characters`),
);

/**
 * Filters shared by `GET products`, `GET products/filters` and `GET search`. Within one filter
 * the values are alternatives (brand A or B); different filters all apply (brand and price).
 */
const FilterQueryEntries = {
  /** Scope of a category listing: a category path, `makeup` or `makeup/face/foundation`. */
  category: v.optional(CategoryPathSchema),
  /** Scope of a brand listing: one brand slug. */
  brand: v.optional(SlugSchema),
  /** Brands filter: slugs, comma-separated. Unknown slugs match nothing. */
  brands: v.optional(listFromQuery(SlugSchema)),
  /** Categories filter: category paths, comma-separated (each includes its sub-categories). */
  categories: v.optional(listFromQuery(CategoryPathSchema)),
  /** Price range on what the shopper pays (the sale price when there is one), both ends included. */
  price_min: v.optional(priceFromQuery),
  price_max: v.optional(priceFromQuery),
  /** Others filter: badge codes, comma-separated. */
  others: v.optional(listFromQuery(OtherFilterSchema)),
  on_sale: v.optional(booleanFromQuery),
};

type PriceRange = { price_min?: number | undefined; price_max?: number | undefined };

/** A price range whose low end is above its high end is a mistake the shopper can fix: say so on `price_min`. */
function priceRangeInOrder<T extends PriceRange>() {
  return v.forward<T, v.CheckIssue<T>, ['price_min']>(
    v.check((query: T) => query.price_min === undefined || query.price_max === undefined || query.price_min <= query.price_max, 'must not be above price_max'),
    ['price_min'] as never,
  );
}

const PagingEntries = {
  sort: v.optional(ProductSortSchema),
  page: v.optional(intFromQuery(1, 100_000)),
  per_page: v.optional(intFromQuery(1, PRODUCT_PAGE_SIZE_MAX)),
};

/** Query of `GET products` (all values arrive as strings). */
export const ProductListQuerySchema = v.pipe(v.object({ ...FilterQueryEntries, ...PagingEntries }), priceRangeInOrder());
export type ProductListQueryInput = v.InferInput<typeof ProductListQuerySchema>;
export type ProductListQuery = v.InferOutput<typeof ProductListQuerySchema>;

/** Query of `GET products/filters`: the same filters (and `q` for search results), no paging. */
export const ProductFiltersQuerySchema = v.pipe(v.object({ ...FilterQueryEntries, q: v.optional(SearchTextSchema) }), priceRangeInOrder());
export type ProductFiltersQueryInput = v.InferInput<typeof ProductFiltersQuerySchema>;

/** Query of `GET search`: the text, then the listing's filters, sort and paging. */
export const SearchQuerySchema = v.pipe(v.object({ q: SearchTextSchema, ...FilterQueryEntries, ...PagingEntries }), priceRangeInOrder());
export type SearchQueryInput = v.InferInput<typeof SearchQuerySchema>;
export type SearchQuery = v.InferOutput<typeof SearchQuerySchema>;

/** `POST featured-products`: products picked for a placement on a page. */
export const FeaturedProductsBodySchema = v.object({
  placement: v.picklist(['home', 'category', 'product'], 'must be one of home, category, product'),
  /** For `category` placements: the category path. */
  category: v.optional(v.pipe(v.string(), v.maxLength(200))),
  limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(48)), 12),
});
export type FeaturedProductsBody = v.InferInput<typeof FeaturedProductsBodySchema>;
