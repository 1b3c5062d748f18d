import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { LanguageCode } from '../../config/countries.ts';
import { ACTIVITY_KINDS, type ActivityKind } from '../../contract/happening.ts';
import { users } from './schema-accounts.ts';
import { inList } from './sql-literal.ts';

/*
 * Happening (issue 14): bookings of services, classes and events. What can be booked, where and
 * when is configuration (src/config/activities.ts, artists.ts); the database keeps what must hold
 * whatever runs at once: an artist's row is locked to hold one of their times, a session's row to
 * count its seats, and a held time lives only until `hold_expires_at` (src/server/happening/holds.ts).
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** `held` until confirmed or `lapsed` (a hold that ran out); then `confirmed`, `rescheduled`, `cancelled`. "Expired" is not stored: it is a booking whose start has passed. */
export const RESERVATION_STATUSES = ['held', 'confirmed', 'rescheduled', 'cancelled', 'lapsed'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];
/** Statuses that take an artist's time or a seat (a held one only while its hold lasts). */
const LIVE = inList(['held', 'confirmed', 'rescheduled']);

/** The artists of src/config/artists.ts, upserted at every start: the rows a service's hold locks. */
export const artists = pgTable('artists', {
  id: text('id').primaryKey(),
  storeId: text('store_id').notNull(),
  name: text('name').notNull(),
});

/** A class's or event's session at a store, written by its first hold: the row its seats are counted under. */
export const activitySessions = pgTable(
  'activity_sessions',
  {
    id: serial('id').primaryKey(),
    activityId: text('activity_id').notNull(),
    storeId: text('store_id').notNull(),
    startsAt: at('starts_at').notNull(),
  },
  (t) => [uniqueIndex('activity_sessions_uq').on(t.activityId, t.storeId, t.startsAt)],
);

export const reservations = pgTable(
  'reservations',
  {
    id: serial('id').primaryKey(),
    status: text('status').$type<ReservationStatus>().notNull(),
    kind: text('kind').$type<ActivityKind>().notNull(),
    activityId: text('activity_id').notNull(),
    storeId: text('store_id').notNull(),
    countryCode: text('country_code').notNull(),
    /** The language the shopper booked in: the emails' language. */
    language: text('language').$type<LanguageCode>().notNull(),
    /** A service's artist; null for classes and events. */
    artistId: text('artist_id').references(() => artists.id),
    /** A class's or event's session; null for services. */
    sessionId: integer('session_id').references(() => activitySessions.id),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    /** sha256 of the hold's token: only the shopper who held the time can confirm it. */
    holdTokenHash: text('hold_token_hash').notNull(),
    holdExpiresAt: at('hold_expires_at').notNull(),
    /** `BK-` and 8 characters; null while held (or lapsed). */
    confirmationNumber: text('confirmation_number'),
    /** The member who booked; null for a guest (who manages it with the booking's key). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull().default(''),
    fullName: text('full_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    notes: text('notes').notNull().default(''),
    answers: jsonb('answers').$type<Record<string, string>>().notNull().default({}),
    /** The acknowledgement and consents as ticked, and marketing. */
    consents: jsonb('consents').$type<Record<string, boolean>>(),
    /** What it cost when booked (minor units); null: free. */
    priceMinor: integer('price_minor'),
    currency: text('currency').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reservations_confirmation_uq').on(t.confirmationNumber),
    // The hot questions: an artist's live times (holds), a session's live seats, a store's live reservations of a window (slots).
    index('reservations_artist_live_idx').on(t.artistId, t.startsAt).where(sql`${t.status} in (${LIVE})`),
    index('reservations_session_live_idx').on(t.sessionId).where(sql`${t.status} in (${LIVE})`),
    index('reservations_store_live_idx').on(t.storeId, t.startsAt).where(sql`${t.status} in (${LIVE})`),
    index('reservations_user_idx').on(t.userId, t.startsAt).where(sql`${t.userId} is not null`),
    check('reservations_status_check', sql`${t.status} in (${inList(RESERVATION_STATUSES)})`),
    check('reservations_kind_check', sql`${t.kind} in (${inList(ACTIVITY_KINDS)})`),
    check('reservations_span_check', sql`${t.endsAt} > ${t.startsAt}`),
    // A service has an artist and no session; a class or event a session and no artist.
    check('reservations_target_check', sql`(${t.kind} = 'service') = (${t.artistId} is not null and ${t.sessionId} is null) and (${t.kind} <> 'service') = (${t.sessionId} is not null and ${t.artistId} is null)`),
    // A booking has its number from its confirmation on; a hold has none.
    check('reservations_number_check', sql`(${t.confirmationNumber} is null) = (${t.status} in ('held', 'lapsed'))`),
  ],
);

/** Every status a booking has had, with when: the booking's history. */
export const reservationEvents = pgTable(
  'reservation_events',
  {
    id: serial('id').primaryKey(),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    status: text('status').$type<'confirmed' | 'rescheduled' | 'cancelled'>().notNull(),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [index('reservation_events_reservation_idx').on(t.reservationId, t.id)],
);
