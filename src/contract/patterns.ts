/*
 * Patterns, word lists and the search-text rule the boundaries check against — the API's schemas,
 * the URL readers of the SPA, the route table, the search box — written once. No valibot and nothing else, so any first screen can use them.
 */

/** A lower-case slug: `estee-lauder`. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A category path of one to three slugs: `makeup`, `makeup/face/foundation`. */
export const CATEGORY_PATH_PATTERN = /^[a-z0-9-]+(?:\/[a-z0-9-]+){0,2}$/;
/** A price in major units of the country's currency: `25`, `25.5`, `500000`. */
export const PRICE_PATTERN = /^\d{1,9}(?:\.\d{1,2})?$/;

export const PRODUCT_SORTS = ['featured', 'newest', 'price_desc', 'price_asc', 'top_rated'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** Badges a shopper can filter by (the "others" filter). */
export const OTHER_FILTERS = ['new', 'exclusive', 'coming_soon', 'priority_access', 'app_exclusive'] as const;
export type OtherFilter = (typeof OTHER_FILTERS)[number];

/** Values kept in one comma-separated filter (`brands=a,b,c`). */
export const FILTER_VALUES_MAX = 30;

/** Longest search text, in characters. */
export const SEARCH_QUERY_MAX = 200;

/** Search text as the server reads it: NFKC (full-width letters become plain ones), trimmed. */
export function normalizeSearchText(text: string): string {
  return text.normalize('NFKC').trim();
}

/**
 * Search text cut to what the API accepts (SEARCH_QUERY_MAX UTF-16 units, as its schema counts),
 * never splitting a character: a longer link or paste still searches instead of failing.
 */
export function clipSearchText(text: string): string {
  let clipped = normalizeSearchText(text).slice(0, SEARCH_QUERY_MAX);
  if (/[\uD800-\uDBFF]$/.test(clipped)) clipped = clipped.slice(0, -1);
  return clipped.trim();
}
