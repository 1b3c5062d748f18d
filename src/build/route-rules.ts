import type { RouteRule } from '../contract/build.ts';

/**
 * Route rules of the build manifest (spec §2), checked in and written into
 * `dist/web/build-manifest/<build id>.json` by buildInfoPlugin. `match` is an exact path, or a
 * prefix when it ends in `*`; `redirect` is an internal path (in-app navigation) or an http(s) URL
 * (full page load). The first matching rule wins.
 */
export const ROUTE_RULES: readonly RouteRule[] = [
  // Old campaign links to the seasonal promotions page: the on-sale listing has replaced it.
  { match: '/promotions', redirect: '/sale' },
];
