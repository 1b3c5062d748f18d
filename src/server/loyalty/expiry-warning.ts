import { sql } from 'drizzle-orm';
import type { CountryCode } from '../../config/countries.ts';
import { POINTS_WARNING_DAYS } from '../../contract/points.ts';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/query.ts';
import { pointsExpiryEmail } from '../mail/loyalty-email.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { recipientLanguage } from '../mail/templates.ts';
import { lockMember } from './ledger.ts';
import { pointsExpireOnSql, pointsExpiresOn, pointsSummaryOf, startOfDayIn } from './rules.ts';
import { addDays } from '../../contract/calendar-day.ts';

/*
 * The points expiry warning (issue 15: "a warning in the weeks before"): once a member's points are
 * within POINTS_WARNING_DAYS of expiring, the daily job emails them once for that expiry, in their
 * language (their last order's, else their country's). "Once" is decided under the member's row
 * lock: a warning to them in the outbox since the window opened means it was sent (a later expiry's
 * window opens 18 months on), so two processes never send it twice.
 */

/** The country's members whose points enter or are in the warning window on `today` and were not warned. */
async function membersToWarn(db: Db, country: CountryCode, today: string): Promise<number[]> {
  const expiresOn = pointsExpireOnSql(sql`m.points_active_on`);
  const rows = rowsOf<{ user_id: number }>(
    await db.execute(sql`select m.user_id from beauty_pass_members m join users u on u.id = m.user_id
      where u.country = ${country} and m.points > 0 and ${expiresOn} > ${today}::date and ${expiresOn} - ${POINTS_WARNING_DAYS}::integer <= ${today}::date
        and not exists (select 1 from outbox_emails o where o.kind = 'points-expiry' and o.to_address = u.email
          and o.created_at >= (${expiresOn} - ${POINTS_WARNING_DAYS}::integer)::timestamp - interval '1 day')
      order by m.user_id`),
  );
  return rows.map((r) => Number(r.user_id));
}

/** Sends the day's warnings of one country; answers how many this process wrote. */
export async function sendExpiryWarnings(db: Db, country: CountryCode, today: string, now: Date): Promise<number> {
  let sent = 0;
  for (const userId of await membersToWarn(db, country, today)) {
    const wrote = await db.transaction(async (tx) => {
      const member = await lockMember(tx, userId, { skipLocked: true });
      if (!member) return false;
      const summary = pointsSummaryOf(member, today);
      if (!summary.expiry?.warning) return false;
      const expiresOn = pointsExpiresOn(member.pointsActiveOn);
      const windowOpened = startOfDayIn(member.country, addDays(expiresOn, -POINTS_WARNING_DAYS));
      const [user] = rowsOf<{ email: string; first_name: string; warned: boolean; language: string | null }>(
        await tx.execute(sql`select u.email, u.first_name,
            exists (select 1 from outbox_emails o where o.kind = 'points-expiry' and o.to_address = u.email and o.created_at >= ${windowOpened.toISOString()}::timestamptz) as warned,
            (select o.language from orders o where o.user_id = u.id order by o.placed_at desc limit 1) as language
          from users u where u.id = ${userId}`),
      );
      if (!user || user.warned) return false;
      const language = recipientLanguage(member.country, user.language);
      await enqueueEmail(tx, pointsExpiryEmail({ to: user.email, firstName: user.first_name, country: member.country, language, points: summary.balance, expiresOn }), now);
      return true;
    });
    if (wrote) sent += 1;
  }
  return sent;
}
