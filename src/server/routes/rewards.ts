import { Hono } from 'hono';
import * as v from 'valibot';
import { RewardListQuerySchema, RewardRedeemSchema, BeautyPassOfferListResponseSchema, BeautyPassOfferResponseSchema, RewardListResponseSchema } from '../../contract/beauty-pass.ts';
import type { AuthService } from '../auth/service.ts';
import { cartOwner } from '../cart/owner.ts';
import { bagAfterWrite } from '../cart/respond.ts';
import type { Db } from '../db/client.ts';
import { NO_STORE } from '../http/cache.ts';
import { siteOf, type AppEnv } from '../http/site.ts';
import { PathNumberSchema } from '../http/validate.ts';
import { redeemReward, removeReward } from '../loyalty/rewards.ts';
import { listBeautyPassOffers, listRewards, showBeautyPassOffer } from '../loyalty/rewards-read.ts';
import { endpoint, jsonBody, params, query } from '../openapi/declare.ts';
import { CartResponseSchema } from '../../contract/cart.ts';

const RewardIdParamSchema = v.object({ rewardId: v.pipe(PathNumberSchema, v.minValue(1, 'must be a positive whole number'), v.maxValue(2_147_483_647, 'is too large')) });
/** Codes are at most 40 characters (`ApplyOfferSchema`); anything else cannot name an offer. */
const OfferCodeParamSchema = v.object({ code: v.pipe(v.string(), v.nonEmpty('is required'), v.maxLength(40, 'must be at most 40 characters')) });

/**
 * The rewards boutique (`rewards`), a reward in the bag (`cart/rewards`, `cart/rewards/{rewardId}`)
 * and the Beauty Pass offers (`beauty-pass/offers`, `beauty-pass/offers/{code}`), each mounted at its
 * own prefix. Every answer is the caller's own (refusals, balance, eligibility): never cached.
 * `now` is the app's clock (holds and "valid today"); tests move it.
 */
export function rewardRoutes(db: Db, auth: AuthService, now: () => Date = () => new Date()) {
  const rewards = new Hono<AppEnv>().get('/', endpoint({ id: 'rewards.index', operation: 'index', description: "The rewards boutique of the request's country, by points cost (`sort=points_asc`, the default, or `points_desc`): each reward with its tiers, stock as the caller may have it (stock less other bags' live holds) and `refusal`, why the caller cannot redeem it now (sign_in, not_member, tier, out_of_stock, points, one_per_transaction; null: they can). `meta`: the caller's balance and tier (null for visitors and non-members).", status: 200, response: RewardListResponseSchema, errors: { 401: 'The session sent has expired or was signed out: sign in again (a guest sends none).' } }), query(RewardListQuerySchema), async (c) => {
      const { sort } = c.req.valid('query');
      const owner = await cartOwner(c, auth);
      const list = await listRewards(db, owner, siteOf(c), sort ?? 'points_asc', now());
      return c.json(list, 200, { 'Cache-Control': NO_STORE });
    });
  const bagRewards = new Hono<AppEnv>()
    .post('/', endpoint({ id: 'bagRewards.create', operation: 'create', description: "Puts a reward in the member's bag, set aside for it for REWARD_HOLD_MINUTES; answers the bag. 401 sign_in for a visitor; 404 unknown_reward; 409 with `code` not_member, tier, out_of_stock (the last units are held by other bags or gone), points (the balance after today's expiry is below the cost), one_per_transaction (the bag holds a reward already: one per customer per transaction). Decided under the reward's row lock: 50 members asking for the last unit at once, exactly 1 holds it.", status: 201, response: CartResponseSchema, auth: true, errors: { 404: 'No such reward in this country.', 409: 'The reward is out of stock, not for this tier, or its points are more than the balance.' } }), jsonBody(RewardRedeemSchema), async (c) => {
      const { rewardId } = c.req.valid('json');
      const owner = await cartOwner(c, auth);
      const site = siteOf(c);
      await redeemReward(db, owner, site, rewardId, now());
      return c.json({ data: await bagAfterWrite(c, db, owner, site, { newToken: null }) }, 201);
    })
    .delete('/:rewardId', endpoint({ id: 'bagRewards.delete', operation: 'delete', description: "Takes the reward out of the member's bag (its hold ends with it); answers the bag. 404 reward_not_in_bag when the bag does not hold it.", status: 200, response: CartResponseSchema, auth: true, errors: { 404: 'The reward is not in the bag.' } }), params(RewardIdParamSchema), async (c) => {
      const { rewardId } = c.req.valid('param');
      const owner = await cartOwner(c, auth);
      const site = siteOf(c);
      await removeReward(db, owner, site, rewardId);
      return c.json({ data: await bagAfterWrite(c, db, owner, site, { newToken: null }) }, 200);
    });
  const beautyPassOffers = new Hono<AppEnv>()
    .get('/', endpoint({ id: 'beautyPassProgramOffers.index', operation: 'index', description: "The country's Beauty Pass offers valid today (in its calendar), with minimum spend (null: 'No minimum spend'), last day, tiers, and whether the caller's tier may use each (`eligible`; false for visitors). An empty list: 'No offers found'.", status: 200, response: BeautyPassOfferListResponseSchema, errors: { 401: 'The session sent has expired or was signed out: sign in again (a guest sends none).' } }), async (c) => {
      const owner = await cartOwner(c, auth);
      return c.json({ data: await listBeautyPassOffers(db, owner, siteOf(c), now()) }, 200, { 'Cache-Control': NO_STORE });
    })
    .get('/:code', endpoint({ id: 'beautyPassProgramOffers.show', operation: 'show', description: "One Beauty Pass offer by its code (any case); unknown, of another country, not started or ended: 404 offer_not_found 'Offer not found'.", status: 200, response: BeautyPassOfferResponseSchema, errors: { 401: 'The session sent has expired or was signed out: sign in again (a guest sends none).', 404: 'No such offer for this country, tier or time.' } }), params(OfferCodeParamSchema), async (c) => {
      const { code } = c.req.valid('param');
      const owner = await cartOwner(c, auth);
      return c.json({ data: await showBeautyPassOffer(db, owner, siteOf(c), code, now()) }, 200, { 'Cache-Control': NO_STORE });
    });
  return { rewards, bagRewards, beautyPassOffers };
}
