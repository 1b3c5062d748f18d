import type { Context, MiddlewareHandler } from 'hono';
import { etag } from 'hono/etag';

/**
 * Catalogue reads (products, listings, search, layouts…): a browser or CDN may keep them, but
 * must ask again before each use (`no-cache`), answered 304 without a body while unchanged
 * (`revalidateCatalogue`). Why not a max-age: prices and stock change at any moment (a price
 * written in SQL shows on the next request on every process, as the bag charges it), and with
 * `max-age=300` a browser or CDN showed a price up to five minutes older than the bag's.
 */
export const CATALOGUE_CACHE = 'public, no-cache';

/** Catalogue reads: kept only to revalidate (see `CATALOGUE_CACHE`), varying by language and country. */
export function cacheCatalogue(c: Context): void {
  c.header('Cache-Control', CATALOGUE_CACHE);
  c.header('Vary', 'Accept-Language, X-Site-Country');
}

/**
 * An ETag on every catalogue read, and 304 to a request that names it (`If-None-Match`): what
 * makes `no-cache` cheap for the client. Other answers (no-store, private) get none: hono's etag
 * middleware alone would hash every answer.
 */
export function revalidateCatalogue(): MiddlewareHandler {
  const tag = etag();
  return async (c, next) => {
    await next();
    if (c.res.headers.get('Cache-Control') === CATALOGUE_CACHE) await tag(c, () => Promise.resolve());
  };
}

export const NO_STORE = 'no-store';
export const IMMUTABLE = 'public, max-age=31536000, immutable';
