import { SEARCH_QUERY_MAX } from './patterns.ts';

/*
 * The search-text rule, written once for the API's schema, the search results page and the search
 * box. A module of its own so the first screens that do not search do not carry it.
 */

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
