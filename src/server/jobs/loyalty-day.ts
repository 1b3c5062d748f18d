import { sql } from 'drizzle-orm';
import { COUNTRY_CODES, type CountryCode } from '../../config/countries.ts';
import { pointsExpireOnSql } from '../loyalty/rules.ts';
import { todayIn } from '../../contract/calendar-day.ts';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/query.ts';
import { startPeriodicJob, type PeriodicJob } from './periodic.ts';
import { sendExpiryWarnings } from '../loyalty/expiry-warning.ts';
import { lockMember } from '../loyalty/ledger.ts';
import { settleWithPlan, stepCounts } from '../loyalty/settle.ts';

/*
 * The Beauty Pass day (issue 15): per country, once its calendar day has begun, every member whose
 * points expired, whose membership year ended or whose downgrade's notice ran out is settled
 * (src/server/loyalty/settle.ts), each in a transaction of its own under their row's lock. Then
 * the country's `loyalty_job_runs` row says the day is done; a later tick that day does nothing.
 * - Restart-safe: a crash midway leaves no run row, and the next tick settles what is left (a
 *   settled member needs nothing more).
 * - Several processes: both may settle members; a row one holds the other skips (`skip locked`),
 *   settling is idempotent under the lock, and the run row's primary key keeps one per day.
 * - A missed day: settling brings a member up to today, whatever passed meanwhile.
 * - Then the points expiry warnings of the day (loyalty/expiry-warning.ts), once per expiry.
 * What a member has never depends on the job: every write path and every read settles first, and
 * rows are dated by the day they belong to. The job makes the tables current for reports and mail.
 */

/** How often the server looks for a country whose day has begun (and once at start). */
export const LOYALTY_DAY_INTERVAL_MS = 10 * 60_000;
/** Members read per query; each is settled in its own short transaction. */
const BATCH = 100;

export interface LoyaltyDayRun {
  country: CountryCode;
  day: string;
  /** False: the day was done already (by this process or another), nothing was looked at. */
  ran: boolean;
  /** What this process did (another process may have settled or warned some of the day's members). */
  expiredMembers: number;
  closedYears: number;
  appliedChanges: number;
  /** Points expiry warnings emailed. */
  warnedMembers: number;
}

/** The country's members that settling on `today` would change, after `afterId`, in id order. */
async function membersDue(db: Db, country: CountryCode, today: string, afterId: number): Promise<number[]> {
  const rows = rowsOf<{ user_id: number }>(
    await db.execute(sql`select m.user_id from beauty_pass_members m join users u on u.id = m.user_id
      where u.country = ${country} and m.user_id > ${afterId} and (
        (m.points > 0 and ${pointsExpireOnSql(sql`m.points_active_on`)} <= ${today}::date)
        or m.year_end < ${today}::date
        or exists (select 1 from tier_changes c where c.user_id = m.user_id and c.applied_at is null and c.effective_on <= ${today}::date))
      order by m.user_id limit ${BATCH}`),
  );
  return rows.map((r) => Number(r.user_id));
}

/** Settles one country's day unless its run row is there; answers what this process did. */
export async function runCountryDay(db: Db, country: CountryCode, now: Date): Promise<LoyaltyDayRun> {
  const day = todayIn(country, now.getTime());
  const run: LoyaltyDayRun = { country, day, ran: false, expiredMembers: 0, closedYears: 0, appliedChanges: 0, warnedMembers: 0 };
  const [done] = rowsOf<{ one: number }>(await db.execute(sql`select 1 as one from loyalty_job_runs where country_code = ${country} and day = ${day}::date`));
  if (done) return run;
  run.ran = true;
  // Keyset paging by user id: each member is looked at once per run, whatever another process does.
  for (let afterId = 0; ; ) {
    const due = await membersDue(db, country, day, afterId);
    if (due.length === 0) break;
    for (const userId of due) {
      await db.transaction(async (tx) => {
        const member = await lockMember(tx, userId, { skipLocked: true });
        // Held by another transaction (the other process, or an order settling it itself).
        if (!member) return;
        const counts = stepCounts((await settleWithPlan(tx, member, day)).plan);
        if (counts.expired > 0) run.expiredMembers += 1;
        run.closedYears += counts.closed;
        run.appliedChanges += counts.applied;
      });
    }
    afterId = due.at(-1) ?? afterId;
  }
  run.warnedMembers = await sendExpiryWarnings(db, country, day, now);
  await db.execute(sql`insert into loyalty_job_runs (country_code, day, expired_members, closed_years, applied_changes, finished_at)
    values (${country}, ${day}::date, ${run.expiredMembers}, ${run.closedYears}, ${run.appliedChanges}, ${now.toISOString()}::timestamptz)
    on conflict (country_code, day) do nothing`);
  return run;
}

/** One tick: every country whose day is not done yet. */
export async function runLoyaltyDay(db: Db, now: Date = new Date()): Promise<LoyaltyDayRun[]> {
  const runs: LoyaltyDayRun[] = [];
  for (const country of COUNTRY_CODES) runs.push(await runCountryDay(db, country, now));
  return runs;
}

export type LoyaltyDayJob = PeriodicJob<unknown>;

/** Runs a tick at once (catching up a day the server was down), then every `intervalMs`; one tick at a time. */
export function startLoyaltyDay(db: Db, { intervalMs = LOYALTY_DAY_INTERVAL_MS, log = console.error, now = () => new Date() }: { intervalMs?: number; log?: (line: string) => void; now?: () => Date } = {}): LoyaltyDayJob {
  return startPeriodicJob({ name: 'loyalty_day', intervalMs, log }, () => runLoyaltyDay(db, now()));
}
