import { fromPromise } from 'xstate';
import type { AvailableDays, TimeSlots } from '../../src/contract/happening.ts';
import type { Hold, HoldRequest, Reservation, ReservationCreate } from '../../src/contract/reservations.ts';
import type { StoreDate } from '../../src/contract/booking.ts';

/* The booking flow's actors: each throws until the app provides it, so a missing wiring fails loudly. */

export interface DaysQuery {
  activityId: string;
  storeId: string;
}

/** `GET booking-service/available-slots/{activityId}?storeId=`: the days with a free time. */
export const fetchDays = fromPromise<AvailableDays, DaysQuery>(async () => {
  throw new Error('bookingFlow: provide the `fetchDays` actor');
});

export interface TimesQuery extends DaysQuery {
  date: StoreDate;
}

/** `GET booking-service/time-slots/{activityId}?storeId=&date=`: the free times of one store-local day. */
export const fetchTimes = fromPromise<TimeSlots, TimesQuery>(async () => {
  throw new Error('bookingFlow: provide the `fetchTimes` actor');
});

/** `POST reservation-service/create`: the time held for the shopper until the server's `expiresAt`. */
export const holdSlot = fromPromise<Hold, HoldRequest>(async () => {
  throw new Error('bookingFlow: provide the `holdSlot` actor');
});

/** `POST reservation-service`: the hold confirmed with the details and answers; the booking. */
export const createReservation = fromPromise<Reservation, ReservationCreate>(async () => {
  throw new Error('bookingFlow: provide the `createReservation` actor');
});
