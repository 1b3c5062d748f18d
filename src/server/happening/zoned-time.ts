import type { Weekday } from '../../config/stores.ts';
import { DAY_MS, dayStart, localOf, MINUTE_MS, offsetMinutes, timeOf, weekdayOf } from '../../contract/calendar-day.ts';

// The SPA's /stores screen shares these (the web never imports the server); the server's modules keep importing them from here.
export { addDays, dayStart, daysBetween, localOf, offsetMinutes, weekdayOf } from '../../contract/calendar-day.ts';

/*
 * Store-local wall time ↔ instants, with Intl and nothing else
 * (docs/decisions/020-time-zones-with-intl.md). Node carries the full ICU time-zone database,
 * so a zone's offset at an instant is one
 * `formatToParts` (offsetMinutes, src/contract/calendar-day.ts); the other way, a local time to an
 * instant, needs the offsets on either side of any change that day: a local time is valid when the
 * instant it gives shows that same local time back. A time in the gap of a change to daylight
 * saving exists nowhere (null); a time in the overlap of the change back exists twice, and the
 * earlier instant is taken (as Temporal's "compatible" does). Nothing here reads the process's own
 * time zone.
 */

/** `HH:MM` as minutes after midnight. */
export function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/**
 * A store-local day, ready to turn its wall times into instants. The offsets a day before and a day
 * after bracket any change on the day itself (no zone changes twice within two days); when they
 * agree, which is every day but two a year in a zone with daylight saving, each time is one subtraction.
 */
export interface ZonedDay {
  date: string;
  weekday: Weekday;
  /** The instant of `minutes` after local midnight, or null when that wall time does not exist that day. */
  instantOf(minutes: number): number | null;
  /** The local wall time `HH:MM` of an instant of this day. */
  timeAt(instant: number): string;
}

/** Days already made, by zone and date: available-slots walks a month of them per request. */
const DAYS = new Map<string, ZonedDay>();
const DAYS_KEPT = 4_096;

export function zonedDay(date: string, timeZone: string): ZonedDay {
  const key = `${timeZone}|${date}`;
  let day = DAYS.get(key);
  if (!day) {
    // Bounded: a year of days for a dozen zones; past that it starts again (nothing here goes stale).
    if (DAYS.size >= DAYS_KEPT) DAYS.clear();
    day = makeZonedDay(date, timeZone);
    DAYS.set(key, day);
  }
  return day;
}

function makeZonedDay(date: string, timeZone: string): ZonedDay {
  const midnight = dayStart(date);
  const before = offsetMinutes(midnight - DAY_MS, timeZone);
  const after = offsetMinutes(midnight + 2 * DAY_MS, timeZone);
  const weekday = weekdayOf(date);
  if (before === after) {
    return { date, weekday, instantOf: (minutes) => midnight + (minutes - before) * MINUTE_MS, timeAt: (instant) => timeOf(Math.floor((instant - midnight) / MINUTE_MS) + before) };
  }
  return {
    date,
    weekday,
    instantOf: (minutes) => {
      const wall = midnight + minutes * MINUTE_MS;
      // The earlier of the candidates that show this wall time back; none: the time fell in the gap.
      const valid = [wall - Math.max(before, after) * MINUTE_MS, wall - Math.min(before, after) * MINUTE_MS].filter((instant) => instant + offsetMinutes(instant, timeZone) * MINUTE_MS === wall);
      return valid[0] ?? null;
    },
    timeAt: (instant) => localOf(instant, timeZone).time,
  };
}

/** The instant of a store-local day and wall time (`HH:MM`), or null when it does not exist there. */
export function instantOf(date: string, time: string, timeZone: string): number | null {
  return zonedDay(date, timeZone).instantOf(minutesOf(time));
}
