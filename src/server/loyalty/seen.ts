import { sql } from 'drizzle-orm';
import { todayIn } from '../../contract/calendar-day.ts';
import type { Db } from '../db/client.ts';
import { lockMember } from './ledger.ts';
import { settleMember } from './settle.ts';

/**
 * `POST beauty-pass/tier/seen`: the member has read the change message. The member is settled
 * first, so a change the status showed before the job wrote it (a year end passed overnight) is
 * written and marked seen with the rest, and its message does not come back. Every applied change
 * still unseen is marked: only the latest is ever shown, the older ones are no news. Idempotent.
 * False for a shopper who is not a member.
 */
export async function markTierSeen(db: Db, userId: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const locked = await lockMember(tx, userId);
    if (!locked) return false;
    await settleMember(tx, locked, todayIn(locked.country, now.getTime()));
    await tx.execute(sql`update tier_changes set seen_at = ${now.toISOString()}::timestamptz where user_id = ${userId} and applied_at is not null and seen_at is null`);
    return true;
  });
}
