import { sql, type SQL } from 'drizzle-orm';
import type { CountryCode } from '../../config/countries.ts';
import type { TierChangeReason } from '../../contract/beauty-pass.ts';
import type { TierChange, TierName } from '../../contract/loyalty.ts';
import { batch, rowsOf } from '../db/query.ts';
import type { Db } from '../db/client.ts';
import { addDays } from '../../contract/calendar-day.ts';
import { addPoints, type MemberRow } from './ledger.ts';
import { droppedRow, planSettlement, type SettlePlan, type TierChangeRow } from './plan.ts';
import { startOfDayIn } from './rules.ts';

/*
 * Settling a member on a day (issue 15): the points' expiry, the year ends passed, the downgrades
 * whose notice ran out. Every write path of a member's points or tier calls it first, with the
 * row locked, and the daily job calls it for the members who need it; so what a member has never
 * depends on when, whether or how often the job ran. Every row it writes is dated by the day it
 * belongs to (the start of that day in the member's country), not by the run: two runs, a late
 * run and a lazy settle write the same rows.
 */

/** The member's downgrades still waiting for their day. */
export async function pendingChanges(db: Db, userId: number): Promise<TierChangeRow[]> {
  const rows = rowsOf<{ from_tier: TierName; to_tier: TierName; change: TierChange; reason: TierChangeReason; spend_minor: number | string; year_end: string; effective_on: string; cause: string }>(
    await db.execute(sql`select from_tier, to_tier, change, reason, spend_minor, year_end::text as year_end, effective_on::text as effective_on, cause
      from tier_changes where user_id = ${userId} and applied_at is null order by effective_on, id`),
  );
  return rows.map((r) => ({ fromTier: r.from_tier, toTier: r.to_tier, change: r.change, reason: r.reason, spendMinor: Number(r.spend_minor), yearEnd: r.year_end, effectiveOn: r.effective_on, cause: r.cause }));
}

/** The plan of settling `member` on `today` (read-only: GET beauty-pass shows it before it is written). */
export async function settlementOf(db: Db, member: MemberRow, today: string): Promise<SettlePlan> {
  return planSettlement(member, await pendingChanges(db, member.userId), today);
}

function insertChange(userId: number, row: TierChangeRow, createdAt: Date, appliedAt: Date | null): SQL {
  return sql`insert into tier_changes (user_id, from_tier, to_tier, change, reason, spend_minor, year_end, effective_on, applied_at, cause, created_at)
    values (${userId}, ${row.fromTier}, ${row.toTier}, ${row.change}, ${row.reason}, ${row.spendMinor}, ${row.yearEnd}::date, ${row.effectiveOn}::date,
      ${appliedAt === null ? null : appliedAt.toISOString()}::timestamptz, ${row.cause}, ${createdAt.toISOString()}::timestamptz)
    on conflict (user_id, cause) do nothing`;
}

/** The statements of a plan's tier steps (the expiry is a ledger write of its own). */
function tierStatements(userId: number, country: CountryCode, plan: SettlePlan, pendingBefore: readonly TierChangeRow[]): SQL[] {
  const byCause = new Map([...pendingBefore, ...plan.steps.flatMap((s) => (s.kind === 'close' && s.row ? [s.row] : []))].map((row) => [row.cause, row]));
  const out: SQL[] = [];
  for (const step of plan.steps) {
    if (step.kind === 'close' && step.row) {
      // Decided at the start of the new year; a downgrade is applied later, on its own day.
      const decidedAt = startOfDayIn(country, addDays(step.row.yearEnd, 1));
      out.push(insertChange(userId, step.row, decidedAt, step.applied ? decidedAt : null));
    } else if (step.kind === 'apply') {
      const at = startOfDayIn(country, step.effectiveOn);
      const row = byCause.get(step.cause);
      if (step.dropped && row) {
        const kept = droppedRow(row);
        out.push(sql`update tier_changes set to_tier = ${kept.toTier}, change = ${kept.change}, reason = ${kept.reason}, applied_at = ${at.toISOString()}::timestamptz
          where user_id = ${userId} and cause = ${step.cause} and applied_at is null`);
      } else {
        out.push(sql`update tier_changes set applied_at = ${at.toISOString()}::timestamptz where user_id = ${userId} and cause = ${step.cause} and applied_at is null`);
      }
    }
  }
  return out;
}

/**
 * Settles the member (their row locked by the caller) on `today`, their country's calendar day;
 * answers the row as it now stands. Does nothing (one read) when nothing is due.
 */
export async function settleMember(tx: Db, member: MemberRow, today: string): Promise<MemberRow> {
  return (await settleWithPlan(tx, member, today)).member;
}

/** As `settleMember`, with the plan it carried out (the daily job counts its steps). */
export async function settleWithPlan(tx: Db, member: MemberRow, today: string): Promise<{ member: MemberRow; plan: SettlePlan }> {
  const pendingBefore = await pendingChanges(tx, member.userId);
  const plan = planSettlement(member, pendingBefore, today);
  if (plan.steps.length === 0) return { member, plan };
  for (const step of plan.steps) {
    // Exactly the balance, under the row lock: never refused by the points check.
    if (step.kind === 'expire') await addPoints(tx, { userId: member.userId, source: 'expired_points', amount: -step.amount, cause: `expiry:${step.on}`, at: startOfDayIn(member.country, step.on) });
  }
  const { state } = plan;
  await batch(tx, [
    ...tierStatements(member.userId, member.country, plan, pendingBefore),
    sql`update beauty_pass_members set tier = ${state.tier}, year_start = ${state.yearStart}::date, year_end = ${state.yearEnd}::date, spend_minor = ${state.spendMinor}
      where user_id = ${member.userId}`,
  ]);
  return { member: { ...member, tier: state.tier, points: state.points, yearStart: state.yearStart, yearEnd: state.yearEnd, spendMinor: state.spendMinor }, plan };
}

/** Counts of a plan's steps, for the job's run row. */
export function stepCounts(plan: SettlePlan): { expired: number; closed: number; applied: number } {
  let expired = 0;
  let closed = 0;
  let applied = 0;
  for (const step of plan.steps) {
    if (step.kind === 'expire') expired += 1;
    else if (step.kind === 'close') closed += 1;
    else applied += 1;
  }
  return { expired, closed, applied };
}
