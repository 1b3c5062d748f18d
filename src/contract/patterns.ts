/*
 * Patterns and word lists the boundaries check against — the API's schemas, the URL readers of
 * the SPA, the route table — written once. No valibot and nothing else, so any first screen can use them.
 */

/** A lower-case slug: `estee-lauder`. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Longest slug, in characters. */
export const SLUG_MAX = 120;

/** A product or brand slug as `SlugSchema` (catalog.ts) accepts it, for the route table, which has no valibot. */
export function isSlug(value: string): boolean {
  return value.length <= SLUG_MAX && SLUG_PATTERN.test(value);
}
/** A category path of one to three slugs: `makeup`, `makeup/face/foundation`. */
export const CATEGORY_PATH_PATTERN = /^[a-z0-9-]+(?:\/[a-z0-9-]+){0,2}$/;
/** A price in major units of the country's currency: `25`, `25.5`, `500000`. */
export const PRICE_PATTERN = /^\d{1,9}(?:\.\d{1,2})?$/;

export const PRODUCT_SORTS = ['featured', 'newest', 'price_desc', 'price_asc', 'top_rated'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** Badges a shopper can filter by (the "others" filter). */
export const OTHER_FILTERS = ['new', 'exclusive', 'coming_soon', 'priority_access', 'app_exclusive'] as const;
export type OtherFilter = (typeof OTHER_FILTERS)[number];

/**
 * Whether a product can be bought at all: one announced as coming soon is shown (with its waitlist)
 * but not sold, whatever its stock. The product page and the cards offer no "Add to bag" by this
 * rule; the bag's add refuses such a product in the database (`cart_add`, migration 0017: 409
 * `not_on_sale`), so a stale page cannot sell it either. Here, without valibot, for the first screens.
 */
export function isOnSale(product: { badges: readonly string[] }): boolean {
  return !product.badges.includes('coming_soon');
}

/** Values kept in one comma-separated filter (`brands=a,b,c`). */
export const FILTER_VALUES_MAX = 30;

/** Longest search text, in characters. */
export const SEARCH_QUERY_MAX = 200;
