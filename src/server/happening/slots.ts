import { SLOT_GRID_MINUTES } from '../../config/activities.ts';
import type { OpeningTime } from '../../config/stores.ts';
import { MINUTE_MS } from '../../contract/calendar-day.ts';
import { daysBetween, minutesOf, type ZonedDay } from './zoned-time.ts';

/*
 * Free times, computed in memory (pure: tests/api/happening-slots.test.ts). A service's times of a
 * store-local day: starts every 30 minutes from the store's opening, ending by its closing, within
 * the hours of an artist who does the service and has no live reservation overlapping it, after
 * now. A class's or event's times: its sessions of the day that fit the store's hours that day.
 * A wall time that does not exist on the day (a change to daylight saving) is no time at all.
 */

/** A reservation's span, in epoch milliseconds, [start, end). */
export interface Interval {
  start: number;
  end: number;
}

/** An artist who does the service, with their hours of the day's weekday (null: off). */
export interface ArtistOfDay {
  id: string;
  hours: OpeningTime | null;
}

export interface ServiceDay {
  day: ZonedDay;
  /** The store's hours that day (its weekday's, or a holiday's); null: closed. */
  storeHours: OpeningTime | null;
  /** In the order "any artist" picks them. */
  artists: readonly ArtistOfDay[];
  durationMinutes: number;
  /** A time must start after this instant (now). */
  after: number;
  /** Live reservations of each artist (held, confirmed, rescheduled) that may overlap the day. */
  busy: ReadonlyMap<string, readonly Interval[]>;
}

export interface FreeTime {
  startsAt: number;
  endsAt: number;
  /** `HH:MM`, store-local. */
  localTime: string;
  /** The artists free then, in pick order; empty for sessions. */
  artistIds: string[];
}


const overlaps = (intervals: readonly Interval[] | undefined, start: number, end: number) => intervals?.some((busy) => busy.start < end && busy.end > start) ?? false;

/**
 * The service's free times of the day, at most `limit` of them (available-slots needs to know only
 * that a day has one). Each lists the artists free then: its places left.
 */
export function serviceTimes(input: ServiceDay, limit = Number.POSITIVE_INFINITY): FreeTime[] {
  const { day, storeHours, durationMinutes, after, busy } = input;
  if (!storeHours) return [];
  const opens = minutesOf(storeHours.opens);
  const closes = minutesOf(storeHours.closes);
  const working = input.artists.flatMap((artist) => (artist.hours ? [{ id: artist.id, from: minutesOf(artist.hours.opens), to: minutesOf(artist.hours.closes) }] : []));
  const times: FreeTime[] = [];
  for (let start = opens; start + durationMinutes <= closes && times.length < limit; start += SLOT_GRID_MINUTES) {
    const end = start + durationMinutes;
    const on = working.filter((artist) => artist.from <= start && end <= artist.to);
    if (on.length === 0) continue;
    const startsAt = day.instantOf(start);
    if (startsAt === null || startsAt <= after) continue;
    // The real time that passes, so an appointment across a change of the clocks still lasts its length.
    const endsAt = startsAt + durationMinutes * MINUTE_MS;
    const free = on.filter((artist) => !overlaps(busy.get(artist.id), startsAt, endsAt)).map((artist) => artist.id);
    if (free.length > 0) times.push({ startsAt, endsAt, localTime: day.timeAt(startsAt), artistIds: free });
  }
  return times;
}

/**
 * The artists who could do the service at `startsAt` on that day were all of them free: null when
 * it is no start time the day offers (closed, off the grid, nobody working, too late to finish).
 */
export function artistsOfferedAt(input: Omit<ServiceDay, 'busy' | 'after'>, startsAt: number): string[] | null {
  const time = serviceTimes({ ...input, busy: new Map(), after: Number.NEGATIVE_INFINITY }).find((candidate) => candidate.startsAt === startsAt);
  return time ? time.artistIds : null;
}

/** A class's weekly time or an event's recurring one, at one store. */
export type SessionRule = { kind: 'weekly'; weekday: string; time: string } | { kind: 'recurring'; anchor: string; everyWeeks: number; time: string };

/** A session's start and end on the day, when the rule has one that day and it fits the store's hours. */
export function sessionOfDay(rule: SessionRule, day: ZonedDay, storeHours: OpeningTime | null, durationMinutes: number): Omit<FreeTime, 'artistIds'> | null {
  if (!storeHours) return null;
  if (rule.kind === 'weekly' && rule.weekday !== day.weekday) return null;
  if (rule.kind === 'recurring') {
    const period = rule.everyWeeks * 7;
    if (((daysBetween(rule.anchor, day.date) % period) + period) % period !== 0) return null;
  }
  const start = minutesOf(rule.time);
  // A holiday's short hours can leave no room for it: no session that day.
  if (start < minutesOf(storeHours.opens) || start + durationMinutes > minutesOf(storeHours.closes)) return null;
  const startsAt = day.instantOf(start);
  if (startsAt === null) return null;
  return { startsAt, endsAt: startsAt + durationMinutes * MINUTE_MS, localTime: day.timeAt(startsAt) };
}
