import type { HappeningStore } from '../../../contract/happening.ts';

/*
 * Open now, or when a store opens next, by the store's own clock: its weekday hours and the
 * coming weeks' exceptions (public holidays) as the API answers them, in its time zone, whatever
 * the shopper's. Pure, so the server render and the browser agree for the same instant.
 */

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

type Hours = { opens: string; closes: string } | null;

export type OpenState =
  /** Open at the instant; closes at `closes` (HH:MM, the store's). */
  | { open: true; closes: string }
  /** Closed; opens next on `date` (the store's YYYY-MM-DD) at `opens`, or not within the week ahead (null). */
  | { open: false; next: { date: string; opens: string; today: boolean } | null };

const LOCAL_PARTS = new Map<string, Intl.DateTimeFormat>();

/** The store-local day (YYYY-MM-DD) and wall time (HH:MM) of an instant. */
export function localNow(at: number, timeZone: string): { date: string; time: string } {
  let format = LOCAL_PARTS.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    LOCAL_PARTS.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** The weekday of a calendar day (read as itself, in UTC). */
export function weekdayOf(date: string): Weekday {
  // getUTCDay: 0 is Sunday.
  return WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7] ?? 'mon';
}

/** The calendar day `days` after `date`. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A day's hours: its exception's (a holiday, closed or short), else its weekday's. */
export function hoursOn(store: Pick<HappeningStore, 'openingHours' | 'exceptions'>, date: string): Hours {
  const exception = store.exceptions.find((candidate) => candidate.date === date);
  return exception ? exception.hours : store.openingHours[weekdayOf(date)];
}

/** Whether the store is open at `at`, and if not, when it opens next (within a week). */
export function openState(store: Pick<HappeningStore, 'openingHours' | 'exceptions' | 'timeZone'>, at: number): OpenState {
  const { date, time } = localNow(at, store.timeZone);
  const today = hoursOn(store, date);
  // `HH:MM` times of one day compare as strings.
  if (today && today.opens <= time && time < today.closes) return { open: true, closes: today.closes };
  if (today && time < today.opens) return { open: false, next: { date, opens: today.opens, today: true } };
  for (let ahead = 1; ahead <= 7; ahead += 1) {
    const day = addDays(date, ahead);
    const hours = hoursOn(store, day);
    if (hours) return { open: false, next: { date: day, opens: hours.opens, today: false } };
  }
  return { open: false, next: null };
}
