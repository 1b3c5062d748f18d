import type { Site } from '../../../config/countries.ts';
import { unlessAborted } from './abort.ts';

export interface ReadCacheOptions {
  /** Part of the key, because the same URL answers differently per country and language. */
  site: () => Site;
  now?: () => number;
  freshMs: number;
}

/**
 * Reads kept for `freshMs` (catalogue data: five minutes, spec §9). The cache keeps the promise, so
 * two screens asking at once share one request; a failed request is dropped at once. A caller's
 * abort does not cancel a shared request: the signal only stops that caller waiting.
 */
export function createReadCache({ site, now = Date.now, freshMs }: ReadCacheOptions) {
  const cache = new Map<string, { at: number; value: Promise<unknown> }>();
  return function cached<T>(key: string, load: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const { country, language } = site();
    const fullKey = `${country}|${language}|${key}`;
    const hit = cache.get(fullKey);
    let value: Promise<T>;
    if (hit && now() - hit.at < freshMs) {
      value = hit.value as Promise<T>; // stored by this function under the same key and type
    } else {
      value = load();
      cache.set(fullKey, { at: now(), value });
      value.catch(() => {
        if (cache.get(fullKey)?.value === value) cache.delete(fullKey);
      });
    }
    return signal ? unlessAborted(value, signal) : value;
  };
}

/** `GET path?query` with empty values dropped and keys ordered, so equal queries share a cache entry. */
export function queryKey(path: string, params: Record<string, string | undefined>): string {
  return `GET ${path}?${new URLSearchParams(params as Record<string, string>).toString()}`;
}

/** Drops empty values and orders keys (see queryKey). */
export function queryParams<Q extends object>(query: Q): Record<string, string | undefined> {
  const params: Record<string, string | undefined> = {};
  for (const key of Object.keys(query).sort() as (keyof Q & string)[]) {
    const value = query[key];
    if (value !== undefined && value !== '') params[key] = String(value);
  }
  return params;
}
