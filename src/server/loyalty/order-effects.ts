import { sql } from 'drizzle-orm';
import type { CountryCode } from '../../config/countries.ts';
import { TIER_THRESHOLDS } from '../../config/tiers.ts';
import { addDays, todayIn } from '../../contract/calendar-day.ts';
import { addYears, tierReachedBy } from '../../contract/tier-rules.ts';
import { batch, rowsOf } from '../db/query.ts';
import type { Db } from '../db/client.ts';
import { addPoints, lockMember, type MemberRow } from './ledger.ts';
import { droppedRow } from './plan.ts';
import { majorOfMinor } from './rules.ts';
import { pendingChanges, settleMember } from './settle.ts';

/*
 * What an order does to its member's Beauty Pass, in the order's own transaction (commit.ts), and
 * what cancelling it undoes. The member's row is locked and settled first, so the expiry, year end
 * or downgrade due before the order is written before it, as the job would have.
 */

export interface OrderLoyaltyInput {
  userId: number;
  orderId: number;
  number: string;
  /** The order's country: its spend counts toward the member's tier only in the member's own country. */
  country: CountryCode;
  /** The goods total that earns points (subtotal − discount; not shipping, not e-gift cards), in minor units. */
  spendMinor: number;
  pointsEarned: number;
  /** Points a reward in the order costs (0 without one). */
  pointsUsed: number;
  now: Date;
}

/**
 * Records the order for the member: the debit of the reward's points first (so this order's own
 * earn never pays its reward), the earn, the spend and an upgrade it reaches, and the restart of the
 * points' clock (an order is a purchase, spec §9). Answers the points written (0 for a non-member
 * or a replay).
 * @throws InsufficientPointsError when the balance cannot cover `pointsUsed`.
 */
export async function applyOrderLoyalty(tx: Db, input: OrderLoyaltyInput): Promise<{ pointsEarned: number }> {
  const locked = await lockMember(tx, input.userId);
  if (!locked) return { pointsEarned: 0 };
  const today = todayIn(locked.country, input.now.getTime());
  const member = await settleMember(tx, locked, today);
  // Before the earn, so the earning row's "valid until" counts from this purchase.
  await tx.execute(sql`update beauty_pass_members set points_active_on = ${today}::date where user_id = ${member.userId}`);
  const order = { orderId: input.orderId, reference: input.number, at: input.now };
  if (input.pointsUsed > 0) await addPoints(tx, { userId: member.userId, source: 'used_points', amount: -input.pointsUsed, cause: `redeem:order:${input.orderId}`, ...order });
  const pointsEarned = input.pointsEarned > 0 ? await addPoints(tx, { userId: member.userId, source: 'purchase_points_with_order_number', amount: input.pointsEarned, cause: `order:${input.orderId}`, ...order }) : 0;
  if (input.spendMinor > 0 && input.country === member.country) await addSpend(tx, member, input, today);
  return { pointsEarned };
}

/**
 * Adds the order's spend to the year and upgrades at once when it reaches a higher tier (the tier
 * machine's `upgraded()`: a fresh year from today, spend from zero). A downgrade waiting out its
 * notice is dropped by the upgrade, recorded first so the upgrade stays the latest change.
 */
async function addSpend(tx: Db, member: MemberRow, input: OrderLoyaltyInput, today: string): Promise<void> {
  const spendMinor = member.spendMinor + input.spendMinor;
  const reached = tierReachedBy({ tier: member.tier, thresholds: TIER_THRESHOLDS[member.country] }, majorOfMinor(spendMinor));
  if (!reached) {
    await tx.execute(sql`update beauty_pass_members set spend_minor = ${spendMinor} where user_id = ${member.userId}`);
    return;
  }
  const pending = await pendingChanges(tx, member.userId);
  const now = input.now.toISOString();
  await batch(tx, [
    ...pending.map((row) => {
      const kept = droppedRow(row);
      return sql`update tier_changes set to_tier = ${kept.toTier}, change = ${kept.change}, reason = ${kept.reason}, effective_on = ${today}::date, applied_at = ${now}::timestamptz
        where user_id = ${member.userId} and cause = ${row.cause} and applied_at is null`;
    }),
    sql`insert into tier_changes (user_id, from_tier, to_tier, change, reason, spend_minor, year_end, effective_on, applied_at, cause, created_at)
      values (${member.userId}, ${member.tier}, ${reached}, 'upgraded', 'spend_reached', ${spendMinor}, ${member.yearEnd}::date, ${today}::date, ${now}::timestamptz, ${`order:${input.orderId}`}, ${now}::timestamptz)
      on conflict (user_id, cause) do nothing`,
    sql`update beauty_pass_members set tier = ${reached}, year_start = ${today}::date, year_end = ${addDays(addYears(today, 1), -1)}::date, spend_minor = 0 where user_id = ${member.userId}`,
  ]);
}

export interface OrderReversalInput {
  userId: number;
  orderId: number;
  number: string;
  country: CountryCode;
  /** The spend the order added (as given to `applyOrderLoyalty`). */
  spendMinor: number;
  placedAt: Date;
  /** As on the order; the ledger's own rows decide what is returned and reversed. */
  pointsUsed: number;
  pointsEarned: number;
  now: Date;
}

/**
 * Undoes a cancelled order for its member: the reward's points come back, the points it earned
 * go (only as many as the balance still holds: what was spent since stays spent, the balance never
 * goes below zero), and its spend leaves the year it was counted in. What the ledger holds for the
 * order decides the amounts, so a replay or an order from before the member joined changes nothing.
 */
export async function reverseOrderLoyalty(tx: Db, input: OrderReversalInput): Promise<void> {
  const locked = await lockMember(tx, input.userId);
  if (!locked) return;
  const today = todayIn(locked.country, input.now.getTime());
  const member = await settleMember(tx, locked, today);
  const rows = rowsOf<{ cause: string; amount: number }>(
    await tx.execute(sql`select cause, amount from points_ledger where user_id = ${member.userId} and cause in (${`order:${input.orderId}`}, ${`redeem:order:${input.orderId}`})`),
  );
  const amountOf = (cause: string) => Number(rows.find((r) => r.cause === cause)?.amount ?? 0);
  const order = { orderId: input.orderId, reference: input.number, at: input.now };
  const used = -amountOf(`redeem:order:${input.orderId}`);
  const returned = used > 0 ? await addPoints(tx, { userId: member.userId, source: 'used_points', amount: used, cause: `return:order:${input.orderId}`, ...order }) : 0;
  const reversible = Math.min(amountOf(`order:${input.orderId}`), member.points + returned);
  if (reversible > 0) await addPoints(tx, { userId: member.userId, source: 'purchase_points_with_order_number', amount: -reversible, cause: `reverse:order:${input.orderId}`, ...order });
  const placedOn = todayIn(member.country, input.placedAt.getTime());
  if (input.spendMinor > 0 && input.country === member.country && placedOn >= member.yearStart) {
    await tx.execute(sql`update beauty_pass_members set spend_minor = greatest(0, spend_minor - ${input.spendMinor}) where user_id = ${member.userId}`);
  }
}
