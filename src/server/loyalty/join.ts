import { sql } from 'drizzle-orm';
import { BEAUTY_PASS_TERMS, ENTRY_TIER } from '../../config/consents.ts';
import type { CountryCode } from '../../config/countries.ts';
import { addDays, todayIn } from '../../contract/calendar-day.ts';
import { addYears } from '../../contract/tier-rules.ts';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/query.ts';
import { earnForMember, PROFILE_EARNING, REGISTRATION_EARNING } from './earn.ts';
import { lockMember } from './ledger.ts';

/*
 * Joining Beauty Pass (issue 15): at registration with the box ticked (routes/user.ts) or later
 * from the account (`POST beauty-pass/members`), the same function: a pink member whose year and
 * points' clock start today in their country, the country's terms variant, and the registration
 * points, once.
 */

export interface JoinInput {
  userId: number;
  country: CountryCode;
  now: Date;
  /**
   * Write the Beauty Pass consent row: joining from the account does; registration has written
   * every consent already.
   */
  recordConsent: boolean;
  /** The beauty profile is complete already: its points are paid on joining (they are for members). */
  profileCompleted?: boolean;
}

export type JoinOutcome = 'joined' | 'already_member';

/** Makes the user a member in `tx`; `already_member` (nothing written) when they are one. */
export async function joinBeautyPass(tx: Db, input: JoinInput): Promise<JoinOutcome> {
  const today = todayIn(input.country, input.now.getTime());
  const terms = BEAUTY_PASS_TERMS[input.country];
  // The primary key decides a double join (two tabs): one row, the other finds it there.
  const inserted = rowsOf<{ user_id: number }>(
    await tx.execute(sql`insert into beauty_pass_members (user_id, tier, points, terms_variant, joined_at, year_start, year_end, spend_minor, points_active_on)
      values (${input.userId}, ${ENTRY_TIER}, 0, ${terms.variant}, ${input.now.toISOString()}::timestamptz, ${today}::date, ${addDays(addYears(today, 1), -1)}::date, 0, ${today}::date)
      on conflict (user_id) do nothing returning user_id`),
  );
  if (inserted.length === 0) return 'already_member';
  if (input.recordConsent) await tx.execute(sql`insert into consents (user_id, kind, granted, variant) values (${input.userId}, 'beautyPass', true, ${terms.variant})`);
  const member = await lockMember(tx, input.userId);
  if (!member) throw new Error('the member row just written is gone');
  await earnForMember(tx, member, REGISTRATION_EARNING, input.now);
  if (input.profileCompleted) {
    const settled = await lockMember(tx, input.userId);
    if (settled) await earnForMember(tx, settled, PROFILE_EARNING, input.now);
  }
  return 'joined';
}
