import { CartResponseSchema, type Cart } from '../../../contract/cart.ts';
import type { ApiClient } from '../../shared/api/client.ts';
import { newIdempotencyKey } from '../../shared/api/idempotency.ts';

/**
 * The bag screen's own call for its Beauty Pass reward (issue 15): redeeming is the rewards
 * boutique's call, so only taking it out lives here, beside the bag, not in the shared cart API
 * that the "Add to bag" buttons of every first screen load.
 */
export interface BagRewardsApi {
  /** `DELETE cart/rewards/{id}`: the reward out of the bag. Answers the bag. */
  removeReward(id: number): Promise<Cart>;
}

export function createBagRewardsApi(client: ApiClient): BagRewardsApi {
  return {
    removeReward: (id) => client.request('DELETE', `cart/rewards/${id}`, CartResponseSchema, { idempotencyKey: newIdempotencyKey() }).then((answer) => answer.data),
  };
}
