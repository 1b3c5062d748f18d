import { COUNTRIES, type CountryCode } from '../config/countries.ts';
import { WEEKDAYS, type Weekday } from '../config/weekdays.ts';

/*
 * A store's calendar: its days (`YYYY-MM-DD`, read as themselves, a day number and not an instant
 * of any zone), the store-local day and wall time of an instant, and which hours a day keeps. With
 * Intl and nothing else (docs/decisions/020-time-zones-with-intl.md), and nothing here reads the
 * process's own time zone: the server's calendar and the SPA's /stores screen run this same code,
 * so they agree on a store's "today" and "open now" for the same instant.
 */

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

// A formatter costs far more to make than to use: one per zone.
const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formats.set(timeZone, format);
  }
  return format;
}

/** Minutes the zone is ahead of UTC at `instant` (+780 for Auckland in summer, -0 never). */
export function offsetMinutes(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatIn(timeZone).formatToParts(instant)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const wall = Date.UTC(parts['year'] ?? 0, (parts['month'] ?? 1) - 1, parts['day'] ?? 1, parts['hour'] ?? 0, parts['minute'] ?? 0, parts['second'] ?? 0);
  const seconds = Math.floor(instant / 1000) * 1000;
  return Math.round((wall - seconds) / MINUTE_MS);
}

/** `YYYY-MM-DD` as the UTC midnight of that calendar day. */
export function dayStart(date: string): number {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return Date.UTC(year, month - 1, day);
}

function isoDate(utcMidnight: number): string {
  return new Date(utcMidnight).toISOString().slice(0, 10);
}

/** The calendar day `days` after `date` (before it when negative). */
export function addDays(date: string, days: number): string {
  return isoDate(dayStart(date) + days * DAY_MS);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((dayStart(to) - dayStart(from)) / DAY_MS);
}

export function weekdayOf(date: string): Weekday {
  // getUTCDay: 0 is Sunday; WEEKDAYS starts on Monday.
  return WEEKDAYS[(new Date(dayStart(date)).getUTCDay() + 6) % 7] ?? 'mon';
}

/** Minutes after midnight as `HH:MM`. */
export function timeOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The store-local day and wall time of an instant. */
export function localOf(instant: number, timeZone: string): { date: string; minutes: number; time: string } {
  const local = instant + offsetMinutes(instant, timeZone) * MINUTE_MS;
  const date = isoDate(Math.floor(local / DAY_MS) * DAY_MS);
  const minutes = Math.floor((local - dayStart(date)) / MINUTE_MS);
  return { date, minutes, time: timeOf(minutes) };
}

/**
 * A day's hours: its exception's when it has one (a public holiday, closed or short), else its
 * weekday's; null: closed. Generic over the hours' type: the server's config and the API's answer
 * spell the same shape with types of their own.
 */
export function hoursOfDay<Hours>(week: Readonly<Record<Weekday, Hours | null>>, weekday: Weekday, exception: { readonly hours: Hours | null } | undefined): Hours | null {
  return exception ? exception.hours : week[weekday];
}

/** The last day computed per country, with the minute it was computed for. */
const lastDays = new Map<CountryCode, { minute: number; day: string }>();

/**
 * Today in the country's calendar (`YYYY-MM-DD`): offers are valid through their last day there,
 * points and tiers count its days, and an e-gift card is sent on one of them. Every bag read and add
 * asks, so the day is kept for the minute it was computed in (a day starts on a whole minute in
 * every zone).
 */
export function todayIn(country: CountryCode, now: number = Date.now()): string {
  const minute = Math.floor(now / MINUTE_MS);
  const last = lastDays.get(country);
  if (last?.minute === minute) return last.day;
  const day = localOf(now, COUNTRIES[country].timeZone).date;
  lastDays.set(country, { minute, day });
  return day;
}
