import type { Reservation } from '../../src/contract/reservations.ts';
import type { BookingLifecycleInput } from './booking-lifecycle.machine.ts';

/**
 * Example bookings for the lifecycle model, its tests and the visualizer: an Orchard Road store in
 * Singapore, a 24-hour change cut-off. The screen opens on 1 December 2030 at 08:00 local time.
 */
export const LIFECYCLE_NOW = Date.parse('2030-12-01T00:00:00.000Z');

const HOUR = 60 * 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();

/** A booking of `appointmentAt`, its cut-off `cutoffHours` before (the activity's policy). */
function at(appointmentAt: string, cutoffHours = 24): Pick<Reservation, 'appointmentAt' | 'endsAt' | 'changeCutoffAt' | 'date' | 'localTime'> {
  const start = Date.parse(appointmentAt);
  const local = new Date(start + 8 * HOUR).toISOString();
  return { appointmentAt, endsAt: iso(start + HOUR), changeCutoffAt: iso(start - cutoffHours * HOUR), date: local.slice(0, 10), localTime: local.slice(11, 16) };
}

export const CONFIRMED_BOOKING: Reservation = {
  confirmationNumber: 'BK-7Q2M9XKD',
  status: 'confirmed',
  kind: 'service',
  country: 'SG',
  activity: { id: 'act-facial', name: 'Hydrating Facial', durationMinutes: 60, price: { currency: 'SGD', amount: 88 }, currencySymbol: 'S$' },
  store: { id: 'store-orchard', name: 'Orchard Road', line1: '290 Orchard Road', city: 'Singapore', phone: '+65 6735 0000', timeZone: 'Asia/Singapore' },
  artist: { id: 'artist-siti', name: 'Siti Rahman' },
  // 10:00 on 2 December in Singapore: changes close at 10:00 on 1 December, two hours after the screen opens.
  ...at('2030-12-02T02:00:00.000Z'),
  fullName: 'Tan Mei Ling',
  email: 'mei@example.com',
  phone: '',
  notes: '',
  answers: { 'q-skin': 'dry' },
  history: [{ status: 'confirmed', at: '2030-11-30T00:05:00.000Z' }],
};

export const RESCHEDULED_BOOKING: Reservation = {
  ...CONFIRMED_BOOKING,
  status: 'rescheduled',
  // 14:00 on 2 December: the same cut-off window as the confirmed booking's, four hours later.
  ...at('2030-12-02T06:00:00.000Z'),
  history: [...CONFIRMED_BOOKING.history, { status: 'rescheduled', at: '2030-12-01T00:01:00.000Z' }],
};
export const CANCELLED_BOOKING: Reservation = { ...CONFIRMED_BOOKING, status: 'cancelled', history: [...CONFIRMED_BOOKING.history, { status: 'cancelled', at: '2030-12-01T00:01:00.000Z' }] };
/** Still "confirmed" on the server, but its time has passed: opened, it is expired at once. */
export const PAST_BOOKING: Reservation = { ...CONFIRMED_BOOKING, ...at('2030-11-30T02:00:00.000Z') };
/** Tonight at 18:00: within the cut-off, so it can no longer be changed. */
export const LOCKED_BOOKING: Reservation = { ...CONFIRMED_BOOKING, ...at('2030-12-01T10:00:00.000Z') };
export const LOCKED_RESCHEDULED_BOOKING: Reservation = { ...RESCHEDULED_BOOKING, ...at('2030-12-01T10:00:00.000Z') };

/** A class: it can be cancelled, never rescheduled. */
export const CLASS_BOOKING: Reservation = {
  ...CONFIRMED_BOOKING,
  kind: 'class',
  activity: { id: 'act-makeup-class', name: 'Everyday Makeup Class', durationMinutes: 90, price: { currency: 'SGD', amount: 45 }, currencySymbol: 'S$' },
  artist: null,
  answers: {},
};

/** Months away: longer than one browser timer can wait, for the cut-off and the appointment. */
export const FAR_BOOKING: Reservation = { ...CONFIRMED_BOOKING, ...at('2031-03-01T02:00:00.000Z') };
export const FAR_RESCHEDULED_BOOKING: Reservation = { ...RESCHEDULED_BOOKING, ...at('2031-03-01T02:00:00.000Z') };
/** Months away, yet already closed to changes (an activity whose changes close 100 days before). */
export const FAR_LOCKED_BOOKING: Reservation = { ...CONFIRMED_BOOKING, ...at('2031-03-01T02:00:00.000Z', 100 * 24) };
export const FAR_LOCKED_RESCHEDULED_BOOKING: Reservation = { ...FAR_LOCKED_BOOKING, status: 'rescheduled' };

/** The time a reschedule moves the booking to (RESCHEDULED_BOOKING's), with the artist of that time. */
export const RESCHEDULE_TO = { startsAt: RESCHEDULED_BOOKING.appointmentAt, artistId: 'artist-siti' } as const;

/** Ticks: before the confirmed booking's cut-off, between its cut-off and its time, after every booking. */
export const TICK_BEFORE = Date.parse('2030-12-01T01:00:00.000Z');
export const TICK_CUTOFF = Date.parse('2030-12-01T12:00:00.000Z');
export const TICK_AFTER = Date.parse('2031-06-01T00:00:00.000Z');

/** An error as the API client gives it (`ApiError`: kind, status and the contract's error body). */
export function httpError(status: number, code: string) {
  const body = { code, message: code, status };
  return { kind: 'http', status, body, data: body };
}
export const NETWORK_ERROR = { kind: 'network' };
export const CUTOFF_REFUSED = httpError(409, 'change_cutoff_passed');
export const TIME_TAKEN = httpError(409, 'slot_taken');
export const BOOKING_NOT_FOUND = httpError(404, 'booking_not_found');

export const LIFECYCLE_INPUT: BookingLifecycleInput = { confirmationNumber: CONFIRMED_BOOKING.confirmationNumber, now: LIFECYCLE_NOW };
