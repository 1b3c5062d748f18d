import * as v from 'valibot';
import {
  BeautyPassOfferListResponseSchema,
  BeautyPassStatusResponseSchema,
  PointsHistoryResponseSchema,
  RewardListResponseSchema,
  type BeautyPassOffer,
  type BeautyPassStatus,
  type PointsHistoryPage,
  type RewardList,
} from '../../../contract/beauty-pass.ts';
import type { RewardSort } from '../../../../machines/loyalty/rewards-list.machine.ts';
import type { ApiClient } from '../../shared/api/client.ts';
import { newIdempotencyKey } from '../../shared/api/idempotency.ts';

/** Paths under /api/web/v1, declared in src/server/routes/beauty-pass.ts and rewards.ts (the OpenAPI document lists each). */
export const BEAUTY_PASS_PATHS = {
  status: 'beauty-pass',
  tierSeen: 'beauty-pass/tier/seen',
  points: 'beauty-pass/points',
  members: 'beauty-pass/members',
  offers: 'beauty-pass/offers',
  rewards: 'rewards',
  cartRewards: 'cart/rewards',
} as const;

/** What the boutique needs of the bag a redemption answers (`Cart`): its count, for the header. */
const RedeemedBagSchema = v.object({ data: v.object({ count: v.number() }) });

interface Options {
  signal?: AbortSignal;
}

const withSignal = (options: Options = {}) => (options.signal ? { signal: options.signal } : {});

/** The loyalty screens' calls: a member's programme, points history, offers and the rewards boutique. */
export interface BeautyPassApi {
  /** `GET beauty-pass`: 401 for a visitor, 404 `not_member` for a signed-in shopper who has not joined. */
  status(options?: Options): Promise<BeautyPassStatus>;
  /** `POST beauty-pass/tier/seen`: the member has read the tier change's message (idempotent). */
  markTierSeen(): Promise<void>;
  /** `GET beauty-pass/points?page=`: a page of the history, newest first. */
  points(page: number, options?: Options): Promise<PointsHistoryPage>;
  /** `POST beauty-pass/members`: join, agreeing to the country's terms (409 `already_member`). */
  join(): Promise<void>;
  /** `GET beauty-pass/offers`: the country's Beauty Pass offers valid today, with `eligible` for the caller. */
  offers(options?: Options): Promise<BeautyPassOffer[]>;
  /** `GET rewards?sort=`: the boutique, with each reward's refusal for the caller. */
  rewards(sort: RewardSort, options?: Options): Promise<RewardList>;
  /** `POST cart/rewards`: the reward into the bag (409 with a `REWARD_REFUSALS` code); answers the bag's count. */
  redeem(rewardId: number): Promise<{ count: number }>;
}

export function createBeautyPassApi(client: ApiClient): BeautyPassApi {
  const { request } = client;
  return {
    status: (options) => request('GET', BEAUTY_PASS_PATHS.status, BeautyPassStatusResponseSchema, withSignal(options)).then((answer) => answer.data),
    // Idempotent on the server, so the key only lets the client retry it.
    markTierSeen: () => request('POST', BEAUTY_PASS_PATHS.tierSeen, v.unknown(), { idempotencyKey: newIdempotencyKey() }).then(() => undefined),
    points: (page, options) => request('GET', BEAUTY_PASS_PATHS.points, PointsHistoryResponseSchema, { query: { page }, ...withSignal(options) }),
    join: () => request('POST', BEAUTY_PASS_PATHS.members, v.unknown(), { body: { beautyPassTerms: true }, idempotencyKey: newIdempotencyKey() }).then(() => undefined),
    offers: (options) => request('GET', BEAUTY_PASS_PATHS.offers, BeautyPassOfferListResponseSchema, withSignal(options)).then((answer) => answer.data),
    rewards: (sort, options) => request('GET', BEAUTY_PASS_PATHS.rewards, RewardListResponseSchema, { query: { sort }, ...withSignal(options) }),
    redeem: (rewardId) => request('POST', BEAUTY_PASS_PATHS.cartRewards, RedeemedBagSchema, { body: { rewardId }, idempotencyKey: newIdempotencyKey() }).then((answer) => answer.data),
  };
}
