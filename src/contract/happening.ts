import * as v from 'valibot';
import { ArtistSchema, StoreDateSchema } from './booking.ts';
import { MoneySchema } from './site.ts';
import { CountryCodeSchema } from './site-input.ts';

/*
 * Happening (issue 14), the catalogue side: the stores, what can be booked at them (services,
 * classes, events), their questions and their free times. Texts come in the request's language
 * (`Accept-Language`); times are ISO instants, and every answer names the store's time zone so the
 * SPA shows the store's local times, labelled, wherever the shopper is.
 */

export const ACTIVITY_KINDS = ['service', 'class', 'event'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
export const ActivityKindSchema = v.picklist(ACTIVITY_KINDS);

/** `HH:MM`, 24-hour, a wall-clock time of the store. */
export const LocalTimeSchema = v.pipe(v.string(), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:MM'));

export const OpeningTimeSchema = v.object({ opens: LocalTimeSchema, closes: LocalTimeSchema });
export const OpeningHoursSchema = v.object({
  mon: v.nullable(OpeningTimeSchema),
  tue: v.nullable(OpeningTimeSchema),
  wed: v.nullable(OpeningTimeSchema),
  thu: v.nullable(OpeningTimeSchema),
  fri: v.nullable(OpeningTimeSchema),
  sat: v.nullable(OpeningTimeSchema),
  sun: v.nullable(OpeningTimeSchema),
});

/** A day the store keeps other hours than its weekday's (a public holiday): closed when `hours` is null. */
export const StoreExceptionSchema = v.object({
  date: StoreDateSchema,
  hours: v.nullable(OpeningTimeSchema),
  /** The holiday's name in the request's language. */
  reason: v.string(),
});
export type StoreException = v.InferOutput<typeof StoreExceptionSchema>;

/**
 * How far ahead an activity can be booked and until when a booking of it can be changed (data per
 * activity, shown before booking).
 */
export const ActivityPolicySchema = v.object({
  /** The last bookable day is today + this many days (store calendar). */
  bookAheadDays: v.pipe(v.number(), v.integer(), v.minValue(1)),
  /** Cancel and reschedule close this many hours before the start. */
  changeCutoffHours: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** How long a chosen time is held while the form is filled. */
  holdMinutes: v.pipe(v.number(), v.integer(), v.minValue(1)),
});
export type ActivityPolicy = v.InferOutput<typeof ActivityPolicySchema>;

/** One bookable thing (spec §3 "Booking service": duration, price, currencySymbol, capacity). */
export const ActivitySummarySchema = v.object({
  id: v.string(),
  kind: ActivityKindSchema,
  /** The activity group it is listed under on the landing. */
  groupId: v.string(),
  name: v.string(),
  summary: v.string(),
  durationMinutes: v.pipe(v.number(), v.integer(), v.minValue(1)),
  /** Null: free (some events). */
  price: v.nullable(MoneySchema),
  currencySymbol: v.string(),
  /** A service: 1 per artist and time; a class or an event: the seats of each session. */
  capacity: v.pipe(v.number(), v.integer(), v.minValue(1)),
  policy: ActivityPolicySchema,
  /** The stores of the request's country where it can be booked. */
  storeIds: v.array(v.string()),
});
export type ActivitySummary = v.InferOutput<typeof ActivitySummarySchema>;

export const QUESTION_KINDS = ['text', 'choice', 'yesNo'] as const;
export const BookingQuestionSchema = v.object({
  id: v.string(),
  kind: v.picklist(QUESTION_KINDS),
  label: v.string(),
  required: v.boolean(),
  /** For `choice`: the values and their labels. */
  options: v.array(v.object({ value: v.string(), label: v.string() })),
  /** For `text`: at most this many characters. */
  maxLength: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1))),
});
export type BookingQuestion = v.InferOutput<typeof BookingQuestionSchema>;

export const ActivitySchema = v.object({
  ...ActivitySummarySchema.entries,
  description: v.string(),
  /** A class's teacher (a name); null for services and events. */
  teacher: v.nullable(v.string()),
  questions: v.array(BookingQuestionSchema),
});
export type Activity = v.InferOutput<typeof ActivitySchema>;

export const ActivityGroupSchema = v.object({
  id: v.string(),
  kind: ActivityKindSchema,
  name: v.string(),
  description: v.string(),
  activityIds: v.array(v.string()),
});
export type ActivityGroup = v.InferOutput<typeof ActivityGroupSchema>;

/** A store as the happening and find-a-store screens need it. */
export const HappeningStoreSchema = v.object({
  id: v.string(),
  country: CountryCodeSchema,
  name: v.string(),
  line1: v.string(),
  city: v.string(),
  postcode: v.string(),
  phone: v.string(),
  /** IANA zone: the hours, exceptions and every time of the store are in it. */
  timeZone: v.string(),
  openingHours: OpeningHoursSchema,
  /** The exceptions of the coming weeks, by date. */
  exceptions: v.array(StoreExceptionSchema),
  /** Ids of the services booked here. */
  serviceIds: v.array(v.string()),
});
export type HappeningStore = v.InferOutput<typeof HappeningStoreSchema>;

/** A class's or event's session at a store: a fixed time with seats. */
export const SessionSchema = v.object({
  activityId: v.string(),
  storeId: v.string(),
  startsAt: v.pipe(v.string(), v.isoTimestamp()),
  endsAt: v.pipe(v.string(), v.isoTimestamp()),
  /** The store-local day and time (`YYYY-MM-DD`, `HH:MM`), computed by the server in the store's zone. */
  date: StoreDateSchema,
  localTime: LocalTimeSchema,
  seatsLeft: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type Session = v.InferOutput<typeof SessionSchema>;

/** A store's upcoming events (find a store: "store events"). */
export const StoreEventsSchema = v.object({ storeId: v.string(), events: v.array(v.object({ activity: ActivitySummarySchema, sessions: v.array(SessionSchema) })) });

/** `booking-service/available-slots/{activityId}`: the days with a free time, from today (store calendar). */
export const AvailableDaysSchema = v.object({
  activityId: v.string(),
  storeId: v.string(),
  timeZone: v.string(),
  from: StoreDateSchema,
  to: StoreDateSchema,
  /** Empty: 'No Available Slots'. */
  days: v.array(StoreDateSchema),
});
export type AvailableDays = v.InferOutput<typeof AvailableDaysSchema>;

/** One free time of a day. */
export const TimeSlotSchema = v.object({
  startsAt: v.pipe(v.string(), v.isoTimestamp()),
  endsAt: v.pipe(v.string(), v.isoTimestamp()),
  localTime: LocalTimeSchema,
  /** Places left: a service's free artists, a session's free seats. */
  seatsLeft: v.pipe(v.number(), v.integer(), v.minValue(1)),
  /** A service: the artists free at that time (choose one, or any); empty for classes and events. */
  artists: v.array(ArtistSchema),
});
export type TimeSlot = v.InferOutput<typeof TimeSlotSchema>;

/** `booking-service/time-slots/{activityId}`: the free times of one store-local day. */
export const TimeSlotsSchema = v.object({
  activityId: v.string(),
  storeId: v.string(),
  timeZone: v.string(),
  date: StoreDateSchema,
  /** Empty: 'No time slots available'. */
  slots: v.array(TimeSlotSchema),
});
export type TimeSlots = v.InferOutput<typeof TimeSlotsSchema>;

export const AvailableDaysQuerySchema = v.object({ storeId: v.pipe(v.string(), v.minLength(1)) });
export const TimeSlotsQuerySchema = v.object({ storeId: v.pipe(v.string(), v.minLength(1)), date: StoreDateSchema });
export const ActivityListQuerySchema = v.object({
  kind: v.optional(ActivityKindSchema),
  storeId: v.optional(v.string()),
  groupId: v.optional(v.string()),
});

export const ActivityListResponseSchema = v.object({ data: v.array(ActivitySummarySchema) });
export const ActivityResponseSchema = v.object({ data: ActivitySchema });
export const ActivityGroupListResponseSchema = v.object({ data: v.array(ActivityGroupSchema) });
export const QuestionsResponseSchema = v.object({ data: v.array(BookingQuestionSchema) });
export const StoreListResponseSchema = v.object({ data: v.array(HappeningStoreSchema) });
export const StoreResponseSchema = v.object({ data: v.object({ store: HappeningStoreSchema, events: StoreEventsSchema.entries.events }) });
export const AvailableDaysResponseSchema = v.object({ data: AvailableDaysSchema });
export const TimeSlotsResponseSchema = v.object({ data: TimeSlotsSchema });
export const SessionListResponseSchema = v.object({ data: v.array(SessionSchema) });
/** `happening/services/activities/{id}`: the detail page's data in one answer. */
export const ActivityPageResponseSchema = v.object({ data: v.object({ activity: ActivitySchema, stores: v.array(HappeningStoreSchema) }) });
