/** Business constants and limits of spec §9, in one place. */

/** Failed requests are retried at most this many times (spec §7). */
export const RETRY_LIMIT = 3;
/** The only statuses worth a retry (spec §7). */
export const RETRY_STATUSES: readonly number[] = [408, 409, 425, 429, 500, 502, 503, 504];

/** Catalogue data is fresh for 5 minutes. */
export const CACHE_FRESH_MS = 300_000;

/** Country (`locale`) and language (`language`) cookies live 365 days on path `/`. */
export const SITE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
export const COUNTRY_COOKIE = 'locale';
export const LANGUAGE_COOKIE = 'language';
/** The language cookie stores `lng_<code>` (spec §3). */
export const LANGUAGE_COOKIE_PREFIX = 'lng_';

/** JWT cookies: 60 days. */
export const JWT_COOKIE_MAX_AGE_S = 5_184_000;

/** Products per listing page ("1 to {visible} of {total}", Show More). */
export const PRODUCT_PAGE_SIZE = 24;
export const PRODUCT_PAGE_SIZE_MAX = 100;

/** Page-reload guard after a failed chunk load. */
export const CHUNK_RELOAD_GUARD_MS = 10_000;
/** The build manifest is fetched about this long after start. */
export const MANIFEST_PREFETCH_DELAY_MS = 1_000;

export const API_PREFIX = '/api/web/v1';

/** Client identification headers every request carries (spec §7). */
export const CLIENT_HEADERS = {
  'Content-Type': 'application/json',
  'X-Platform': 'web',
  'X-App-Platform': 'web_desktop',
  'X-App-Version': '1.0.0',
  'X-SWA': 'web',
} as const;
