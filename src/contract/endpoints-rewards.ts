import { BeautyPassOfferListResponseSchema, BeautyPassOfferResponseSchema, RewardListQuerySchema, RewardListResponseSchema, RewardRedeemSchema } from './beauty-pass.ts';
import { CartResponseSchema } from './cart.ts';
import { OrderCancelResponseSchema, OrderCancelSchema } from './checkout.ts';
import type { Endpoint } from './endpoints.ts';

const JSON_TYPE = 'application/json';

/**
 * The rewards boutique, a reward in the bag, the Beauty Pass offers and a member's order
 * cancellation (issue 15). Part of `ENDPOINTS`.
 */
export const REWARD_ENDPOINTS: readonly Endpoint[] = [
  {
    id: 'rewards.index',
    method: 'GET',
    path: 'rewards',
    operation: 'index',
    description:
      "The rewards boutique of the request's country, by points cost (`sort=points_asc`, the default, or `points_desc`): each reward with its tiers, stock as the caller may have it (stock less other bags' live holds) and `refusal`, why the caller cannot redeem it now (sign_in, not_member, tier, out_of_stock, points, one_per_transaction; null: they can). `meta`: the caller's balance and tier (null for visitors and non-members).",
    status: 200,
    contentType: JSON_TYPE,
    query: RewardListQuerySchema,
    response: RewardListResponseSchema,
  },
  {
    id: 'bagRewards.create',
    method: 'POST',
    path: 'cart/rewards',
    operation: 'create',
    description:
      "Puts a reward in the member's bag, set aside for it for REWARD_HOLD_MINUTES; answers the bag. 401 sign_in for a visitor; 404 unknown_reward; 409 with `code` not_member, tier, out_of_stock (the last units are held by other bags or gone), points (the balance after today's expiry is below the cost), one_per_transaction (the bag holds a reward already: one per customer per transaction). Decided under the reward's row lock: 50 members asking for the last unit at once, exactly 1 holds it.",
    status: 201,
    contentType: JSON_TYPE,
    body: RewardRedeemSchema,
    response: CartResponseSchema,
    auth: true,
  },
  {
    id: 'bagRewards.delete',
    method: 'DELETE',
    path: 'cart/rewards/{rewardId}',
    operation: 'delete',
    description: "Takes the reward out of the member's bag (its hold ends with it); answers the bag. 404 reward_not_in_bag when the bag does not hold it.",
    status: 200,
    contentType: JSON_TYPE,
    response: CartResponseSchema,
    auth: true,
  },
  {
    id: 'beautyPassProgramOffers.index',
    method: 'GET',
    path: 'beauty-pass/offers',
    operation: 'index',
    description: "The country's Beauty Pass offers valid today (in its calendar), with minimum spend (null: 'No minimum spend'), last day, tiers, and whether the caller's tier may use each (`eligible`; false for visitors). An empty list: 'No offers found'.",
    status: 200,
    contentType: JSON_TYPE,
    response: BeautyPassOfferListResponseSchema,
  },
  {
    id: 'beautyPassProgramOffers.show',
    method: 'GET',
    path: 'beauty-pass/offers/{code}',
    operation: 'show',
    description: "One Beauty Pass offer by its code (any case); unknown, of another country, not started or ended: 404 offer_not_found 'Offer not found'.",
    status: 200,
    contentType: JSON_TYPE,
    response: BeautyPassOfferResponseSchema,
  },
  {
    id: 'orderCancellations.create',
    method: 'POST',
    path: 'orders/{number}/cancel',
    operation: 'create',
    description:
      "The member cancels their own order while it is placed or paid (`cancellable`): stock, the reward's unit, the points (the reward's back, the earned ones reversed as far as the balance holds them), the year's spend and gift card payments are returned in one transaction, then the payment is refunded (captured) or voided (held). Answers the order, cancelled. 404 for another's order; 409 order_not_cancellable with its `orderStatus` (a second cancel too: never a second refund), or `reason: gift_cards` for an order that bought e-gift cards.",
    status: 200,
    contentType: JSON_TYPE,
    body: OrderCancelSchema,
    response: OrderCancelResponseSchema,
    auth: true,
  },
];
