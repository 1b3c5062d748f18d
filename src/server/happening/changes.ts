import { sql, type SQL } from 'drizzle-orm';
import { activityById, type ServiceData } from '../../config/activities.ts';
import { ARTISTS } from '../../config/artists.ts';
import type { Site } from '../../config/countries.ts';
import type { Store } from '../../config/stores.ts';
import type { TimeSlots } from '../../contract/happening.ts';
import { bookingChangeRefusal, type Reschedule, type RescheduleDays, type Reservation } from '../../contract/reservations.ts';
import { batch, transaction } from '../db/query.ts';
import type { Db } from '../db/client.ts';
import { invalidRequest } from '../http/errors.ts';
import { mayManage, type Caller } from './bookings.ts';
import { artistsDoing, storeById } from './calendar.ts';
import { manageKeyOf, normalizeConfirmationNumber } from './codes.ts';
import { iso, type HappeningDeps } from './deps.ts';
import { bookingEmail, type BookingEmailKind } from './email.ts';
import { candidateArtists, dayInWindow, freeArtistSql, lockArtists } from './holds.ts';
import { BOOKED, bookingStatus, changeCutoff, RESERVATION_COLUMNS, reservationByNumber, reservationJson, type ReservationRow } from './read.ts';
import { availableDays, timeSlots } from './availability.ts';
import { bookingNotFound, refused } from './refusals.ts';
import { MINUTE_MS } from '../../contract/calendar-day.ts';

/*
 * Rescheduling (services) and cancelling, each one transaction: the booking's row is locked first
 * (two changes of one booking run one after the other), the rule of the lifecycle machine's guard
 * (`bookingChangeRefusal`: cancelled, expired, not reschedulable, past the cut-off) is checked on
 * the row as locked, and the change, its history row and its email are written together. A
 * reschedule locks the new time's artists as a hold does and looks for an overlap other than the
 * booking itself, so the old time is free the moment the new one is taken, and a hold racing for
 * the same time finds one of them first.
 */

const ARTIST_NAMES: ReadonlyMap<string, string> = new Map(ARTISTS.map((artist) => [artist.id, artist.name]));

interface Locked {
  row: ReservationRow;
  now: number;
}

/** Locks the caller's booking (404 for a number that is not theirs) and checks the change is still allowed (409 with the guard's reason). */
async function lockForChange(tx: Db, deps: HappeningDeps, caller: Caller, rawNumber: string, change: 'reschedule' | 'cancel'): Promise<Locked> {
  const number = normalizeConfirmationNumber(rawNumber);
  if (number === null) throw bookingNotFound();
  const [rows] = await batch(tx, [sql`select ${RESERVATION_COLUMNS} from reservations r where r.confirmation_number = ${number} and r.status in (${BOOKED}) for update of r`]);
  const row = rows?.[0] as ReservationRow | undefined;
  if (!row || !mayManage(row, caller, await deps.secret())) throw bookingNotFound();
  const now = deps.now().getTime();
  const refusal = bookingChangeRefusal({ status: bookingStatus(row, now), kind: row.kind, appointmentAt: iso(Number(row.starts_ms)), changeCutoffAt: iso(changeCutoff(row)) }, change, now);
  if (refusal) throw refused(refusal);
  return { row, now };
}

/** The email of a change, to the booking's address in the booking's language (none without an address). */
function changeEmail(deps: HappeningDeps, row: ReservationRow, kind: BookingEmailKind, secret: Buffer, now: number, moved?: { startsAt: number; artistId: string }): SQL {
  const activity = activityById(row.activity_id);
  const store = storeById(row.store_id);
  if (row.email === '' || !activity || !store) return sql`select 1 where false`;
  const artistId = moved?.artistId ?? row.artist_id;
  const mail = bookingEmail({
    kind,
    to: row.email,
    site: { country: row.country_code, language: row.language },
    number: row.confirmation_number,
    activity,
    store,
    artistName: artistId === null ? null : (ARTIST_NAMES.get(artistId) ?? null),
    startsAt: moved?.startsAt ?? Number(row.starts_ms),
    priceMinor: row.price_minor === null ? null : Number(row.price_minor),
    manageKey: row.user_id === null ? manageKeyOf(secret, row.confirmation_number) : null,
    origin: deps.publicUrl(),
  });
  return sql`insert into outbox_emails (kind, to_address, subject, text, created_at) values (${mail.kind}, ${mail.to}, ${mail.subject}, ${mail.text}, ${iso(now)}::timestamptz)`;
}

/** `POST reservation-service/{number}/reschedule`: the service moved to another free time (and artist) in one transaction. */
export async function rescheduleBooking(deps: HappeningDeps, site: Site, caller: Caller, rawNumber: string, request: Reschedule): Promise<Reservation> {
  const startsAt = Date.parse(request.startsAt);
  if (!Number.isFinite(startsAt)) throw invalidRequest([{ field: 'body.startsAt', message: 'is not a time' }]);
  const secret = await deps.secret();
  return transaction(deps.db, async (tx) => {
    const { row, now } = await lockForChange(tx, deps, caller, rawNumber, 'reschedule');
    const activity = activityById(row.activity_id);
    const store = storeById(row.store_id);
    if (activity?.kind !== 'service' || !store) throw refused('not_reschedulable');
    // Left out, the booking keeps its artist; null (any free artist) is the shopper's explicit choice.
    const artistId = request.artistId === undefined ? row.artist_id : request.artistId;
    if (artistId !== null) artistOfService(activity, store, artistId, 'body.artistId');
    const date = dayInWindow(activity, store, startsAt, now);
    const candidates = candidateArtists(activity, store, date, startsAt, artistId);
    const endsAt = startsAt + activity.durationMinutes * MINUTE_MS;
    const picked = await batch(tx, [...lockArtists(candidates, now), freeArtistSql(candidates, startsAt, endsAt, now, row.id)]);
    const movedTo = (picked.at(-1)?.[0] as { id: string } | undefined)?.id;
    if (movedTo === undefined) throw refused('slot_taken');
    const written = await batch(tx, [
      sql`update reservations set starts_at = ${iso(startsAt)}::timestamptz, ends_at = ${iso(endsAt)}::timestamptz, artist_id = ${movedTo}, status = 'rescheduled', updated_at = ${iso(now)}::timestamptz where id = ${row.id}`,
      sql`insert into reservation_events (reservation_id, status, at) values (${row.id}, 'rescheduled', ${iso(now)}::timestamptz)`,
      changeEmail(deps, row, 'booking-rescheduled', secret, now, { startsAt, artistId: movedTo }),
      sql`select ${RESERVATION_COLUMNS} from reservations r where r.id = ${row.id}`,
    ]);
    return reservationJson(written.at(-1)?.[0] as ReservationRow, site.language, now);
  });
}

/**
 * An artist the shopper names for a service at the store, or a 400 on `field`: someone who does not
 * do this service there is a wrong request, not a busy time (`not_offered` is for a time they do not work).
 */
function artistOfService(activity: ServiceData, store: Store, artistId: string, field: string): void {
  if (!artistsDoing(activity, store.id).some((artist) => artist.id === artistId)) throw invalidRequest([{ field, message: 'does not do this service at this store' }]);
}

/** The caller's booking to list new times for (404 otherwise), and whether it may still move. */
async function bookingToMove(deps: HappeningDeps, caller: Caller, rawNumber: string) {
  const number = normalizeConfirmationNumber(rawNumber);
  const row = number === null ? undefined : await reservationByNumber(deps.db, number);
  if (!row || !mayManage(row, caller, await deps.secret())) throw bookingNotFound();
  const activity = activityById(row.activity_id);
  const store = storeById(row.store_id);
  if (!activity || !store) throw bookingNotFound();
  const now = deps.now().getTime();
  const movable = bookingChangeRefusal({ status: bookingStatus(row, now), kind: row.kind, appointmentAt: iso(Number(row.starts_ms)), changeCutoffAt: iso(changeCutoff(row)) }, 'reschedule', now) === null;
  return { row, activity, store, now, movable };
}

/**
 * `GET reservation-service/{number}/days?artistId=`: the days with a free time for moving this
 * booking, counted without the booking itself (the public days count it, so a day could be listed
 * on which its own artist has no time, or left out on which they do), for the artist chosen or any;
 * with every artist of the service at the store, the choices of who does the new time.
 */
export async function rescheduleDays(deps: HappeningDeps, caller: Caller, rawNumber: string, artistId: string | null): Promise<RescheduleDays> {
  const { row, activity, store, now, movable } = await bookingToMove(deps, caller, rawNumber);
  const service = activity.kind === 'service' ? activity : null;
  if (service && artistId !== null) artistOfService(service, store, artistId, 'query.artistId');
  const artists = service ? artistsDoing(service, store.id).map((artist) => ({ id: artist.id, name: artist.name })) : [];
  const days = await availableDays(deps.db, activity, store, now, row.id, artistId);
  return { ...days, days: movable && service ? days.days : [], artists };
}

/**
 * `GET reservation-service/{number}/time-slots?date=`: the free times of the day for moving this
 * booking, counted without the booking itself (its artist is free for a time that overlaps only
 * its own old one), so the list says truly when its artist is free. Only the booking's own
 * shopper asks (404 otherwise); a booking that can no longer be moved has none.
 */
export async function rescheduleTimes(deps: HappeningDeps, caller: Caller, rawNumber: string, date: string): Promise<TimeSlots> {
  const { row, activity, store, now, movable } = await bookingToMove(deps, caller, rawNumber);
  if (!movable) return { activityId: activity.id, storeId: store.id, timeZone: store.timeZone, date, slots: [] };
  return timeSlots(deps.db, activity, store, date, now, row.id);
}

/** `DELETE reservation-service/{number}`: cancelled, its artist's time or its seat free at once. */
export async function cancelBooking(deps: HappeningDeps, site: Site, caller: Caller, rawNumber: string): Promise<Reservation> {
  const secret = await deps.secret();
  return transaction(deps.db, async (tx) => {
    const { row, now } = await lockForChange(tx, deps, caller, rawNumber, 'cancel');
    const written = await batch(tx, [
      sql`update reservations set status = 'cancelled', updated_at = ${iso(now)}::timestamptz where id = ${row.id}`,
      sql`insert into reservation_events (reservation_id, status, at) values (${row.id}, 'cancelled', ${iso(now)}::timestamptz)`,
      changeEmail(deps, row, 'booking-cancelled', secret, now),
      sql`select ${RESERVATION_COLUMNS} from reservations r where r.id = ${row.id}`,
    ]);
    return reservationJson(written.at(-1)?.[0] as ReservationRow, site.language, now);
  });
}
