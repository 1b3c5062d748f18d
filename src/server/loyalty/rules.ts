import { sql, type SQL } from 'drizzle-orm';
import { COUNTRIES, type CountryCode } from '../../config/countries.ts';
import { dayStart, daysBetween, offsetMinutes } from '../../contract/calendar-day.ts';
import type { PointsSummary } from '../../contract/beauty-pass.ts';
import { POINTS_EXPIRY_MONTHS, POINTS_WARNING_DAYS } from '../../contract/points.ts';

/*
 * The points rules of Beauty Pass (spec §9), pure: settlement (settle.ts) writes what they decide
 * and every read (GET beauty-pass, the rewards list, the bag's `points.valid`) shows what they
 * decide without writing, so a member sees the same balance whether or not the job has run yet.
 * Calendar dates are `YYYY-MM-DD` in the member's country, compared as UTC midnights.
 */

/** `months` later, clamped to the month's last day: 2025-08-31 + 18 months = 2027-02-28. */
export function addMonths(date: string, months: number): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const target = Date.UTC(year, month - 1 + months, 1);
  const targetDate = new Date(target);
  const lastOfMonth = new Date(Date.UTC(targetDate.getUTCFullYear(), targetDate.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(targetDate.getUTCFullYear(), targetDate.getUTCMonth(), Math.min(day, lastOfMonth))).toISOString().slice(0, 10);
}

/**
 * The day every point goes: POINTS_EXPIRY_MONTHS after the last purchase or reward redemption, at
 * the start of that day in the member's country (usable through the day before).
 */
export function pointsExpiresOn(pointsActiveOn: string): string {
  return addMonths(pointsActiveOn, POINTS_EXPIRY_MONTHS);
}

/**
 * `pointsExpiresOn` in SQL, for the statements that select or write by it (the daily job, the
 * expiry warning, the ledger's `expires_on`): `date + interval` clamps to the month's last day as
 * `addMonths` does (tests/api/points-expiry.test.ts checks both on month ends and leap years).
 */
export function pointsExpireOnSql(pointsActiveOn: SQL): SQL {
  return sql`(${pointsActiveOn} + make_interval(months => ${POINTS_EXPIRY_MONTHS}::integer))::date`;
}

/** Whether the points have lapsed on `today` (the expiry day has begun). */
export function pointsLapsed(pointsActiveOn: string, today: string): boolean {
  return pointsExpiresOn(pointsActiveOn) <= today;
}

/** What the summary is computed from: the member row as stored. */
export interface PointsRow {
  points: number;
  pointsActiveOn: string;
}

/**
 * The balance as settlement would leave it on `today`: 0 once the expiry day has begun, even
 * before the expiry row is written (reads never write).
 */
export function pointsSummaryOf(row: PointsRow, today: string): PointsSummary {
  const on = pointsExpiresOn(row.pointsActiveOn);
  const balance = on <= today ? 0 : row.points;
  if (balance === 0) return { balance: 0, expiry: null, lastActivityOn: row.pointsActiveOn };
  const daysLeft = daysBetween(today, on);
  return { balance, expiry: { on, amount: balance, daysLeft, warning: daysLeft <= POINTS_WARNING_DAYS }, lastActivityOn: row.pointsActiveOn };
}

/**
 * The instant `date` begins in the country's zone. Rows the settlement writes are dated by it (an
 * expiry at the start of its day, a year end's change at the start of the new year), never by when
 * the job happened to run, so two runs, a late run and a lazy settle write the same rows.
 * Daylight saving in Sydney and Auckland shifts at 02:00/03:00, so midnight always exists.
 */
export function startOfDayIn(country: CountryCode, date: string): Date {
  const zone = COUNTRIES[country].timeZone;
  const midnight = dayStart(date);
  // The offset at the guess, then at the corrected instant (they differ only across a shift).
  const guess = midnight - offsetMinutes(midnight, zone) * 60_000;
  return new Date(midnight - offsetMinutes(guess, zone) * 60_000);
}

/**
 * Minor units of a major amount as the codebase counts them: 1/100 of the currency everywhere
 * (rupiah too, docs/features/bag.md, "Money"), as orders' `*_minor` columns and `minorOf` of
 * checkout/price.ts.
 */
export function minorOfMajor(major: number): number {
  return Math.round(major * 100);
}

export function majorOfMinor(minor: number): number {
  return minor / 100;
}
