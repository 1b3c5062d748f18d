import { sql, type SQL } from 'drizzle-orm';
import type { ActivityData, ServiceData } from '../../config/activities.ts';
import { ARTISTS } from '../../config/artists.ts';
import { COUNTRIES, type Site } from '../../config/countries.ts';
import type { Store } from '../../config/stores.ts';
import type { Hold, HoldRequest } from '../../contract/reservations.ts';
import { batch, transaction } from '../db/query.ts';
import { invalidRequest } from '../http/errors.ts';
import { serviceDay, sessionsOfDay } from './availability.ts';
import { bookingWindow, offeredAt, storeIn } from './calendar.ts';
import { activityIn } from './catalogue.ts';
import { newHoldToken, sha256 } from './codes.ts';
import { iso, type HappeningDeps } from './deps.ts';
import { activityNotFound, refused, storeNotFound } from './refusals.ts';
import { artistsOfferedAt } from './slots.ts';
import { MINUTE_MS } from '../../contract/calendar-day.ts';
import { localOf } from './zoned-time.ts';

/*
 * Holding a time (`reservation-service/create`): the database decides, in one transaction of one
 * round trip on PGlite (`batch`). A service locks its candidate artists' rows (id order, so two
 * holds never wait on each other crosswise) and takes the first of them with no live reservation
 * overlapping the time; a class or event seat writes its session's row on the first hold, locks it
 * and takes a seat while fewer than its capacity are live. A hold lives `holdMinutes` (the server's
 * clock); holds that ran out under the same lock are marked `lapsed` on the way.
 */

const ARTIST_BY_ID: ReadonlyMap<string, { id: string; name: string }> = new Map(ARTISTS.map((artist) => [artist.id, { id: artist.id, name: artist.name }]));

/** A live reservation of the row `r`: confirmed, rescheduled, or held while its hold lasts. */
export const liveSql = (now: number, alias = sql`r`): SQL =>
  sql`${alias}.status in ('held', 'confirmed', 'rescheduled') and (${alias}.status <> 'held' or ${alias}.hold_expires_at > ${iso(now)}::timestamptz)`;

/** The store-local day of a time that may be booked now, or a 409 outside_booking_window (past, or after the last bookable day). */
export function dayInWindow(activity: ActivityData, store: Store, startsAt: number, now: number): string {
  const { date } = localOf(startsAt, store.timeZone);
  if (startsAt <= now || date > bookingWindow(store, activity, now).to) throw refused('outside_booking_window');
  return date;
}

/** The artists who could do the service at the time (the chosen one, or every one working then, in pick order); 409 not_offered when none. */
export function candidateArtists(activity: ServiceData, store: Store, date: string, startsAt: number, artistId: string | null): string[] {
  const offered = artistsOfferedAt(serviceDay(activity, store, date, 0, new Map()), startsAt);
  if (!offered || (artistId !== null && !offered.includes(artistId))) throw refused('not_offered');
  return artistId === null ? offered : [artistId];
}

/** The statements that lock the artists' rows and lapse their holds that ran out (the start of a service's hold and of a reschedule). */
export function lockArtists(artistIds: readonly string[], now: number): SQL[] {
  const ids = sql.join([...artistIds].sort().map((id) => sql`${id}`), sql`, `);
  return [
    sql`select id from artists where id in (${ids}) order by id for update`,
    sql`update reservations set status = 'lapsed', updated_at = ${iso(now)}::timestamptz where artist_id in (${ids}) and status = 'held' and hold_expires_at <= ${iso(now)}::timestamptz`,
  ];
}

/** The first of the artists (in their order) free over [startsAt, endsAt), as rows `c(id, ord)`; `except` a booking moving itself. */
export function freeArtistSql(artistIds: readonly string[], startsAt: number, endsAt: number, now: number, except: number | null = null): SQL {
  const candidates = sql.join(artistIds.map((id, ord) => sql`(${id}::text, ${ord}::integer)`), sql`, `);
  return sql`select c.id from (values ${candidates}) as c(id, ord)
    where not exists (select 1 from reservations r where r.artist_id = c.id and ${liveSql(now)}
      and r.starts_at < ${iso(endsAt)}::timestamptz and r.ends_at > ${iso(startsAt)}::timestamptz${except === null ? sql`` : sql` and r.id <> ${except}`})
    order by c.ord limit 1`;
}

interface HoldRow {
  id: number;
  artist_id: string | null;
}

export async function holdTime(deps: HappeningDeps, site: Site, request: HoldRequest): Promise<Hold> {
  const now = deps.now().getTime();
  const activity = activityIn(site.country, request.activityId);
  if (!activity) throw activityNotFound();
  const store = storeIn(site.country, request.storeId);
  if (!store) throw storeNotFound();
  if (!offeredAt(activity, store.id)) throw refused('not_offered');
  const startsAt = Date.parse(request.startsAt);
  if (!Number.isFinite(startsAt)) throw invalidRequest([{ field: 'body.startsAt', message: 'is not a time' }]);
  const date = dayInWindow(activity, store, startsAt, now);
  const token = newHoldToken();
  const expiresAt = now + activity.policy.holdMinutes * MINUTE_MS;
  const values = {
    status: 'held',
    kind: activity.kind,
    activityId: activity.id,
    storeId: store.id,
    country: site.country,
    language: site.language,
    startsAt: iso(startsAt),
    tokenHash: sha256(token),
    expiresAt: iso(expiresAt),
    price: activity.prices ? activity.prices[site.country] : null,
    currency: COUNTRIES[site.country].currency,
    now: iso(now),
  };
  const columns = sql`(status, kind, activity_id, store_id, country_code, language, artist_id, session_id, starts_at, ends_at, hold_token_hash, hold_expires_at, price_minor, currency, created_at, updated_at)`;
  const common = (artist: SQL, session: SQL, endsAt: number) =>
    sql`${values.status}, ${values.kind}, ${values.activityId}, ${values.storeId}, ${values.country}, ${values.language}, ${artist}, ${session}, ${values.startsAt}::timestamptz,
      ${iso(endsAt)}::timestamptz, ${values.tokenHash}, ${values.expiresAt}::timestamptz, ${values.price === null ? sql`null` : sql`${values.price}::integer`}, ${values.currency}, ${values.now}::timestamptz, ${values.now}::timestamptz`;

  let row: HoldRow | undefined;
  let endsAt: number;
  if (activity.kind === 'service') {
    const candidates = candidateArtists(activity, store, date, startsAt, request.artistId);
    endsAt = startsAt + activity.durationMinutes * MINUTE_MS;
    const end = endsAt;
    row = await transaction(deps.db, async (tx) => {
      const results = await batch(tx, [
        ...lockArtists(candidates, now),
        sql`insert into reservations ${columns} select ${common(sql`free.id`, sql`null`, end)} from (${freeArtistSql(candidates, startsAt, end, now)}) as free returning id, artist_id`,
      ]);
      return results.at(-1)?.[0] as HoldRow | undefined;
    });
    if (!row) throw refused('slot_taken');
  } else {
    if (request.artistId !== null) throw invalidRequest([{ field: 'body.artistId', message: 'must be null for classes and events' }]);
    const session = sessionsOfDay(activity, store, date, new Map()).find((candidate) => candidate.startsAt === startsAt);
    if (!session) throw refused('not_offered');
    endsAt = session.endsAt;
    const end = endsAt;
    const where = sql`s.activity_id = ${activity.id} and s.store_id = ${store.id} and s.starts_at = ${values.startsAt}::timestamptz`;
    row = await transaction(deps.db, async (tx) => {
      const results = await batch(tx, [
        // The session's row, written by its first hold (a second writer waits for the first and does nothing), then locked: its seats are counted under it.
        sql`insert into activity_sessions (activity_id, store_id, starts_at) values (${activity.id}, ${store.id}, ${values.startsAt}::timestamptz) on conflict do nothing`,
        sql`select s.id from activity_sessions s where ${where} for update`,
        sql`update reservations set status = 'lapsed', updated_at = ${values.now}::timestamptz
          where session_id = (select s.id from activity_sessions s where ${where}) and status = 'held' and hold_expires_at <= ${values.now}::timestamptz`,
        sql`insert into reservations ${columns} select ${common(sql`null`, sql`s.id`, end)} from activity_sessions s
          where ${where} and (select count(*) from reservations r where r.session_id = s.id and ${liveSql(now)}) < ${activity.capacity} returning id, artist_id`,
      ]);
      return results.at(-1)?.[0] as HoldRow | undefined;
    });
    if (!row) throw refused('sold_out');
  }
  return {
    id: String(row.id),
    token,
    activityId: activity.id,
    storeId: store.id,
    startsAt: iso(startsAt),
    endsAt: iso(endsAt),
    artist: row.artist_id === null ? null : (ARTIST_BY_ID.get(row.artist_id) ?? { id: row.artist_id, name: row.artist_id }),
    expiresAt: iso(expiresAt),
  };
}
