import { addDays, hoursOfDay, localOf, weekdayOf } from '../../../contract/calendar-day.ts';
import type { HappeningStore } from '../../../contract/happening.ts';

/*
 * Open now, or when a store opens next, by the store's own clock: its weekday hours and the
 * coming weeks' exceptions (public holidays) as the API answers them, in its time zone, whatever
 * the shopper's. Pure, so the server render and the browser agree for the same instant.
 */

// The store card lists the week from here; the days are the config's, as the server's are.
export { WEEKDAYS } from '../../../config/weekdays.ts';

type Hours = { opens: string; closes: string } | null;

export type OpenState =
  /** Open at the instant; closes at `closes` (HH:MM, the store's). */
  | { open: true; closes: string }
  /** Closed; opens next on `date` (the store's YYYY-MM-DD) at `opens`, or not within the week ahead (null). */
  | { open: false; next: { date: string; opens: string; today: boolean } | null };

type StoreCalendar = Pick<HappeningStore, 'openingHours' | 'exceptions'>;

function hoursOn(store: StoreCalendar, date: string): Hours {
  return hoursOfDay(store.openingHours, weekdayOf(date), store.exceptions.find((candidate) => candidate.date === date));
}

/** Whether the store is open at `at`, and if not, when it opens next (within a week). */
export function openState(store: StoreCalendar & Pick<HappeningStore, 'timeZone'>, at: number): OpenState {
  const { date, time } = localOf(at, store.timeZone);
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
