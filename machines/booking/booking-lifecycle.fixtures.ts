import type { Booking } from '../../src/contract/booking.ts';
import type { BookingLifecycleInput } from './booking-lifecycle.machine.ts';

/** Example bookings for the lifecycle model, its tests and the visualizer (a Singapore store). */
export const LIFECYCLE_NOW = Date.parse('2030-12-01T00:00:00.000Z');

export const CONFIRMED_BOOKING: Booking = {
  id: 'booking-77',
  confirmationNumber: 'BP-2030-0042',
  status: 'confirmed',
  country: 'SG',
  storeId: 'store-orchard',
  service: { id: 'svc-facial', name: 'Hydrating Facial', duration: 60, price: { currency: 'SGD', amount: 88 }, capacity: 6 },
  artist: { id: 'artist-siti', name: 'Siti Rahman' },
  appointmentAt: '2030-12-02T02:00:00.000Z',
};

export const RESCHEDULED_BOOKING: Booking = { ...CONFIRMED_BOOKING, status: 'rescheduled', appointmentAt: '2030-12-05T06:00:00.000Z' };
export const CANCELLED_BOOKING: Booking = { ...CONFIRMED_BOOKING, status: 'cancelled' };
/** Still "confirmed" on the server, but its time has passed: opened, it is expired at once. */
export const PAST_BOOKING: Booking = { ...CONFIRMED_BOOKING, appointmentAt: '2030-11-30T02:00:00.000Z' };

/** Months away: longer than one browser timer can wait. */
export const FAR_BOOKING: Booking = { ...CONFIRMED_BOOKING, appointmentAt: '2031-03-01T02:00:00.000Z' };
export const FAR_RESCHEDULED_BOOKING: Booking = { ...FAR_BOOKING, status: 'rescheduled' };

export const RESCHEDULE_SLOT_ID = 'slot-1205-1400';

/** A tick before any appointment of the fixtures, and one after all of them. */
export const TICK_BEFORE = Date.parse('2030-12-01T12:00:00.000Z');
export const TICK_AFTER = Date.parse('2031-06-01T00:00:00.000Z');

export const LIFECYCLE_INPUT: BookingLifecycleInput = { bookingId: CONFIRMED_BOOKING.id, now: LIFECYCLE_NOW };
