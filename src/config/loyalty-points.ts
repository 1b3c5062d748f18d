/**
 * Points a member earns besides purchases (spec §3 point log sources), each at most once per
 * cause. The spec names the sources but gives no amounts: these are ours until the business
 * supplies real ones, and changing them touches no code.
 */
export const EARNING_POINTS = {
  /** Joining Beauty Pass (`beauty_pass_registration`), at registration or later from the account. */
  registration: 100,
  /** The beauty profile completed for the first time (`completed_beauty_profile`). */
  beautyProfile: 50,
  /** A published product review (`product_review_with_name`), once per review. */
  review: 20,
} as const;
