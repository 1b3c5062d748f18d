import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { RewardRefusal } from '../../src/contract/beauty-pass.ts';

/**
 * Why a reward cannot be redeemed now, in the shopper's words: the rewards list's `refusal` for each
 * reward (the Redeem button is disabled with it) and the refusal of `POST cart/rewards`.
 */
export const REWARD_REFUSAL_MESSAGES: Readonly<Record<RewardRefusal, MessageDescriptor>> = {
  sign_in: msg`Sign in to redeem rewards with your points.`,
  not_member: msg`Rewards are for Beauty Pass members. Join Beauty Pass to redeem them with your points.`,
  tier: msg`This reward is for other Beauty Pass tiers.`,
  out_of_stock: msg`This reward is out of stock.`,
  points: msg`You do not have enough points for this reward.`,
  one_per_transaction: msg`Your bag already holds a reward: one reward per order.`,
};

/** A redemption in flight: the other rewards wait for it. */
export const REDEEM_BUSY = msg`Another reward is being added to your bag.`;

/** A redemption that failed without a reason the server named (offline, a server error). */
export const REDEEM_FAILED = msg`The reward could not be added to your bag. Please try again.`;
