import { sql, type SQL } from 'drizzle-orm';
import { activityById } from '../../config/activities.ts';
import { ARTISTS } from '../../config/artists.ts';
import { COUNTRIES, type CountryCode, type LanguageCode } from '../../config/countries.ts';
import type { BookingStatus } from '../../contract/booking.ts';
import type { ActivityKind } from '../../contract/happening.ts';
import type { Reservation } from '../../contract/reservations.ts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/query.ts';
import type { ReservationStatus } from '../db/schema.ts';
import { storeById } from './calendar.ts';
import { catalogOf } from './catalogue.ts';
import { iso } from './deps.ts';
import { localOf } from './zoned-time.ts';

/*
 * A booking as the reservation service answers it, read in one statement with its history. "Expired"
 * is not stored: a confirmed or rescheduled booking whose start has passed answers `expired`.
 */

export interface ReservationRow {
  id: number;
  confirmation_number: string;
  status: ReservationStatus;
  kind: ActivityKind;
  activity_id: string;
  store_id: string;
  country_code: CountryCode;
  language: LanguageCode;
  artist_id: string | null;
  user_id: number | null;
  starts_ms: number;
  ends_ms: number;
  email: string;
  full_name: string;
  phone: string;
  notes: string;
  answers: Record<string, string>;
  price_minor: number | null;
  currency: string;
  history: { status: 'confirmed' | 'rescheduled' | 'cancelled'; at: number }[];
}

/** The columns of `ReservationRow` over the alias `r`. */
export const RESERVATION_COLUMNS: SQL = sql`r.id, r.confirmation_number, r.status, r.kind, r.activity_id, r.store_id, r.country_code, r.language, r.artist_id, r.user_id,
  (extract(epoch from r.starts_at) * 1000)::float8 as starts_ms, (extract(epoch from r.ends_at) * 1000)::float8 as ends_ms,
  r.email, r.full_name, r.phone, r.notes, r.answers, r.price_minor, r.currency,
  coalesce((select json_agg(json_build_object('status', e.status, 'at', (extract(epoch from e.at) * 1000)::float8) order by e.id)
    from reservation_events e where e.reservation_id = r.id), '[]'::json) as history`;

/** Statuses of a booking (a hold, live or lapsed, is none). */
export const BOOKED = sql`'confirmed', 'rescheduled', 'cancelled'`;

const ARTIST_NAMES: ReadonlyMap<string, string> = new Map(ARTISTS.map((artist) => [artist.id, artist.name]));

/** The status a shopper sees at `now`. */
export function bookingStatus(row: Pick<ReservationRow, 'status' | 'starts_ms'>, now: number): BookingStatus {
  if (row.status === 'cancelled') return 'cancelled';
  if (Number(row.starts_ms) <= now) return 'expired';
  return row.status === 'rescheduled' ? 'rescheduled' : 'confirmed';
}

/** The instant from which a change is refused: the activity's cut-off before the start. */
export function changeCutoff(row: Pick<ReservationRow, 'activity_id' | 'starts_ms'>): number {
  const hours = activityById(row.activity_id)?.policy.changeCutoffHours ?? 0;
  return Number(row.starts_ms) - hours * 3_600_000;
}

/** The booking for the contract, names in `language` (the request's); `manageKey` only where a guest may be given it. */
export function reservationJson(row: ReservationRow, language: LanguageCode, now: number, manageKey?: string): Reservation {
  const activity = activityById(row.activity_id);
  const store = storeById(row.store_id);
  if (!activity || !store) throw new Error(`booking ${row.confirmation_number} names an activity or store the configuration no longer has`);
  const startsAt = Number(row.starts_ms);
  const local = localOf(startsAt, store.timeZone);
  const status = bookingStatus(row, now);
  const history: Reservation['history'] = (row.history ?? []).map((event) => ({ status: event.status, at: iso(Number(event.at)) }));
  // Expiry is a moment, not a write: the history shows it at the appointment time.
  if (status === 'expired') history.push({ status: 'expired', at: iso(startsAt) });
  return {
    confirmationNumber: row.confirmation_number,
    status,
    kind: row.kind,
    country: row.country_code,
    activity: {
      id: activity.id,
      name: activity.texts.name[catalogOf(language)],
      durationMinutes: activity.durationMinutes,
      price: row.price_minor === null ? null : { currency: row.currency, amount: Number(row.price_minor) / 100 },
      currencySymbol: COUNTRIES[row.country_code].currencySymbol,
    },
    store: { id: store.id, name: store.name, line1: store.line1, city: store.city, phone: store.phone, timeZone: store.timeZone },
    artist: row.artist_id === null ? null : { id: row.artist_id, name: ARTIST_NAMES.get(row.artist_id) ?? row.artist_id },
    appointmentAt: iso(startsAt),
    endsAt: iso(Number(row.ends_ms)),
    date: local.date,
    localTime: local.time,
    changeCutoffAt: iso(changeCutoff(row)),
    fullName: row.full_name,
    email: row.email,
    phone: row.phone,
    notes: row.notes,
    answers: { ...row.answers },
    history,
    ...(manageKey === undefined ? {} : { manageKey }),
  };
}

/** A booking by its (normalized) confirmation number, or undefined. */
export async function reservationByNumber(db: Db, number: string): Promise<ReservationRow | undefined> {
  const [row] = await queryRows<ReservationRow>(db, sql`select ${RESERVATION_COLUMNS} from reservations r where r.confirmation_number = ${number} and r.status in (${BOOKED})`);
  return row;
}

/** A member's bookings: upcoming (start ahead, soonest first) and past (start passed, latest first), cancelled ones where their time falls. */
export async function memberReservations(db: Db, userId: number, language: LanguageCode, now: number): Promise<{ upcoming: Reservation[]; past: Reservation[] }> {
  const rows = await queryRows<ReservationRow>(db, sql`select ${RESERVATION_COLUMNS} from reservations r where r.user_id = ${userId} and r.status in (${BOOKED}) order by r.starts_at, r.id`);
  const all = rows.map((row) => reservationJson(row, language, now));
  return {
    upcoming: all.filter((booking) => Date.parse(booking.appointmentAt) > now),
    past: all.filter((booking) => Date.parse(booking.appointmentAt) <= now).reverse(),
  };
}
