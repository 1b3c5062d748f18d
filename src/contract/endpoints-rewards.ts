import type { Endpoint } from './endpoints.ts';

/**
 * The rewards boutique, a reward in the bag, the Beauty Pass offers and a member's order
 * cancellation (issue 15). Part of `ENDPOINTS`.
 */
export const REWARD_ENDPOINTS: readonly Endpoint[] = [];
