import type { Endpoint } from './endpoints.ts';

/**
 * Beauty Pass for members (issue 15): `beauty-pass/…` (status, points history, tier news seen,
 * joining). Part of `ENDPOINTS`.
 */
export const BEAUTY_PASS_ENDPOINTS: readonly Endpoint[] = [];
