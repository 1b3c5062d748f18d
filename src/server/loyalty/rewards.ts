import { sql } from 'drizzle-orm';
import { REWARD_HOLD_MINUTES, type RewardRefusal } from '../../contract/beauty-pass.ts';
import type { Site } from '../../config/countries.ts';
import { bumpVersion, findCartId, lockCart, type CartOwner } from '../cart/owner.ts';
import { todayIn } from '../../contract/calendar-day.ts';
import type { WriteResult } from '../cart/lines.ts';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/query.ts';
import { ApiError } from '../http/errors.ts';
import { unauthorized } from '../auth/middleware.ts';
import { lockMember } from './ledger.ts';
import { settleMember } from './settle.ts';
import { rewardRefusal, tiersOf } from './rewards-read.ts';
import { pointsSummaryOf } from './rules.ts';
import type { TierName } from '../../contract/loyalty.ts';

/*
 * A reward into and out of a member's bag (issue 15; spec §5 "one reward per customer per
 * transaction, while supplies last"). The database decides, in one transaction: the bag's row
 * locked (as every bag write), then the reward's row (`FOR UPDATE`: redemptions of one reward run
 * one after the other, so each counts the holds the one before it wrote), then the member's row
 * (settled first, so an expired balance never buys anything). Locks are always taken in that order
 * (bag, reward, member), as the order's transaction takes them (commit.ts): no two wait crosswise.
 */

/** Machine-readable kinds of the rewards' 4xx answers beside the refusals (`REWARD_REFUSALS`). */
export const REWARD_ERROR_CODES = {
  /** No reward of this id in the request's country (404 `body.rewardId`). */
  unknownReward: 'unknown_reward',
  /** `DELETE cart/rewards/{id}`: the bag does not hold this reward (404). */
  notInBag: 'reward_not_in_bag',
} as const;

const REFUSAL_MESSAGES: Readonly<Record<RewardRefusal, string>> = {
  sign_in: 'Sign in to redeem rewards',
  not_member: 'Rewards are for Beauty Pass members: join to redeem them',
  tier: 'This reward is not for your tier',
  out_of_stock: 'This reward is out of stock',
  points: 'You do not have enough points for this reward',
  one_per_transaction: 'One reward per transaction: your bag already holds one',
};

/** The refusal as an answer: 401 for a visitor, else 409 with the reason as `code` (the SPA says it in the shopper's words). */
export function refusalError(refusal: RewardRefusal): ApiError {
  if (refusal === 'sign_in') return new ApiError(401, REFUSAL_MESSAGES.sign_in, undefined, { code: refusal });
  return new ApiError(409, REFUSAL_MESSAGES[refusal], [{ field: 'body.rewardId', message: refusal }], { code: refusal });
}

interface RewardRow {
  id: number;
  points_cost: number;
  tiers: TierName[] | string;
  stock: number;
}

interface HoldsRow {
  /** Live holds of other bags. */
  held: number;
  /** The bag holds a reward already (this one or another). */
  in_bag: boolean | string;
}

/**
 * `POST cart/rewards`: sets the reward aside for the member's bag until REWARD_HOLD_MINUTES pass.
 * 401 for a visitor; 404 `unknown_reward` for an id not of this country; 409 with the first refusal
 * that holds (not_member, tier, out_of_stock, points, one_per_transaction). 50 members asking for
 * the last unit at once: the reward's row lock queues them, the first holds it and the others count
 * its hold and are told out_of_stock.
 */
export async function redeemReward(db: Db, owner: CartOwner, site: Site, rewardId: number, now: Date): Promise<WriteResult> {
  if (owner.kind !== 'member') throw refusalError('sign_in');
  const { userId } = owner;
  return db.transaction(async (tx) => {
    const { cart } = await lockCart(tx, owner, site.country);
    const [reward] = rowsOf<RewardRow>(
      await tx.execute(sql`select id, points_cost, tiers, stock from rewards where id = ${rewardId} and country_code = ${site.country} for update`),
    );
    if (!reward) throw new ApiError(404, 'No such reward here', [{ field: 'body.rewardId', message: 'is not a reward of this country' }], { code: REWARD_ERROR_CODES.unknownReward });
    // A statement of its own, after the lock: its snapshot sees the hold a redemption that held the lock before this one wrote.
    const [holds] = rowsOf<HoldsRow>(
      await tx.execute(sql`select (select count(*)::int from cart_rewards cr where cr.reward_id = ${rewardId} and cr.held_until > ${now.toISOString()}::timestamptz and cr.cart_id <> ${cart.id}) as held,
          exists (select 1 from cart_rewards mine where mine.cart_id = ${cart.id}) as in_bag`),
    );
    const locked = await lockMember(tx, userId);
    let balance = 0;
    let tier: TierName | null = null;
    if (locked) {
      // Settled first (in the member's own calendar): points whose day has come are gone before they could pay for anything.
      const today = todayIn(locked.country, now.getTime());
      const member = await settleMember(tx, locked, today);
      balance = pointsSummaryOf(member, today).balance;
      tier = member.tier;
    }
    const caller = tier === null ? ({ kind: 'non_member' } as const) : ({ kind: 'member', tier, balance, bagHoldsReward: holds?.in_bag === true || holds?.in_bag === 't' } as const);
    const refusal = rewardRefusal(caller, { tiers: tiersOf(reward.tiers), pointsCost: Number(reward.points_cost), available: Number(reward.stock) - Number(holds?.held ?? 0) });
    if (refusal) throw refusalError(refusal);
    const heldUntil = new Date(now.getTime() + REWARD_HOLD_MINUTES * 60_000);
    // The bag's primary key is the cart: one reward per bag, whatever raced this check.
    const inserted = rowsOf<{ cart_id: number }>(
      await tx.execute(sql`insert into cart_rewards (cart_id, reward_id, held_until, created_at) values (${cart.id}, ${rewardId}, ${heldUntil.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
        on conflict (cart_id) do nothing returning cart_id`),
    );
    if (inserted.length === 0) throw refusalError('one_per_transaction');
    return { version: await bumpVersion(tx, cart.id), newToken: null };
  });
}

/** `DELETE cart/rewards/{id}`: takes the reward out of the member's bag (its hold ends with it). 404 when the bag does not hold it. */
export async function removeReward(db: Db, owner: CartOwner, site: Site, rewardId: number): Promise<void> {
  if (owner.kind !== 'member') throw unauthorized();
  const notInBag = () => new ApiError(404, 'This reward is not in the bag', undefined, { code: REWARD_ERROR_CODES.notInBag });
  if ((await findCartId(db, owner, site.country)) === null) throw notInBag();
  await db.transaction(async (tx) => {
    const { cart } = await lockCart(tx, owner, site.country);
    const removed = rowsOf<{ cart_id: number }>(await tx.execute(sql`delete from cart_rewards where cart_id = ${cart.id} and reward_id = ${rewardId} returning cart_id`));
    if (removed.length === 0) throw notInBag();
    await bumpVersion(tx, cart.id);
  });
}
