import { clipSearchText } from '../../src/contract/search-text.ts';
import type { Suggestions } from '../../src/contract/search.ts';

/** Recent searches kept on the device, newest first. */
export const RECENT_MAX = 8;
/** Popular searches shown under the recent ones. */
export const POPULAR_MAX = 8;
/** Quiet time after the last keystroke before suggestions are asked for. */
export const SUGGEST_DELAY_MS = 150;

/** What the box sends and records: the API's search text (clipSearchText) with single spaces. */
export function normalizeQuery(text: string): string {
  return clipSearchText(text.replace(/\s+/g, ' '));
}

/** The server echoes the query lower-cased: `Fund` and `fund ` ask the same thing. */
export function queryKey(text: string): string {
  return normalizeQuery(text).toLowerCase();
}

export function sameQuery(a: string, b: string): boolean {
  return queryKey(a) === queryKey(b);
}

/** `query` first, any earlier copy of it dropped (whatever its case), at most RECENT_MAX. */
export function addRecent(recent: readonly string[], query: string): string[] {
  const text = normalizeQuery(query);
  if (text === '') return [...recent];
  return [text, ...recent.filter((item) => !sameQuery(item, text))].slice(0, RECENT_MAX);
}

export function removeRecent(recent: readonly string[], query: string): string[] {
  return recent.filter((item) => !sameQuery(item, query));
}

export function searchHref(text: string): string {
  return `/search?q=${encodeURIComponent(normalizeQuery(text))}`;
}

export function categoryHref(path: string): string {
  return `/categories/${path.replace(/^\/+|\/+$/g, '')}`;
}

/** One choice of the listbox; `group` is the heading it sits under. */
export type SearchOption =
  | { group: 'recent'; kind: 'search'; text: string }
  | { group: 'popular'; kind: 'search'; text: string }
  | { group: 'correction'; kind: 'search'; text: string }
  | { group: 'terms'; kind: 'search'; text: string }
  | { group: 'products'; kind: 'product'; slug: string; name: string; brandName: string; imageUrl: string }
  | { group: 'brands'; kind: 'brand'; slug: string; name: string }
  | { group: 'categories'; kind: 'category'; path: string; name: string };

export type SearchOptionGroup = SearchOption['group'];

/** What the options are computed from: the machine's context. */
export interface SearchOptionsSource {
  text: string;
  suggestions: Suggestions | null;
  popular: readonly string[];
  recent: readonly string[];
}

/**
 * The listbox, in order. An empty box offers recent then popular searches (a popular one already
 * in the recent ones is not repeated); a typed text offers the last suggestions received (while
 * newer ones load, the older ones stay rather than flicker away).
 */
export function searchOptions({ text, suggestions, popular, recent }: SearchOptionsSource): SearchOption[] {
  if (normalizeQuery(text) === '') {
    const recentOptions = recent.map((item): SearchOption => ({ group: 'recent', kind: 'search', text: item }));
    const popularOptions = popular
      .filter((item) => !recent.some((known) => sameQuery(known, item)))
      .slice(0, POPULAR_MAX)
      .map((item): SearchOption => ({ group: 'popular', kind: 'search', text: item }));
    return [...recentOptions, ...popularOptions];
  }
  if (!suggestions) return [];
  const options: SearchOption[] = [];
  if (suggestions.corrected !== null) options.push({ group: 'correction', kind: 'search', text: suggestions.corrected });
  for (const term of suggestions.terms) options.push({ group: 'terms', kind: 'search', text: term.text });
  for (const product of suggestions.products) options.push({ group: 'products', kind: 'product', ...product });
  for (const brand of suggestions.brands) options.push({ group: 'brands', kind: 'brand', ...brand });
  for (const category of suggestions.categories) options.push({ group: 'categories', kind: 'category', ...category });
  return options;
}

/** Where choosing an option goes, and the search it records (null: a product, brand or category). */
export function destination(option: SearchOption): { href: string; search: string | null } {
  switch (option.kind) {
    case 'search':
      return { href: searchHref(option.text), search: normalizeQuery(option.text) };
    case 'product':
      return { href: `/products/${encodeURIComponent(option.slug)}`, search: null };
    case 'brand':
      return { href: `/brands/${encodeURIComponent(option.slug)}`, search: null };
    case 'category':
      return { href: categoryHref(option.path), search: null };
  }
}

/** Next highlighted index: wraps at both ends; -1 means none (the caret is in the text). */
export function stepHighlight(current: number, count: number, step: 1 | -1): number {
  if (count === 0) return -1;
  if (current < 0) return step === 1 ? 0 : count - 1;
  return (current + step + count) % count;
}
