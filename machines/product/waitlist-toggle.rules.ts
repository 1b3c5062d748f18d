import { isWaitlistable } from '../../src/contract/reviews.ts';

/** What the waitlist rule reads of a product: live stock and badges (the product page's `GET variants`). */
export interface WaitlistProduct {
  inStock: boolean;
  badges: readonly string[];
}

/** Why joining is refused before anything is sent; the server answers the same with 409 `not_waitlistable`. */
export type JoinRefusal = 'notWaitlistable';

/**
 * The `canJoin` guard's decision, also read by the connect so the view says why it offers no
 * join. A product the page has not described (null) is left to the server to decide.
 */
export function joinRefusal(product: WaitlistProduct | null): JoinRefusal | null {
  return product === null || isWaitlistable(product) ? null : 'notWaitlistable';
}

/**
 * Whether the page shows the waitlist at all: when the product can be joined, or when the member
 * is on its list already (leaving always works, even once the product is back).
 */
export function waitlistOffered(product: WaitlistProduct | null, waitlisted: boolean): boolean {
  return waitlisted || joinRefusal(product) === null;
}
