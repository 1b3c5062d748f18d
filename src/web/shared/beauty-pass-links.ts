/*
 * The Beauty Pass screens' addresses (issue 15), which the loyalty feature, the account dashboard
 * and the shell's footer all point at. The spec names none of them
 * (docs/decisions/005-routes-the-spec-does-not-name.md): the
 * member's own pages live under /account like the orders and bookings, the programme's public ones
 * under /beauty-pass.
 */

/** The dashboard, whose Beauty Pass section holds the tier panel (and the join panel for a non-member). */
export const BEAUTY_PASS_SECTION_HREF = '/account#beauty-pass';
/** Where a non-member's join panel is, on the dashboard and on the rewards boutique. */
export const JOIN_ANCHOR = 'join-beauty-pass';
export const POINTS_HREF = '/account/points';
export const OFFERS_HREF = '/beauty-pass/offers';
export const REWARDS_HREF = '/beauty-pass/rewards';

/** A page of the points history (the first has no query). */
export function pointsHref(page = 1): string {
  return page <= 1 ? POINTS_HREF : `${POINTS_HREF}?page=${page}`;
}
