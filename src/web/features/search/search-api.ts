import { CACHE_FRESH_MS } from '../../../config/constants.ts';
import { PopularQueriesResponseSchema, SuggestionsResponseSchema, type Suggestions } from '../../../contract/search.ts';
import { queryKey } from '../../../../machines/search/search-box.rules.ts';
import { unlessAborted } from '../../shared/api/abort.ts';
import type { ApiClient } from '../../shared/api/client.ts';
import type { Site } from '../../../config/countries.ts';

/** Suggestions repeat as a shopper types and deletes: an answer is reused for a minute. */
export const SUGGESTIONS_FRESH_MS = 60_000;
/** Answers kept for reuse; the oldest goes first. */
export const SUGGESTIONS_CACHE_SIZE = 50;

export interface SearchRequestOptions {
  signal?: AbortSignal;
}

/** The search box's calls; the box receives it, so tests can pass a fake. */
export interface SearchApi {
  suggestions(text: string, opts?: SearchRequestOptions): Promise<Suggestions>;
  popularQueries(opts?: SearchRequestOptions): Promise<string[]>;
}

export interface SearchApiOptions {
  /** Part of the cache keys: popular searches and suggestions differ per country and language. */
  site?: () => Site;
  now?: () => number;
  popularFreshMs?: number;
  suggestionsFreshMs?: number;
}

/**
 * `GET search/suggestions` and `GET search/popular-queries` (spec §7). Popular searches are fresh
 * for five minutes (spec §9) and shared by concurrent callers, whose signal only stops their own
 * wait. A suggestions request is the caller's own: its signal aborts the HTTP request (a newer
 * text makes it useless), and only answers that arrived are reused.
 */
export function createSearchApi(
  client: ApiClient,
  { site = client.site, now = Date.now, popularFreshMs = CACHE_FRESH_MS, suggestionsFreshMs = SUGGESTIONS_FRESH_MS }: SearchApiOptions = {},
): SearchApi {
  const sitePrefix = () => {
    const current = site();
    return `${current.country}|${current.language}|`;
  };
  let popular: { key: string; at: number; value: Promise<string[]> } | null = null;
  const answers = new Map<string, { at: number; value: Suggestions }>();

  return {
    popularQueries(opts) {
      const key = sitePrefix();
      if (!popular || popular.key !== key || now() - popular.at >= popularFreshMs) {
        const value = client
          .resource('search/popular-queries')
          .index(PopularQueriesResponseSchema)
          .then((response) => response.data.map((item) => item.query));
        const entry = { key, at: now(), value };
        popular = entry;
        // A failure is not kept: the next focus asks again.
        value.catch(() => {
          if (popular === entry) popular = null;
        });
      }
      return opts?.signal ? unlessAborted(popular.value, opts.signal) : popular.value;
    },

    async suggestions(text, opts) {
      const key = `${sitePrefix()}${queryKey(text)}`;
      const hit = answers.get(key);
      if (hit && now() - hit.at < suggestionsFreshMs) return hit.value;
      const response = await client
        .resource('search/suggestions')
        .index(SuggestionsResponseSchema, { query: { q: queryKey(text) }, ...(opts?.signal ? { signal: opts.signal } : {}) });
      answers.delete(key);
      answers.set(key, { at: now(), value: response.data });
      // Maps iterate in insertion order: the first key is the oldest answer.
      while (answers.size > SUGGESTIONS_CACHE_SIZE) answers.delete(answers.keys().next().value as string);
      return response.data;
    },
  };
}

