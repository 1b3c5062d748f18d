import { sql } from 'drizzle-orm';
import { EARNING_POINTS } from '../../config/loyalty-points.ts';
import type { LanguageCode } from '../../config/countries.ts';
import type { PointSource } from '../../contract/points.ts';
import { todayIn } from '../../contract/calendar-day.ts';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/query.ts';
import { addPoints, lockMember, type MemberRow } from './ledger.ts';
import { pointsLapsed } from './rules.ts';
import { settleMember } from './settle.ts';

/*
 * Points earned besides orders (spec §3 sources): joining, the beauty profile completed, a
 * published review. Each at most once per cause (the ledger's unique index), so a replayed request
 * or a second tab never pays twice. They do not restart the points' clock (spec §9: only a
 * purchase or a redemption does), except on a balance that has lapsed entirely: points earned
 * then would otherwise be gone the moment they are written, so a fresh balance starts its own
 * 18 months.
 */

export interface Earning {
  source: PointSource;
  amount: number;
  cause: string;
  reference?: string | null;
}

/**
 * Pays `earning` to the member in `tx` (their row locked and settled first). Answers the points
 * written: 0 for a non-member or a cause paid already.
 */
export async function earnInTransaction(tx: Db, userId: number, earning: Earning, now: Date): Promise<number> {
  const locked = await lockMember(tx, userId);
  if (!locked) return 0;
  return earnForMember(tx, locked, earning, now);
}

/** As `earnInTransaction`, for a member row the caller has locked already. */
export async function earnForMember(tx: Db, locked: MemberRow, earning: Earning, now: Date): Promise<number> {
  const today = todayIn(locked.country, now.getTime());
  const member = await settleMember(tx, locked, today);
  if (pointsLapsed(member.pointsActiveOn, today)) {
    const [paid] = rowsOf<{ one: number }>(await tx.execute(sql`select 1 as one from points_ledger where user_id = ${member.userId} and cause = ${earning.cause}`));
    // Only when it will be paid: a replay must not move the clock.
    if (!paid) await tx.execute(sql`update beauty_pass_members set points_active_on = ${today}::date where user_id = ${member.userId}`);
  }
  return addPoints(tx, { userId: member.userId, source: earning.source, amount: earning.amount, cause: earning.cause, reference: earning.reference ?? null, at: now });
}

/** Joining (once per member: cause `registration`). */
export const REGISTRATION_EARNING: Earning = { source: 'beauty_pass_registration', amount: EARNING_POINTS.registration, cause: 'registration' };
/** The beauty profile completed (the first time only: cause `profile`). */
export const PROFILE_EARNING: Earning = { source: 'completed_beauty_profile', amount: EARNING_POINTS.beautyProfile, cause: 'profile' };

export async function earnBeautyProfile(db: Db, userId: number, now: Date): Promise<number> {
  return db.transaction((tx) => earnInTransaction(tx, userId, PROFILE_EARNING, now));
}

/**
 * A published review (cause `review:<id>`), named by its product in the language the review was
 * written in: the history's sentence "… for reviewing {product}".
 */
export async function earnReview(db: Db, userId: number, review: { id: number; productId: number; language: LanguageCode }, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const [product] = rowsOf<{ name: string | null }>(await tx.execute(sql`select coalesce(name ->> ${review.language}, name ->> 'en') as name from products where id = ${review.productId}`));
    return earnInTransaction(tx, userId, { source: 'product_review_with_name', amount: EARNING_POINTS.review, cause: `review:${review.id}`, reference: product?.name ?? null }, now);
  });
}
