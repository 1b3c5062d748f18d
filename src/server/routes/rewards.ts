import { Hono } from 'hono';
import * as v from 'valibot';
import { RewardListQuerySchema, RewardRedeemSchema } from '../../contract/beauty-pass.ts';
import type { AuthService } from '../auth/service.ts';
import { cartOwner } from '../cart/owner.ts';
import { bagAfterWrite } from '../cart/respond.ts';
import type { Db } from '../db/client.ts';
import { NO_STORE } from '../http/cache.ts';
import { siteOf, type AppEnv } from '../http/site.ts';
import { parseInput, parseJsonBody, PathNumberSchema } from '../http/validate.ts';
import { redeemReward, removeReward } from '../loyalty/rewards.ts';
import { listBeautyPassOffers, listRewards, showBeautyPassOffer } from '../loyalty/rewards-read.ts';

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
  const rewards = new Hono<AppEnv>().get('/', async (c) => {
      const { sort } = parseInput(RewardListQuerySchema, c.req.query(), 'query');
      const owner = await cartOwner(c, auth);
      const list = await listRewards(db, owner, siteOf(c), sort ?? 'points_asc', now());
      return c.json(list, 200, { 'Cache-Control': NO_STORE });
    });
  const bagRewards = new Hono<AppEnv>()
    .post('/', async (c) => {
      const { rewardId } = await parseJsonBody(c, RewardRedeemSchema);
      const owner = await cartOwner(c, auth);
      const site = siteOf(c);
      await redeemReward(db, owner, site, rewardId, now());
      return c.json({ data: await bagAfterWrite(c, db, owner, site, { newToken: null }) }, 201);
    })
    .delete('/:rewardId', async (c) => {
      const { rewardId } = parseInput(RewardIdParamSchema, c.req.param(), 'param');
      const owner = await cartOwner(c, auth);
      const site = siteOf(c);
      await removeReward(db, owner, site, rewardId);
      return c.json({ data: await bagAfterWrite(c, db, owner, site, { newToken: null }) }, 200);
    });
  const beautyPassOffers = new Hono<AppEnv>()
    .get('/', async (c) => {
      const owner = await cartOwner(c, auth);
      return c.json({ data: await listBeautyPassOffers(db, owner, siteOf(c), now()) }, 200, { 'Cache-Control': NO_STORE });
    })
    .get('/:code', async (c) => {
      const { code } = parseInput(OfferCodeParamSchema, c.req.param(), 'param');
      const owner = await cartOwner(c, auth);
      return c.json({ data: await showBeautyPassOffer(db, owner, siteOf(c), code, now()) }, 200, { 'Cache-Control': NO_STORE });
    });
  return { rewards, bagRewards, beautyPassOffers };
}
