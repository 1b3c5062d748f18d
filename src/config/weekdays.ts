/*
 * The week a store's hours are written in, Monday first: its own module so the SPA's /stores screen
 * and the shared calendar (src/contract/calendar-day.ts) take it without the store list.
 */

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** One day's hours, local time of the store (`'10:00'`, 24-hour `HH:MM`); closing is after opening, the same day. */
export interface OpeningTime {
  opens: string;
  closes: string;
}

/** Each weekday's hours; null on a day the store is closed. */
export type OpeningHours = Readonly<Record<Weekday, OpeningTime | null>>;
