import { LRUCache } from 'lru-cache';
import { CACHE_FRESH_MS, COUNTRY_COOKIE, LANGUAGE_COOKIE, LANGUAGE_COOKIE_PREFIX } from '../../config/constants.ts';
import { SESSION_COOKIES } from '../../contract/session-constants.ts';

/**
 * Anonymous pages, kept in process: the same path, query, site cookies and catalogue version give
 * the same HTML, so a page is rendered once per catalogue change (and at most every `freshMs`,
 * the catalogue's five minutes of spec §9: the layouts have no version). Every price and stock
 * write moves the catalogue version (migration 0015), so a kept page never shows an older price
 * than the bag charges, on any process. Signed-in requests are
 * rendered every time and never kept: their HTML holds the member's header.
 */

/**
 * A kept answer, in the one form it is stored: brotli, as nearly every browser takes it, so a hit
 * is sent as these bytes without compressing the page again (that took 2.3 ms of CPU per listing
 * page served from the cache, and a seventh of the memory of the text); as it is when too small
 * to compress (`encoding: null`). A client without brotli gets it decoded, which is cheap.
 */
export interface CachedPage {
  status: number;
  body: Uint8Array<ArrayBuffer>;
  encoding: 'br' | null;
  /** A weak validator of the page (a hash of its bytes): a browser or CDN revalidating its copy gets a 304. */
  etag?: string;
}

/** What decides an anonymous page besides its URL: the cookies the site is resolved from. */
export function siteCookieKey(cookieHeader: string): string {
  const parts: string[] = [];
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    const name = part.slice(0, separator).trim();
    if (name === COUNTRY_COOKIE || name === LANGUAGE_COOKIE || name.startsWith(LANGUAGE_COOKIE_PREFIX)) parts.push(`${name}=${part.slice(separator + 1).trim()}`);
  }
  return parts.sort().join(';');
}

/** A request with a session is a member's: its page is theirs alone. */
export function isAnonymous(cookieHeader: string): boolean {
  return !new RegExp(`(?:^|;)\\s*${SESSION_COOKIES.data}=[^;]`).test(cookieHeader);
}

/** The default budget (`PAGE_CACHE_MB`): about 2,000 pages of 15 KB (a listing's 115 KB of HTML as brotli). */
export const DEFAULT_PAGE_CACHE_BYTES = 32 * 1024 * 1024;

/** What an entry holds besides its body's bytes: its key (at most two bytes a character) and its objects. */
const ENTRY_OVERHEAD_BYTES = 128;

/** The bytes an entry counts against the budget. */
export function entryBytes(key: string, page: CachedPage): number {
  return page.body.byteLength + 2 * key.length + ENTRY_OVERHEAD_BYTES;
}

export interface PageCacheOptions {
  /**
   * Most bytes the kept pages take (`entryBytes`): when a new page would pass it, the least
   * recently used go first; a page larger than the whole budget is not kept; 0 keeps nothing.
   * Bounded in bytes, not pages: keys carry the query, so a crawler walking filters and pages
   * would otherwise fill it with as many pages as it allows, whatever their size.
   */
  maxBytes?: number;
  freshMs?: number;
  now?: () => number;
  /** Told of every lookup, found or not (the metrics' hit rate). */
  onLookup?: (hit: boolean) => void;
}

export function createPageCache({ maxBytes = DEFAULT_PAGE_CACHE_BYTES, freshMs = CACHE_FRESH_MS, now = Date.now, onLookup }: PageCacheOptions = {}) {
  const entries = new LRUCache<string, CachedPage>({
    // lru-cache asks for a positive budget; every entry counts at least its overhead, so a budget
    // of 1 byte keeps nothing, as 0 does. An entry larger than the budget is not kept (maxEntrySize).
    maxSize: Math.max(1, maxBytes),
    sizeCalculation: (page, key) => entryBytes(key, page),
    // lru-cache counts an entry stale once it is older than `ttl`, ours once it is `freshMs` old
    // (whole milliseconds); and it reads a start at 0 as "no TTL": its clock is ours plus one.
    ttl: Math.max(1, freshMs - 1),
    // The clock is read on each lookup, not cached for a timer's millisecond: `now` may be a test's.
    ttlResolution: 0,
    perf: { now: () => now() + 1 },
  });
  return {
    get(key: string): CachedPage | null {
      // A stale page is a miss, dropped with its bytes; a hit becomes the most recently used.
      const page = entries.get(key);
      onLookup?.(page !== undefined);
      return page ?? null;
    },
    set(key: string, page: CachedPage): void {
      entries.set(key, page);
    },
    /** Pages kept. */
    get size() {
      return entries.size;
    },
    /** Bytes they count against the budget (`entryBytes`): never more than `maxBytes`. */
    get bytes() {
      return entries.calculatedSize;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
