/**
 * The happening bench (issue 14): `booking-service/available-slots` over the services and classes
 * of five countries' stores, and creating reservations: holds (`reservation-service/create`) of
 * distinct free times, then their confirmations (`reservation-service`). A time is held once, so
 * each request takes the next of a queue, like the checkout's bags; the run's bookings are
 * cancelled afterwards, so a reused data directory keeps its free times.
 */
import { randomUUID } from 'node:crypto';
import { API_PREFIX, CLIENT_HEADERS } from '../../src/config/constants.ts';
import type { ActivitySummary, AvailableDays, TimeSlots } from '../../src/contract/happening.ts';
import { BOOKING_KEY_HEADER, type Hold, type Reservation } from '../../src/contract/reservations.ts';
import { DETAILS as BOOKING_DETAILS, validAnswers } from '../helpers/booking-data.ts';
import type { CartBenchRequest } from './cart-requests.ts';
import { sendQueue, type RunResult } from './queue-run.ts';

const COUNTRIES = [
  { country: 'sg', language: 'en-SG' },
  { country: 'th', language: 'th-TH' },
  { country: 'au', language: 'en-AU' },
  { country: 'nz', language: 'en-NZ' },
  { country: 'hk', language: 'zh-HK' },
] as const;
type Country = (typeof COUNTRIES)[number];

const headersOf = (site: Country): Record<string, string> => ({ ...CLIENT_HEADERS, Accept: 'application/json', 'Accept-Language': site.language, 'X-Site-Country': site.country });

async function getJson<T>(base: string, site: Country, path: string): Promise<T> {
  const response = await fetch(`${base}${API_PREFIX}/${path}`, { headers: headersOf(site) });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return ((await response.json()) as { data: T }).data;
}

async function bookable(base: string, site: Country, kind: 'service' | 'class'): Promise<ActivitySummary[]> {
  return getJson<ActivitySummary[]>(base, site, `booking-service/activities?kind=${kind}`);
}

/** `available-slots` of every service and class at every store offering it, in five countries. */
export async function availableSlotsRequests(base: string): Promise<CartBenchRequest[]> {
  const requests: CartBenchRequest[] = [];
  for (const site of COUNTRIES) {
    for (const activity of [...(await bookable(base, site, 'service')), ...(await bookable(base, site, 'class'))]) {
      for (const storeId of activity.storeIds) requests.push({ method: 'GET', path: `${API_PREFIX}/booking-service/available-slots/${activity.id}?storeId=${storeId}`, headers: headersOf(site) });
    }
  }
  return requests;
}

export interface HoldBody {
  site: Country;
  body: string;
}

/**
 * `count` hold requests of free service times no two of which can meet: per store and artist, the
 * times of a service in order, each after the last one's end.
 */
export async function freeHolds(base: string, count: number): Promise<HoldBody[]> {
  const out: HoldBody[] = [];
  // Every service of a store shares its artists: a time is taken only when none of the artist's taken times meets it.
  const taken = new Map<string, [number, number][]>();
  const free = (artistId: string, start: number, end: number) => !(taken.get(artistId) ?? []).some(([from, to]) => start < to && from < end);
  for (const site of COUNTRIES) {
    for (const service of await bookable(base, site, 'service')) {
      for (const storeId of service.storeIds) {
        const days = await getJson<AvailableDays>(base, site, `booking-service/available-slots/${service.id}?storeId=${storeId}`);
        for (const date of days.days) {
          const { slots } = await getJson<TimeSlots>(base, site, `booking-service/time-slots/${service.id}?storeId=${storeId}&date=${date}`);
          for (const slot of slots) {
            const start = Date.parse(slot.startsAt);
            const end = Date.parse(slot.endsAt);
            const artist = slot.artists.find((candidate) => free(candidate.id, start, end));
            if (!artist) continue;
            taken.set(artist.id, [...(taken.get(artist.id) ?? []), [start, end]]);
            out.push({ site, body: JSON.stringify({ activityId: service.id, storeId, startsAt: slot.startsAt, artistId: artist.id }) });
            if (out.length === count) return out;
          }
        }
      }
    }
  }
  throw new Error(`${out.length} free service times for the bench, ${count} wanted`);
}

const DETAILS = { ...BOOKING_DETAILS, email: 'bench@example.com' };

export type { RunResult };

/** Sends each of `bodies` once over `connections` connections, handing each 2xx answer's `data` to `keep`. */
function sendEach<T>(base: string, path: string, bodies: { site: Country; body: string }[], connections: number, keep: (data: T) => void): Promise<RunResult> {
  const queue = bodies.map(({ site, body }) => ({ headers: { ...headersOf(site), 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() }, body }));
  return sendQueue(base, `${API_PREFIX}/${path}`, queue, connections, (status, body) => {
    if (status >= 200 && status < 300) keep((JSON.parse(body) as { data: T }).data);
  });
}

export interface HeldTime {
  site: Country;
  hold: Hold;
}

/** Holds each time of `bodies`; answers the run and the holds made. */
export async function holdTimes(base: string, bodies: HoldBody[], connections: number): Promise<{ run: RunResult; holds: HeldTime[] }> {
  const bySite = new Map(bodies.map((b) => [`${(JSON.parse(b.body) as { storeId: string; startsAt: string }).storeId} ${(JSON.parse(b.body) as { startsAt: string }).startsAt}`, b.site]));
  const holds: HeldTime[] = [];
  const run = await sendEach<Hold>(base, 'reservation-service/create', bodies, connections, (hold) => holds.push({ site: bySite.get(`${hold.storeId} ${hold.startsAt}`) ?? COUNTRIES[0], hold }));
  return { run, holds };
}

/** Confirms each hold with the shopper's details; answers the run and the bookings made (with their manage keys). */
export async function confirmHolds(base: string, holds: HeldTime[], connections: number): Promise<{ run: RunResult; bookings: { site: Country; booking: Reservation }[] }> {
  const bookings: { site: Country; booking: Reservation }[] = [];
  const bodies = holds.map(({ site, hold }) => ({ site, body: JSON.stringify({ holdId: hold.id, holdToken: hold.token, details: DETAILS, answers: validAnswers(hold.activityId) }) }));
  const siteOf = new Map(holds.map(({ site, hold }) => [`${hold.storeId} ${hold.startsAt}`, site]));
  const run = await sendEach<Reservation>(base, 'reservation-service', bodies, connections, (booking) => bookings.push({ site: siteOf.get(`${booking.store.id} ${booking.appointmentAt}`) ?? COUNTRIES[0], booking }));
  return { run, bookings };
}

/** Cancels the run's bookings (a guest's, by their keys), so the next run finds the same free times. */
export async function cancelBookings(base: string, bookings: { site: Country; booking: Reservation }[]): Promise<number> {
  let cancelled = 0;
  for (const { site, booking } of bookings) {
    const response = await fetch(`${base}${API_PREFIX}/reservation-service/${booking.confirmationNumber}`, { method: 'DELETE', headers: { ...headersOf(site), [BOOKING_KEY_HEADER]: booking.manageKey ?? '' } });
    await response.arrayBuffer();
    if (response.ok) cancelled++;
  }
  return cancelled;
}
