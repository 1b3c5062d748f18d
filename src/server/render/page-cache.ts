import { CACHE_FRESH_MS, COUNTRY_COOKIE, LANGUAGE_COOKIE, LANGUAGE_COOKIE_PREFIX } from '../../config/constants.ts';
import { SESSION_COOKIES } from '../../contract/session-constants.ts';

/**
 * Anonymous pages, kept in process: the same path, query, site cookies and catalogue version give
 * the same HTML, so a page is rendered once per catalogue change (and at most every `freshMs`,
 * the catalogue's five minutes of spec §9: the layouts have no version). Signed-in requests are
 * rendered every time and never kept: their HTML holds the member's header.
 */

export interface CachedPage {
  status: number;
  body: string;
  /** One shopper's own page (RenderedPage.personal): never kept. */
  personal?: boolean;
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

export interface PageCacheOptions {
  maxEntries?: number;
  freshMs?: number;
  now?: () => number;
}

export function createPageCache({ maxEntries = 1_000, freshMs = CACHE_FRESH_MS, now = Date.now }: PageCacheOptions = {}) {
  // A Map keeps insertion order: re-inserting on a hit makes it a least-recently-used list.
  const entries = new Map<string, { at: number; page: CachedPage }>();
  return {
    get(key: string): CachedPage | null {
      const entry = entries.get(key);
      if (!entry) return null;
      entries.delete(key);
      if (now() - entry.at >= freshMs) return null;
      entries.set(key, entry);
      return entry.page;
    },
    set(key: string, page: CachedPage): void {
      entries.delete(key);
      entries.set(key, { at: now(), page });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    get size() {
      return entries.size;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
