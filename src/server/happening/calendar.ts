import type { ActivityData } from '../../config/activities.ts';
import { artistsAt, type ArtistData } from '../../config/artists.ts';
import type { CountryCode } from '../../config/countries.ts';
import { PUBLIC_HOLIDAYS, type PublicHoliday } from '../../config/public-holidays.ts';
import { STORES, type OpeningTime, type Store } from '../../config/stores.ts';
import { hoursOfDay } from '../../contract/calendar-day.ts';
import type { SessionRule } from './slots.ts';
import { addDays, localOf, type ZonedDay } from './zoned-time.ts';

/*
 * A store's calendar: its hours on a given day (the weekday's, or a public holiday's), its
 * upcoming exceptions, its "today", and the days an activity can be booked there.
 */

const STORE_BY_ID: ReadonlyMap<string, Store> = new Map(STORES.map((store) => [store.id, store]));
const HOLIDAYS: ReadonlyMap<string, PublicHoliday> = new Map(Object.entries(PUBLIC_HOLIDAYS).flatMap(([country, days]) => days.map((day) => [`${country}|${day.date}`, day] as const)));

/** The store of an id, any country's (a booking names its own store). */
export function storeById(storeId: string): Store | undefined {
  return STORE_BY_ID.get(storeId);
}

/** The store of an id in the request's country; undefined for any other id, another country's too. */
export function storeIn(country: CountryCode, storeId: string): Store | undefined {
  const store = STORE_BY_ID.get(storeId);
  return store?.country === country ? store : undefined;
}

export function holidayOf(store: Store, date: string): PublicHoliday | undefined {
  return HOLIDAYS.get(`${store.country}|${date}`);
}

/** The store's hours on a local day: a holiday's if it is one, else its weekday's; null: closed. */
export function storeHoursOn(store: Store, day: Pick<ZonedDay, 'date' | 'weekday'>): OpeningTime | null {
  return hoursOfDay(store.openingHours, day.weekday, holidayOf(store, day.date));
}

/** The store's own calendar day at `now`. */
export function todayAt(store: Store, now: number): string {
  return localOf(now, store.timeZone).date;
}

/** The holidays of the store's country from `from` to `to` (inclusive), by date. */
export function holidaysBetween(store: Store, from: string, to: string): readonly PublicHoliday[] {
  return PUBLIC_HOLIDAYS[store.country].filter((holiday) => holiday.date >= from && holiday.date <= to);
}

/** The days an activity may be booked at the store from `now`: today to today + bookAheadDays, store calendar. */
export function bookingWindow(store: Store, activity: ActivityData, now: number): { from: string; to: string } {
  const from = todayAt(store, now);
  return { from, to: addDays(from, activity.policy.bookAheadDays) };
}

/** Whether the activity can be booked at the store at all (services: where offered; classes and events: where they have sessions). */
export function offeredAt(activity: ActivityData, storeId: string): boolean {
  if (activity.kind === 'service') return activity.storeIds.includes(storeId) && artistsAt(storeId).some((artist) => artist.serviceIds.includes(activity.id));
  return activity.sessions.some((session) => session.storeId === storeId);
}

/** The store's artists who do the service, in pick order. */
export function artistsDoing(activity: ActivityData, storeId: string): readonly ArtistData[] {
  return artistsAt(storeId).filter((artist) => artist.serviceIds.includes(activity.id));
}

/** The session rules of a class or event at one store. */
export function sessionRulesAt(activity: ActivityData, storeId: string): SessionRule[] {
  if (activity.kind === 'class') return activity.sessions.filter((s) => s.storeId === storeId).map((s) => ({ kind: 'weekly', weekday: s.weekday, time: s.time }));
  if (activity.kind === 'event') return activity.sessions.filter((s) => s.storeId === storeId).map((s) => ({ kind: 'recurring', anchor: s.anchor, everyWeeks: s.everyWeeks, time: s.time }));
  return [];
}
