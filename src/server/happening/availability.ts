import { sql } from 'drizzle-orm';
import type { ActivityData, ClassData, EventData, ServiceData } from '../../config/activities.ts';
import { ARTISTS } from '../../config/artists.ts';
import type { Store } from '../../config/stores.ts';
import type { AvailableDays, Session, TimeSlot, TimeSlots } from '../../contract/happening.ts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/query.ts';
import { artistsDoing, bookingWindow, sessionRulesAt, storeHoursOn } from './calendar.ts';
import { serviceTimes, sessionOfDay, type FreeTime, type Interval, type ServiceDay } from './slots.ts';
import { DAY_MS } from '../../contract/calendar-day.ts';
import { addDays, dayStart, zonedDay } from './zoned-time.ts';

/*
 * Free times against the database: ONE query reads the live reservations of a store (or a few) over
 * the whole window, then every day is computed in memory (slots.ts). `available-slots` asks a
 * month at once and its budget is 20 ms at p99: no query per day, no query per artist.
 */

const iso = (instant: number) => new Date(instant).toISOString();
const ARTIST_NAMES: ReadonlyMap<string, string> = new Map(ARTISTS.map((artist) => [artist.id, artist.name]));

/** What the live reservations of a window take: each artist's busy spans, each session's seats. */
export interface Taken {
  busy: ReadonlyMap<string, readonly Interval[]>;
  /** Seats taken, by `activity|store|startsAt ms`. */
  seats: ReadonlyMap<string, number>;
}

export const seatKey = (activityId: string, storeId: string, startsAt: number) => `${activityId}|${storeId}|${startsAt}`;

/**
 * The live reservations (confirmed, rescheduled, or held while the hold lasts) at the stores that
 * overlap [from, to). The partial index on (store_id, starts_at) of live rows answers it.
 */
export async function takenAt(db: Db, storeIds: readonly string[], from: number, to: number, now: number, except: number | null = null): Promise<Taken> {
  const busy = new Map<string, Interval[]>();
  const seats = new Map<string, number>();
  if (storeIds.length === 0) return { busy, seats };
  // One row, one text: PGlite hands each row and field to JavaScript one by one (200 reservations
  // took 1.5 ms as rows, 0.6 ms as one text). Ids are configuration slugs: no spaces, no semicolons.
  const [row] = await queryRows<{ r: string | null }>(
    db,
    sql`select string_agg(concat_ws(' ', coalesce(artist_id, '-'), activity_id, store_id, (extract(epoch from starts_at) * 1000)::bigint, (extract(epoch from ends_at) * 1000)::bigint), ';') as r
      from reservations
      where store_id in (${sql.join(storeIds.map((id) => sql`${id}`), sql`, `)}) and status in ('held', 'confirmed', 'rescheduled')
        and starts_at < ${iso(to)}::timestamptz and ends_at > ${iso(from)}::timestamptz and (status <> 'held' or hold_expires_at > ${iso(now)}::timestamptz)${except === null ? sql`` : sql` and id <> ${except}`}`,
  );
  for (const entry of row?.r ? row.r.split(';') : []) {
    const [artistId = '-', activityId = '', storeId = '', startsMs = '0', endsMs = '0'] = entry.split(' ');
    const start = Number(startsMs);
    if (artistId !== '-') {
      const spans = busy.get(artistId);
      if (spans) spans.push({ start, end: Number(endsMs) });
      else busy.set(artistId, [{ start, end: Number(endsMs) }]);
    } else {
      const key = seatKey(activityId, storeId, start);
      seats.set(key, (seats.get(key) ?? 0) + 1);
    }
  }
  return { busy, seats };
}

/** The inputs of a service's day at a store (slots.ts), with what is taken. */
export function serviceDay(activity: ServiceData, store: Store, date: string, after: number, busy: Taken['busy']): ServiceDay {
  const day = zonedDay(date, store.timeZone);
  return {
    day,
    storeHours: storeHoursOn(store, day),
    artists: artistsDoing(activity, store.id).map((artist) => ({ id: artist.id, hours: artist.hours[day.weekday] })),
    durationMinutes: activity.durationMinutes,
    after,
    busy,
  };
}

export type SessionOfDay = Omit<FreeTime, 'artistIds'> & { seatsLeft: number };

/** A class's or event's sessions at the store on the day (those the store's hours leave room for), with seats left. */
export function sessionsOfDay(activity: ClassData | EventData, store: Store, date: string, seats: Taken['seats']): SessionOfDay[] {
  const day = zonedDay(date, store.timeZone);
  const hours = storeHoursOn(store, day);
  return sessionRulesAt(activity, store.id)
    .flatMap((rule) => {
      const session = sessionOfDay(rule, day, hours, activity.durationMinutes);
      return session ? [{ ...session, seatsLeft: Math.max(0, activity.capacity - (seats.get(seatKey(activity.id, store.id, session.startsAt)) ?? 0)) }] : [];
    })
    .sort((a, b) => a.startsAt - b.startsAt);
}

/** The window's days, `from` to `to` inclusive. */
function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) days.push(date);
  return days;
}

/** [from, to) in instants that surely covers the local days `from`…`to` of any zone (±14 h), and a day of margin for spans reaching in. */
const spanOf = (from: string, to: string): [number, number] => [dayStart(from) - 2 * DAY_MS, dayStart(to) + 3 * DAY_MS];

/** A service's day with only `artistId` working (every artist of it for null). */
function dayOfArtist(day: ServiceDay, artistId: string | null): ServiceDay {
  return artistId === null ? day : { ...day, artists: day.artists.filter((artist) => artist.id === artistId) };
}

/**
 * `available-slots`: the days of the booking window with at least one free time. For moving a
 * booking, `except` it (not counted) and, for a service, only the days `artistId` is free.
 */
export async function availableDays(db: Db, activity: ActivityData, store: Store, now: number, except: number | null = null, artistId: string | null = null): Promise<AvailableDays> {
  const { from, to } = bookingWindow(store, activity, now);
  const taken = await takenAt(db, [store.id], ...spanOf(from, to), now, except);
  const days = daysOf(from, to).filter((date) =>
    activity.kind === 'service'
      ? serviceTimes(dayOfArtist(serviceDay(activity, store, date, now, taken.busy), artistId), 1).length > 0
      : sessionsOfDay(activity, store, date, taken.seats).some((session) => session.startsAt > now && session.seatsLeft > 0),
  );
  return { activityId: activity.id, storeId: store.id, timeZone: store.timeZone, from, to, days };
}

/** `time-slots`: the free times of one store-local day (none outside the booking window); `except` a booking being moved, not counted. */
export async function timeSlots(db: Db, activity: ActivityData, store: Store, date: string, now: number, except: number | null = null): Promise<TimeSlots> {
  const answer = (slots: TimeSlot[]): TimeSlots => ({ activityId: activity.id, storeId: store.id, timeZone: store.timeZone, date, slots });
  const { from, to } = bookingWindow(store, activity, now);
  if (date < from || date > to) return answer([]);
  const taken = await takenAt(db, [store.id], ...spanOf(date, date), now, except);
  if (activity.kind === 'service') {
    return answer(
      serviceTimes(serviceDay(activity, store, date, now, taken.busy)).map((time) => ({
        startsAt: iso(time.startsAt),
        endsAt: iso(time.endsAt),
        localTime: time.localTime,
        seatsLeft: time.artistIds.length,
        artists: time.artistIds.map((id) => ({ id, name: ARTIST_NAMES.get(id) ?? id })),
      })),
    );
  }
  return answer(
    sessionsOfDay(activity, store, date, taken.seats)
      .filter((session) => session.startsAt > now && session.seatsLeft > 0)
      .map((session) => ({ startsAt: iso(session.startsAt), endsAt: iso(session.endsAt), localTime: session.localTime, seatsLeft: session.seatsLeft, artists: [] })),
  );
}

/**
 * The coming sessions of classes or events at the stores, sold-out ones too (seatsLeft 0: "see an
 * event sold out"), soonest first: each activity's own booking window, one query for all.
 */
export async function upcomingSessions(db: Db, activities: readonly (ClassData | EventData)[], stores: readonly Store[], now: number): Promise<Session[]> {
  const pairs = stores.flatMap((store) => activities.filter((activity) => sessionRulesAt(activity, store.id).length > 0).map((activity) => ({ store, activity, window: bookingWindow(store, activity, now) })));
  if (pairs.length === 0) return [];
  const from = pairs.reduce((min, pair) => (pair.window.from < min ? pair.window.from : min), pairs[0]?.window.from ?? '');
  const to = pairs.reduce((max, pair) => (pair.window.to > max ? pair.window.to : max), '');
  const taken = await takenAt(db, [...new Set(pairs.map((pair) => pair.store.id))], ...spanOf(from, to), now);
  const sessions: Session[] = [];
  for (const { store, activity, window } of pairs) {
    for (const date of daysOf(window.from, window.to)) {
      for (const session of sessionsOfDay(activity, store, date, taken.seats)) {
        if (session.startsAt <= now) continue;
        sessions.push({ activityId: activity.id, storeId: store.id, startsAt: iso(session.startsAt), endsAt: iso(session.endsAt), date, localTime: session.localTime, seatsLeft: session.seatsLeft });
      }
    }
  }
  return sessions.sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.storeId.localeCompare(b.storeId));
}
