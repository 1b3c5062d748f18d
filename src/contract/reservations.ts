import * as v from 'valibot';
import { ArtistSchema, BOOKING_LIMITS, BOOKING_STATUSES, BookingDetailsSchema, StoreDateSchema } from './booking.ts';
import { ActivityKindSchema, AvailableDaysSchema, LocalTimeSchema } from './happening.ts';
import { MoneySchema } from './site.ts';
import { CountryCodeSchema } from './site-input.ts';

/*
 * Happening (issue 14), the reservation side: a chosen time is held (`reservation-service/create`),
 * the hold is confirmed with the shopper's details (`reservation-service`), and the booking is then
 * shown, rescheduled (services) or cancelled. A member manages their bookings with their session; a
 * guest with the booking's key (`X-Booking-Key`), emailed with the booking and answered by the
 * lookup (confirmation number + email).
 */

/** The header a guest proves a booking is theirs with. */
export const BOOKING_KEY_HEADER = 'X-Booking-Key';

/**
 * Why the server refuses a hold, a confirmation, a reschedule or a cancellation (409 `code`); the
 * SPA turns each into a translated sentence.
 */
export const BOOKING_REFUSALS = [
  /** The time was taken (every artist busy) between the list and the click. */
  'slot_taken',
  /** The session's last seat went. */
  'sold_out',
  /** The hold ran out (or was released) before the confirmation. */
  'hold_expired',
  /** Before now, or after the activity's last bookable day. */
  'outside_booking_window',
  /** Not a time the activity is offered at this store (closed, no artist works then). */
  'not_offered',
  /** The appointment time has passed (spec §4: an expired booking cannot be rescheduled or cancelled). */
  'booking_expired',
  /** Closer to the start than the activity's change cut-off. */
  'change_cutoff_passed',
  'booking_cancelled',
  /** Classes and events are cancelled and booked again, not rescheduled. */
  'not_reschedulable',
] as const;
export type BookingRefusal = (typeof BOOKING_REFUSALS)[number];

export const HoldRequestSchema = v.object({
  activityId: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  storeId: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  startsAt: v.pipe(v.string(), v.isoTimestamp()),
  /** A service: the artist chosen, or null for any free one. Classes and events: null. */
  artistId: v.nullable(v.pipe(v.string(), v.minLength(1), v.maxLength(100))),
});
export type HoldRequest = v.InferOutput<typeof HoldRequestSchema>;

/** A held time: only its token confirms it, and only until `expiresAt` (the server's clock). */
export const HoldSchema = v.object({
  id: v.string(),
  token: v.string(),
  activityId: v.string(),
  storeId: v.string(),
  startsAt: v.pipe(v.string(), v.isoTimestamp()),
  endsAt: v.pipe(v.string(), v.isoTimestamp()),
  artist: v.nullable(ArtistSchema),
  expiresAt: v.pipe(v.string(), v.isoTimestamp()),
});
export type Hold = v.InferOutput<typeof HoldSchema>;

/** Answers to the activity's questions, by question id. */
export const BookingAnswersSchema = v.pipe(v.record(v.pipe(v.string(), v.maxLength(100)), v.pipe(v.string(), v.maxLength(500))), v.check((answers) => Object.keys(answers).length <= 20, 'at most 20 answers'));

export const ReservationCreateSchema = v.object({
  holdId: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  holdToken: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  details: BookingDetailsSchema,
  answers: BookingAnswersSchema,
});
export type ReservationCreate = v.InferOutput<typeof ReservationCreateSchema>;

/**
 * A service's new time. `artistId`: that artist only (the booking's own to keep them), or null for
 * any free artist, which the shopper chooses explicitly; left out, the booking keeps its artist.
 */
export const RescheduleSchema = v.object({
  startsAt: v.pipe(v.string(), v.isoTimestamp()),
  artistId: v.optional(v.nullable(v.pipe(v.string(), v.minLength(1), v.maxLength(100)))),
});
export type Reschedule = v.InferOutput<typeof RescheduleSchema>;

/** A member's contact as the booking form starts from it: the account's name and email, the phone they last booked or shipped with ('' when none). */
export const BookingContactSchema = v.object({ fullName: v.string(), email: v.string(), phone: v.string() });
export type BookingContact = v.InferOutput<typeof BookingContactSchema>;
export const BookingContactResponseSchema = v.object({ data: BookingContactSchema });

/** `reservation-service/{id}/time-slots`: the day to list the booking's new times on. */
export const RescheduleTimesQuerySchema = v.object({ date: StoreDateSchema });

/** `reservation-service/{id}/days`: the days with a free time for `artistId` (one of the service's artists at the store); left out, for any artist. */
export const RescheduleDaysQuerySchema = v.object({ artistId: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(100))) });

/**
 * The days a booking can move to, counted without the booking itself, and who can do it: every
 * artist of the service at the booking's store (the shopper keeps theirs, picks another, or any).
 */
export const RescheduleDaysSchema = v.object({ ...AvailableDaysSchema.entries, artists: v.array(ArtistSchema) });
export type RescheduleDays = v.InferOutput<typeof RescheduleDaysSchema>;
export const RescheduleDaysResponseSchema = v.object({ data: RescheduleDaysSchema });

/**
 * A guest finds a booking by its number and the email or the phone it was booked with (a guest
 * gives at least one of them: `contactMissing`); a phone matches whatever its spaces and dashes.
 */
export const BookingLookupSchema = v.pipe(
  v.object({
    confirmationNumber: v.pipe(v.string(), v.minLength(1), v.maxLength(40)),
    email: v.optional(v.pipe(v.string(), v.email(), v.maxLength(254))),
    phone: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(BOOKING_LIMITS.phone))),
  }),
  v.check((lookup) => lookup.email !== undefined || lookup.phone !== undefined, 'give the email or the phone the booking was made with'),
);
export type BookingLookup = v.InferOutput<typeof BookingLookupSchema>;

/** A booking as the reservation service answers it. `status` is `expired` once the appointment time has passed. */
export const ReservationSchema = v.object({
  confirmationNumber: v.string(),
  status: v.picklist(BOOKING_STATUSES),
  kind: ActivityKindSchema,
  country: CountryCodeSchema,
  activity: v.object({ id: v.string(), name: v.string(), durationMinutes: v.number(), price: v.nullable(MoneySchema), currencySymbol: v.string() }),
  store: v.object({ id: v.string(), name: v.string(), line1: v.string(), city: v.string(), phone: v.string(), timeZone: v.string() }),
  artist: v.nullable(ArtistSchema),
  /** ISO instant of the start: once it has passed the booking is expired. */
  appointmentAt: v.pipe(v.string(), v.isoTimestamp()),
  endsAt: v.pipe(v.string(), v.isoTimestamp()),
  /** The store-local day and time of the start. */
  date: StoreDateSchema,
  localTime: LocalTimeSchema,
  /** Cancel and reschedule are refused from this instant on (the activity's cut-off before the start). */
  changeCutoffAt: v.pipe(v.string(), v.isoTimestamp()),
  fullName: v.string(),
  email: v.string(),
  phone: v.string(),
  notes: v.string(),
  answers: v.record(v.string(), v.string()),
  history: v.array(v.object({ status: v.picklist(BOOKING_STATUSES), at: v.pipe(v.string(), v.isoTimestamp()) })),
  /** The guest's key to manage it: only in the answers of the confirmation and the lookup. */
  manageKey: v.optional(v.string()),
});
export type Reservation = v.InferOutput<typeof ReservationSchema>;

export const HoldResponseSchema = v.object({ data: HoldSchema });
export const ReservationResponseSchema = v.object({ data: ReservationSchema });
export const ReservationListResponseSchema = v.object({ data: v.object({ upcoming: v.array(ReservationSchema), past: v.array(ReservationSchema) }) });

/** What a change needs to know of a booking: the lifecycle machine's booking and the server's row alike. */
export type ChangeableBooking = Pick<Reservation, 'status' | 'kind' | 'appointmentAt' | 'changeCutoffAt'>;

/**
 * Why a booking cannot be rescheduled or cancelled at `now` (spec §4), or null when it can: one rule
 * for the server's 409 and the lifecycle machine's guard, checked in this order (a cancelled booking
 * says so even after its time; an expired one before its cut-off).
 */
export function bookingChangeRefusal(booking: ChangeableBooking, change: 'reschedule' | 'cancel', now: number): BookingRefusal | null {
  if (booking.status === 'cancelled') return 'booking_cancelled';
  if (booking.status === 'expired' || Date.parse(booking.appointmentAt) <= now) return 'booking_expired';
  if (change === 'reschedule' && booking.kind !== 'service') return 'not_reschedulable';
  if (now >= Date.parse(booking.changeCutoffAt)) return 'change_cutoff_passed';
  return null;
}
