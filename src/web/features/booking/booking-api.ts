import {
  ActivityGroupListResponseSchema,
  ActivityListResponseSchema,
  ActivityPageResponseSchema,
  AvailableDaysResponseSchema,
  StoreListResponseSchema,
  TimeSlotsResponseSchema,
  type Activity,
  type ActivityGroup,
  type ActivitySummary,
  type AvailableDays,
  type HappeningStore,
  type TimeSlots,
} from '../../../contract/happening.ts';
import {
  BOOKING_KEY_HEADER,
  BookingContactResponseSchema,
  HoldResponseSchema,
  ReservationListResponseSchema,
  ReservationResponseSchema,
  RescheduleDaysResponseSchema,
  type BookingContact,
  type BookingLookup,
  type Hold,
  type HoldRequest,
  type Reservation,
  type ReservationCreate,
  type Reschedule,
  type RescheduleDays,
} from '../../../contract/reservations.ts';
import type { ApiClient, RequestOptions } from '../../shared/api/client.ts';
import { ApiError } from '../../shared/api/errors.ts';
import { createServerClock, type ServerClock } from './booking-clock.ts';
import { isConfirmationNumber } from './booking-paths.ts';

/** Paths under /api/web/v1, declared in src/server/routes/happening.ts and reservations.ts (the OpenAPI document lists each). */
export const BOOKING_PATHS = {
  activities: 'booking-service/activities',
  storeActivities: 'layouts/store-services/activities',
  groups: 'booking-services/pages',
  activityPage: (id: string) => `happening/services/activities/${encodeURIComponent(id)}`,
  days: (id: string) => `booking-service/available-slots/${encodeURIComponent(id)}`,
  times: (id: string) => `booking-service/time-slots/${encodeURIComponent(id)}`,
  stores: 'stores',
  holds: 'reservation-service/create',
  reservations: 'reservation-service',
  reservation: (number: string) => `reservation-service/${encodeURIComponent(number)}`,
  reschedule: (number: string) => `reservation-service/${encodeURIComponent(number)}/reschedule`,
  moveTimes: (number: string) => `reservation-service/${encodeURIComponent(number)}/time-slots`,
  moveDays: (number: string) => `reservation-service/${encodeURIComponent(number)}/days`,
  contact: 'reservation-service/contact',
  lookup: 'reservation-service/lookup',
} as const;

type Signal = { signal?: AbortSignal };

/** The happening list: the country's groups and stores, and the activities (of one store, or all). */
export interface HappeningList {
  groups: ActivityGroup[];
  activities: ActivitySummary[];
  stores: HappeningStore[];
}

/** An activity's page: the activity with its questions, and the stores of the country that offer it. */
export interface ActivityPage {
  activity: Activity;
  stores: HappeningStore[];
}

export interface MyBookings {
  upcoming: Reservation[];
  past: Reservation[];
}

/** What a guest's lookup found: the booking (with its key), or nothing for that number and email. */
export type BookingLookupOutcome = { kind: 'found'; booking: Reservation } | { kind: 'notFound' } | { kind: 'tooManyAttempts' };

export interface BookingApi {
  /** The server's clock, corrected from the answers' `Date` (booking-clock.ts). */
  clock: ServerClock;
  list(storeId: string | null, options?: Signal): Promise<HappeningList>;
  activityPage(id: string, options?: Signal): Promise<ActivityPage>;
  days(query: { activityId: string; storeId: string }, options?: Signal): Promise<AvailableDays>;
  times(query: { activityId: string; storeId: string; date: string }, options?: Signal): Promise<TimeSlots>;
  hold(request: HoldRequest): Promise<Hold>;
  reserve(body: ReservationCreate): Promise<Reservation>;
  /** A booking by its number: the member's own, or a guest's with its key. */
  booking(number: string, key: string | null, options?: Signal): Promise<Reservation>;
  cancel(number: string, key: string | null): Promise<Reservation>;
  reschedule(number: string, change: Reschedule, key: string | null): Promise<Reservation>;
  /** The free times of a day for moving a booking, counted without the booking itself (its artist's truly free times). */
  moveTimes(number: string, date: string, key: string | null, options?: Signal): Promise<TimeSlots>;
  /** The days a booking can move to with `artistId` (null: any artist), counted without the booking itself, and the service's artists at its store. */
  moveDays(number: string, artistId: string | null, key: string | null, options?: Signal): Promise<RescheduleDays>;
  /** A member's contact: what the booking form starts from. */
  contact(options?: Signal): Promise<BookingContact>;
  mine(options?: Signal): Promise<MyBookings>;
  lookup(body: BookingLookup): Promise<BookingLookupOutcome>;
}

const keyHeader = (key: string | null): Pick<RequestOptions, 'headers'> => (key ? { headers: { [BOOKING_KEY_HEADER]: key } } : {});

/** A malformed number is not found, as the server would say of anyone else's booking, without asking it. */
const notABookingNumber = (number: string) => Promise.reject(new ApiError('http', `reservation-service/${number}: not a confirmation number`, { status: 404, body: { code: 'booking_not_found', message: 'not found', status: 404 } }));

export function createBookingApi(client: ApiClient): BookingApi {
  const { request } = client;
  const clock = createServerClock();
  // Every answer a machine's clock depends on tells the server's time.
  const timed = <T extends RequestOptions & { body?: unknown }>(options: T): T => {
    const sentAt = Date.now();
    return { ...options, onHeaders: (headers: Headers) => clock.note(headers.get('date'), sentAt, Date.now()) };
  };
  const signalOf = (options: Signal | undefined) => (options?.signal ? { signal: options.signal } : {});
  const data = <T>(promise: Promise<{ data: T }>): Promise<T> => promise.then((answer) => answer.data);
  return {
    clock,
    list: async (storeId, options) => {
      const signal = signalOf(options);
      const [groups, activities, stores] = await Promise.all([
        request('GET', BOOKING_PATHS.groups, ActivityGroupListResponseSchema, signal),
        storeId ? request('GET', BOOKING_PATHS.storeActivities, ActivityListResponseSchema, { ...signal, query: { storeId } }) : request('GET', BOOKING_PATHS.activities, ActivityListResponseSchema, signal),
        request('GET', BOOKING_PATHS.stores, StoreListResponseSchema, signal),
      ]);
      return { groups: groups.data, activities: activities.data, stores: stores.data };
    },
    activityPage: (id, options) => data(request('GET', BOOKING_PATHS.activityPage(id), ActivityPageResponseSchema, timed(signalOf(options)))),
    days: ({ activityId, storeId }, options) => data(request('GET', BOOKING_PATHS.days(activityId), AvailableDaysResponseSchema, timed({ ...signalOf(options), query: { storeId } }))),
    times: ({ activityId, storeId, date }, options) => data(request('GET', BOOKING_PATHS.times(activityId), TimeSlotsResponseSchema, timed({ ...signalOf(options), query: { storeId, date } }))),
    // Holds and confirmations are not retried by the client (no Idempotency-Key): a repeat would hold twice or answer 409.
    hold: (body) => data(request('POST', BOOKING_PATHS.holds, HoldResponseSchema, timed({ body }))),
    reserve: (body) => data(request('POST', BOOKING_PATHS.reservations, ReservationResponseSchema, timed({ body }))),
    booking: (number, key, options) =>
      isConfirmationNumber(number) ? data(request('GET', BOOKING_PATHS.reservation(number), ReservationResponseSchema, timed({ ...signalOf(options), ...keyHeader(key) }))) : notABookingNumber(number),
    cancel: (number, key) => (isConfirmationNumber(number) ? data(request('DELETE', BOOKING_PATHS.reservation(number), ReservationResponseSchema, timed(keyHeader(key)))) : notABookingNumber(number)),
    reschedule: (number, change, key) =>
      isConfirmationNumber(number) ? data(request('POST', BOOKING_PATHS.reschedule(number), ReservationResponseSchema, timed({ ...keyHeader(key), body: change }))) : notABookingNumber(number),
    moveTimes: (number, date, key, options) =>
      isConfirmationNumber(number) ? data(request('GET', BOOKING_PATHS.moveTimes(number), TimeSlotsResponseSchema, timed({ ...signalOf(options), ...keyHeader(key), query: { date } }))) : notABookingNumber(number),
    moveDays: (number, artistId, key, options) =>
      isConfirmationNumber(number)
        ? data(request('GET', BOOKING_PATHS.moveDays(number), RescheduleDaysResponseSchema, timed({ ...signalOf(options), ...keyHeader(key), ...(artistId === null ? {} : { query: { artistId } }) })))
        : notABookingNumber(number),
    contact: (options) => data(request('GET', BOOKING_PATHS.contact, BookingContactResponseSchema, signalOf(options))),
    mine: (options) => data(request('GET', BOOKING_PATHS.reservations, ReservationListResponseSchema, timed(signalOf(options)))),
    // No Idempotency-Key: a lookup changes nothing but the miss count, and the client never retries it.
    lookup: async (body) => {
      try {
        const booking = await data(request('POST', BOOKING_PATHS.lookup, ReservationResponseSchema, { body }));
        return { kind: 'found', booking };
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return { kind: 'notFound' };
        if (error instanceof ApiError && error.status === 429) return { kind: 'tooManyAttempts' };
        throw error;
      }
    },
  };
}
