import * as v from 'valibot';
import { MoneySchema } from './site.ts';
import { CountryCodeSchema } from './site-input.ts';

/** `YYYY-MM-DD`: a calendar day in the store's own time zone (never converted to UTC). */
export const StoreDateSchema = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD'));
export type StoreDate = v.InferOutput<typeof StoreDateSchema>;

/** An in-store beauty service that can be booked (spec §3 "Booking service"). */
export const BookingServiceSchema = v.object({
  id: v.string(),
  name: v.string(),
  /** Length of the appointment in minutes. */
  duration: v.pipe(v.number(), v.integer(), v.minValue(1)),
  /** Price in the country's currency; shown with `formatMoney`. */
  price: MoneySchema,
  /** Remaining places across the service's upcoming slots. */
  capacity: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type BookingService = v.InferOutput<typeof BookingServiceSchema>;

export const ArtistSchema = v.object({
  id: v.string(),
  name: v.string(),
});
export type Artist = v.InferOutput<typeof ArtistSchema>;

/** One bookable time at one store. */
export const SlotSchema = v.object({
  id: v.string(),
  storeId: v.string(),
  /** The store-local day the slot is on. */
  date: StoreDateSchema,
  /** ISO instant; shown in the store country's time zone. */
  startsAt: v.pipe(v.string(), v.isoTimestamp()),
  /** Places left in this slot. */
  capacity: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** When the slot already names its artists, no artist lookup is needed. */
  artists: v.optional(v.array(ArtistSchema)),
});
export type Slot = v.InferOutput<typeof SlotSchema>;

/** Answer of the slot search (booking-service/available-slots + time-slots). */
export const SlotSearchResultSchema = v.object({
  /** Days with at least one free slot for the service at the store; empty = "No Available Slots". */
  dates: v.array(StoreDateSchema),
  /** The day `slots` belong to (the requested one, or the first available when none was asked). */
  date: v.nullable(StoreDateSchema),
  /** Free slots on `date`; empty = "No time slots available". */
  slots: v.array(SlotSchema),
});
export type SlotSearchResult = v.InferOutput<typeof SlotSearchResultSchema>;

export const SlotSearchQuerySchema = v.object({
  serviceId: v.string(),
  storeId: v.string(),
  date: v.nullable(StoreDateSchema),
});
export type SlotSearchQuery = v.InferOutput<typeof SlotSearchQuerySchema>;

export const BOOKING_STATUSES = ['confirmed', 'rescheduled', 'cancelled', 'expired'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** A booking as the reservation service answers it. */
export const BookingSchema = v.object({
  id: v.string(),
  confirmationNumber: v.string(),
  status: v.picklist(BOOKING_STATUSES),
  country: CountryCodeSchema,
  storeId: v.string(),
  service: BookingServiceSchema,
  artist: v.nullable(ArtistSchema),
  /** ISO instant of the appointment: once it has passed the booking is expired. */
  appointmentAt: v.pipe(v.string(), v.isoTimestamp()),
});
export type Booking = v.InferOutput<typeof BookingSchema>;

/** The spec leaves the limits open (§5): these are ours, and the view shows them as counters. */
export const BOOKING_LIMITS = { fullName: 100, email: 254, phone: 20, notes: 500 } as const;

/**
 * Error codes, not sentences: the contract is shared with the server, and the SPA turns each code
 * into a translated message ('Required field', 'Invalid email', …).
 */
export const BOOKING_FIELD_ERRORS = ['required', 'invalidEmail', 'invalidPhone', 'tooLong'] as const;
export type BookingFieldError = (typeof BOOKING_FIELD_ERRORS)[number];

/** Digits with an optional leading +, after spaces, dashes, dots and brackets are removed. */
const PHONE_PATTERN = /^\+?\d{8,15}$/;
export function normalizePhone(phone: string): string {
  return phone.replace(/[\s\-().]/g, '');
}

const text = (limit: number) => v.pipe(v.string(), v.maxLength(limit, 'tooLong'));
const EmailSchema = v.pipe(v.string(), v.email());
/** An optional field: empty is fine, anything else must pass `valid`. */
const optionalText = (limit: number, valid: (value: string) => boolean, error: BookingFieldError) =>
  v.pipe(text(limit), v.check((value) => value === '' || valid(value), error));
const accepted = v.literal(true, 'required');

/** The details form of the booking flow (spec §5): used by the machine's guards and by the view. */
export const BookingDetailsSchema = v.object({
  /** Required; trimmed length counts. */
  fullName: v.pipe(text(BOOKING_LIMITS.fullName), v.check((value) => value.trim().length > 0, 'required')),
  /** Optional; when given it must be a valid address. */
  email: optionalText(BOOKING_LIMITS.email, (value) => v.is(EmailSchema, value), 'invalidEmail'),
  /** Optional; E.164-like or local digits, 8 to 15 of them. */
  phone: optionalText(BOOKING_LIMITS.phone, (value) => PHONE_PATTERN.test(normalizePhone(value)), 'invalidPhone'),
  notes: text(BOOKING_LIMITS.notes),
  /** "I understand the service terms" acknowledgement: required. */
  acknowledgement: accepted,
  /** Compulsory consents (spec §5). */
  consentPersonalInfo: accepted,
  consentThirdParty: accepted,
  consentPolicy: accepted,
  consentAge: accepted,
  /** Optional marketing consent. */
  marketing: v.boolean(),
});
export type BookingDetails = v.InferOutput<typeof BookingDetailsSchema>;
export type BookingField = keyof BookingDetails;

export const BOOKING_TEXT_FIELDS = ['fullName', 'email', 'phone', 'notes'] as const satisfies readonly BookingField[];
export const BOOKING_CHECKBOX_FIELDS = [
  'acknowledgement',
  'consentPersonalInfo',
  'consentThirdParty',
  'consentPolicy',
  'consentAge',
  'marketing',
] as const satisfies readonly BookingField[];

/** What the form holds while the shopper fills it: checkboxes may still be unticked. */
export type BookingDetailsDraft = Omit<BookingDetails, 'acknowledgement' | 'consentPersonalInfo' | 'consentThirdParty' | 'consentPolicy' | 'consentAge'> & {
  acknowledgement: boolean;
  consentPersonalInfo: boolean;
  consentThirdParty: boolean;
  consentPolicy: boolean;
  consentAge: boolean;
};

export const EMPTY_BOOKING_DETAILS: BookingDetailsDraft = {
  fullName: '',
  email: '',
  phone: '',
  notes: '',
  acknowledgement: false,
  consentPersonalInfo: false,
  consentThirdParty: false,
  consentPolicy: false,
  consentAge: false,
  marketing: false,
};

export type BookingDetailsErrors = Partial<Record<BookingField, BookingFieldError>>;

function isFieldError(message: string): message is BookingFieldError {
  return (BOOKING_FIELD_ERRORS as readonly string[]).includes(message);
}

/** The first problem of each field, in form order; an empty object when the draft is valid. */
export function bookingDetailsErrors(draft: BookingDetailsDraft): BookingDetailsErrors {
  const result = v.safeParse(BookingDetailsSchema, draft, { abortPipeEarly: true });
  if (result.success) return {};
  const errors: BookingDetailsErrors = {};
  for (const issue of result.issues) {
    const field = issue.path?.[0]?.key;
    if (typeof field !== 'string' || field in errors) continue;
    errors[field as BookingField] = isFieldError(issue.message) ? issue.message : 'required';
  }
  return errors;
}

export function isBookingDetailsValid(draft: BookingDetailsDraft): draft is BookingDetails {
  return v.is(BookingDetailsSchema, draft);
}

/** The store-local calendar day of an instant, `YYYY-MM-DD` (en-CA formats dates that way). */
export function storeDate(instant: Date | number, timeZone: string): StoreDate {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

export const CreateReservationSchema = v.object({
  serviceId: v.string(),
  storeId: v.string(),
  slotId: v.string(),
  artistId: v.string(),
  details: BookingDetailsSchema,
});
export type CreateReservation = v.InferOutput<typeof CreateReservationSchema>;

/** Answer of reservation-service/create. */
export const ReservationCreatedSchema = v.object({
  id: v.string(),
  confirmationNumber: v.string(),
});
export type ReservationCreated = v.InferOutput<typeof ReservationCreatedSchema>;
