import type { Context } from 'hono';

/** Catalogue reads: fresh for 5 minutes (spec §9), varying by language and country. */
export function cacheCatalogue(c: Context): void {
  c.header('Cache-Control', 'public, max-age=300');
  c.header('Vary', 'Accept-Language, X-Site-Country');
}

export const NO_STORE = 'no-store';
export const IMMUTABLE = 'public, max-age=31536000, immutable';
