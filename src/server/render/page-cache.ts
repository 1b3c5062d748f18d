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
  // A Map keeps insertion order: re-inserting on a hit makes it a least-recently-used list.
  const entries = new Map<string, { at: number; page: CachedPage; bytes: number }>();
  let bytes = 0;
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };
  return {
    get(key: string): CachedPage | null {
      const entry = entries.get(key);
      const fresh = entry !== undefined && now() - entry.at < freshMs;
      onLookup?.(fresh);
      if (!entry) return null;
      remove(key);
      if (!fresh) return null;
      entries.set(key, entry);
      bytes += entry.bytes;
      return entry.page;
    },
    set(key: string, page: CachedPage): void {
      remove(key);
      const size = entryBytes(key, page);
      if (size > maxBytes) return;
      entries.set(key, { at: now(), page, bytes: size });
      bytes += size;
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes) break;
        remove(oldest);
      }
    },
    /** Pages kept. */
    get size() {
      return entries.size;
    },
    /** Bytes they count against the budget (`entryBytes`): never more than `maxBytes`. */
    get bytes() {
      return bytes;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
