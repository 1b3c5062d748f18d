import { eq, sql } from 'drizzle-orm';
import type { CountryCode } from '../../config/countries.ts';
import type { TierName } from '../../contract/loyalty.ts';
import type { PointSource } from '../../contract/points.ts';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/query.ts';
import { beautyPassMembers, users } from '../db/schema.ts';
import { pointsExpireOnSql } from './rules.ts';

/*
 * The points ledger (issue 15): every change of a member's points is one ledger row and the same
 * change to `beauty_pass_members.points`, in one statement, in the caller's transaction, with the
 * member's row locked (`lockMember`). The unique (user_id, cause) index pays each cause once; the
 * `points >= 0` check refuses a debit the balance cannot cover. So the balance is the ledger's sum
 * and never below zero, whatever runs beside it: the database decides.
 */

/** A member's row as the loyalty code reads it, with their country (whose calendar is theirs). */
export interface MemberRow {
  userId: number;
  country: CountryCode;
  tier: TierName;
  points: number;
  termsVariant: string;
  joinedAt: Date;
  /** First and last day of the membership year, in the member's calendar. */
  yearStart: string;
  yearEnd: string;
  /** Spend of the membership year, in minor units (1/100) of the member's currency. */
  spendMinor: number;
  /** The last purchase or reward redemption (joining, before any); the points expire 18 months after it. */
  pointsActiveOn: string;
}

/** A debit the balance cannot cover: the `points >= 0` check refused it. Callers answer a refusal, never a 500. */
export class InsufficientPointsError extends Error {
  constructor(readonly userId: number) {
    super(`member ${userId} has too few points`);
    this.name = 'InsufficientPointsError';
  }
}

export interface PointsChange {
  userId: number;
  source: PointSource;
  /** Positive adds, negative takes; never 0 (the ledger's check). */
  amount: number;
  /** Once per member and cause: `order:42`, `redeem:order:42`, `review:7`, `profile`, `registration`, `expiry:2027-02-28`. */
  cause: string;
  orderId?: number | null;
  /** The order number or product name the history sentence shows. */
  reference?: string | null;
  /** When it happened (the row's `created_at`): the order's time, or the start of the expiry day. */
  at: Date;
}

const memberColumns = {
  userId: beautyPassMembers.userId,
  country: users.country,
  tier: beautyPassMembers.tier,
  points: beautyPassMembers.points,
  termsVariant: beautyPassMembers.termsVariant,
  joinedAt: beautyPassMembers.joinedAt,
  yearStart: beautyPassMembers.yearStart,
  yearEnd: beautyPassMembers.yearEnd,
  spendMinor: beautyPassMembers.spendMinor,
  pointsActiveOn: beautyPassMembers.pointsActiveOn,
};

function memberOf(row: { [K in keyof typeof memberColumns]: unknown }): MemberRow {
  return {
    userId: Number(row.userId),
    country: row.country as CountryCode,
    tier: row.tier as TierName,
    points: Number(row.points),
    termsVariant: String(row.termsVariant),
    joinedAt: row.joinedAt as Date,
    yearStart: String(row.yearStart),
    yearEnd: String(row.yearEnd),
    spendMinor: Number(row.spendMinor),
    pointsActiveOn: String(row.pointsActiveOn),
  };
}

/**
 * The member's row, locked until the transaction ends (`for update`): every points, spend or tier
 * write of one member runs after the previous one. Null for a shopper who is not a member, or,
 * with `skipLocked` (the daily job), for a row another transaction holds: that one settles it.
 */
export async function lockMember(tx: Db, userId: number, { skipLocked = false }: { skipLocked?: boolean } = {}): Promise<MemberRow | null> {
  const [row] = await tx
    .select(memberColumns)
    .from(beautyPassMembers)
    .innerJoin(users, eq(users.id, beautyPassMembers.userId))
    .where(eq(beautyPassMembers.userId, userId))
    .for('update', skipLocked ? { of: beautyPassMembers, skipLocked: true } : { of: beautyPassMembers });
  return row ? memberOf(row) : null;
}

/** The member's row without a lock, for reads. */
export async function readMember(db: Db, userId: number): Promise<MemberRow | null> {
  const [row] = await db.select(memberColumns).from(beautyPassMembers).innerJoin(users, eq(users.id, beautyPassMembers.userId)).where(eq(beautyPassMembers.userId, userId));
  return row ? memberOf(row) : null;
}

/** Whether the failed statement was refused by the members' `points >= 0` check (drizzle wraps the driver's error). */
function isPointsCheck(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint, message } = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (constraint === 'beauty_pass_members_points_check') return true;
    if (code === '23514' && typeof message === 'string' && message.includes('beauty_pass_members_points_check')) return true;
  }
  return false;
}

/**
 * Writes one change: the ledger row (skipped when its cause was paid already) and the balance, in
 * one statement. Answers the amount written (0 when the cause was there). An earning row notes the
 * last day its points can be used as the member's clock stands (the history's "valid until").
 * Call it with the member's row locked and settled (`settleMember`).
 * @throws InsufficientPointsError when the balance cannot cover a debit (the transaction is then
 *   aborted: the caller rolls it back and answers a refusal).
 */
export async function addPoints(tx: Db, entry: PointsChange): Promise<number> {
  if (!Number.isSafeInteger(entry.amount) || entry.amount === 0) throw new Error(`a points change must be a whole number other than 0, not ${entry.amount}`);
  const { userId, amount } = entry;
  try {
    const result = await tx.execute(sql`
      with written as (
        insert into points_ledger (user_id, source, amount, cause, order_id, reference, expires_on, created_at)
        select ${userId}::integer, ${entry.source}, ${amount}::integer, ${entry.cause}, ${entry.orderId ?? null}::integer, ${entry.reference ?? null}::text,
          case when ${amount}::integer > 0 then (${pointsExpireOnSql(sql`m.points_active_on`)} - 1) end,
          ${entry.at.toISOString()}::timestamptz
        from beauty_pass_members m where m.user_id = ${userId}::integer
        on conflict (user_id, cause) do nothing
        returning amount)
      update beauty_pass_members set points = points + (select coalesce(sum(amount), 0) from written)::integer
      where user_id = ${userId}::integer
      returning (select coalesce(sum(amount), 0) from written)::integer as written`);
    const [row] = rowsOf<{ written: number }>(result);
    if (!row) throw new Error(`user ${userId} is not a Beauty Pass member`);
    return Number(row.written);
  } catch (error) {
    if (isPointsCheck(error)) throw new InsufficientPointsError(userId);
    throw error;
  }
}
