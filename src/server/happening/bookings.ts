import { sql } from 'drizzle-orm';
import { activityById, type ActivityData } from '../../config/activities.ts';
import { QUESTION_TEXTS, type QuestionId } from '../../config/activity-texts.ts';
import { ARTISTS } from '../../config/artists.ts';
import type { Site } from '../../config/countries.ts';
import { normalizePhone } from '../../contract/booking.ts';
import type { BookingContact, BookingLookup, Reservation, ReservationCreate } from '../../contract/reservations.ts';
import { savedAddresses } from '../checkout/addresses.ts';
import { queryRows } from '../db/query.ts';
import { invalidRequest, type FieldError } from '../http/errors.ts';
import { storeById } from './calendar.ts';
import { manageKeyOf, newConfirmationNumber, normalizeConfirmationNumber, sameSecret, sha256, uniqueViolation } from './codes.ts';
import { iso, type HappeningDeps } from './deps.ts';
import { bookingEmail } from './email.ts';
import { reservationByNumber, reservationJson, type ReservationRow } from './read.ts';
import { bookingNotFound, holdNotFound, refused } from './refusals.ts';

/*
 * Confirming a hold (`POST reservation-service`) and reaching a booking again (show, lookup). The
 * confirmation is ONE statement: it turns the hold into the booking only while the hold is still
 * held, unexpired and the token's (so two submits, or a submit racing the hold's end, confirm it
 * once), and writes the history row and the email with it. The details were checked by the
 * contract's `BookingDetailsSchema` (400 naming each field); the answers are checked here against
 * the activity's questions.
 */

/** Who asks: the member of a valid session (null: a guest) and the `X-Booking-Key` they sent. */
export interface Caller {
  userId: number | null;
  key: string | null;
}

const ARTIST_NAMES: ReadonlyMap<string, string> = new Map(ARTISTS.map((artist) => [artist.id, artist.name]));
/** Draws of a confirmation number before giving up (40 random bits: a second is already rare). */
const NUMBER_ATTEMPTS = 5;

const choicesOf = (id: QuestionId): Readonly<Record<string, unknown>> => QUESTION_TEXTS[id].options;

/** The answers' problems as 400 fields: unknown questions, required ones left empty, choices not offered, texts too long. */
export function answerErrors(activity: ActivityData, answers: Readonly<Record<string, string>>): FieldError[] {
  const errors: FieldError[] = [];
  const questions = new Map(activity.questions.map((question) => [question.id as string, question]));
  for (const id of Object.keys(answers)) if (!questions.has(id)) errors.push({ field: `body.answers.${id}`, message: 'is not a question of this activity' });
  for (const question of activity.questions) {
    const answer = Object.hasOwn(answers, question.id) ? (answers[question.id] ?? '').trim() : '';
    const field = `body.answers.${question.id}`;
    if (answer === '') {
      if (question.required) errors.push({ field, message: 'required' });
    } else if (question.kind === 'yesNo' && answer !== 'yes' && answer !== 'no') errors.push({ field, message: 'invalidChoice' });
    else if (question.kind === 'choice' && !Object.hasOwn(choicesOf(question.id), answer)) errors.push({ field, message: 'invalidChoice' });
    else if (question.kind === 'text' && question.maxLength !== null && answer.length > question.maxLength) errors.push({ field, message: 'tooLong' });
  }
  return errors;
}


interface HoldRow extends Omit<ReservationRow, 'confirmation_number' | 'history' | 'email' | 'full_name' | 'phone' | 'notes' | 'answers'> {
  hold_token_hash: string;
  expires_ms: number;
  member_email: string | null;
}

/** The booking, and whether it was made by an earlier request of the same `Idempotency-Key`. */
export interface Confirmed {
  reservation: Reservation;
  replayed: boolean;
}

/**
 * A repeat of the confirmation's `Idempotency-Key` (a retry that lost its answer, a double click)
 * gets the booking the hold became instead of 409: the idempotency layer does not store this answer
 * (it carries a guest's manage key, which the database is not to hold), so the route answers it.
 */
async function repeatedBooking(deps: HappeningDeps, site: Site, caller: Caller, holdId: number, now: number): Promise<Confirmed | null> {
  const [row] = await queryRows<{ confirmation_number: string | null }>(deps.db, sql`select confirmation_number from reservations where id = ${holdId} and status in ('confirmed', 'rescheduled', 'cancelled')`);
  const booking = row?.confirmation_number ? await reservationByNumber(deps.db, row.confirmation_number) : undefined;
  if (!booking) return null;
  const manageKey = caller.userId === null ? manageKeyOf(await deps.secret(), booking.confirmation_number) : undefined;
  return { reservation: reservationJson(booking, site.language, now, manageKey), replayed: true };
}

export async function confirmHold(deps: HappeningDeps, site: Site, caller: Caller, body: ReservationCreate, repeat = false): Promise<Confirmed> {
  const now = deps.now().getTime();
  const id = /^[1-9]\d{0,8}$/.test(body.holdId) ? Number(body.holdId) : null;
  if (id === null) throw holdNotFound();
  const [hold] = await queryRows<HoldRow>(
    deps.db,
    sql`select r.id, r.status, r.kind, r.activity_id, r.store_id, r.country_code, r.language, r.artist_id, r.user_id, r.price_minor, r.currency, r.hold_token_hash,
      (extract(epoch from r.starts_at) * 1000)::float8 as starts_ms, (extract(epoch from r.ends_at) * 1000)::float8 as ends_ms,
      (extract(epoch from r.hold_expires_at) * 1000)::float8 as expires_ms,
      ${caller.userId === null ? sql`null` : sql`(select email from users where id = ${caller.userId})`} as member_email
      from reservations r where r.id = ${id}`,
  );
  // Another country's hold, or a token that is not the hold's: as if there were none.
  if (!hold || hold.country_code !== site.country || !sameSecret(sha256(body.holdToken), hold.hold_token_hash)) throw holdNotFound();
  if (hold.status !== 'held' || Number(hold.expires_ms) <= now) {
    const earlier = repeat ? await repeatedBooking(deps, site, caller, id, now) : null;
    if (earlier) return earlier;
    throw refused('hold_expired');
  }
  const activity = activityById(hold.activity_id);
  const store = storeById(hold.store_id);
  if (!activity || !store) throw holdNotFound();
  const errors = answerErrors(activity, body.answers);
  if (errors.length > 0) throw invalidRequest(errors);

  const { details } = body;
  const answers = Object.fromEntries(Object.entries(body.answers).map(([question, answer]) => [question, answer.trim()]).filter(([, answer]) => answer !== ''));
  const consents = { acknowledgement: details.acknowledgement, consentPersonalInfo: details.consentPersonalInfo, consentThirdParty: details.consentThirdParty, consentPolicy: details.consentPolicy, consentAge: details.consentAge, marketing: details.marketing };
  const email = details.email.trim() || hold.member_email || '';
  const secret = caller.userId === null ? await deps.secret() : null;
  for (let attempt = 1; ; attempt += 1) {
    const number = newConfirmationNumber();
    const manageKey = secret ? manageKeyOf(secret, number) : undefined;
    const mail =
      email === ''
        ? null
        : bookingEmail({ kind: 'booking-confirmation', to: email, site, number, activity, store, artistName: hold.artist_id ? (ARTIST_NAMES.get(hold.artist_id) ?? null) : null, startsAt: Number(hold.starts_ms), priceMinor: hold.price_minor === null ? null : Number(hold.price_minor), manageKey: manageKey ?? null, origin: deps.publicUrl() });
    try {
      const [confirmed] = await queryRows<{ id: number }>(
        deps.db,
        sql`with c as (
            update reservations set status = 'confirmed', confirmation_number = ${number}, user_id = ${caller.userId === null ? sql`null` : sql`${caller.userId}`}, email = ${email},
              full_name = ${details.fullName.trim()}, phone = ${details.phone.trim()}, notes = ${details.notes}, answers = ${JSON.stringify(answers)}::jsonb,
              consents = ${JSON.stringify(consents)}::jsonb, language = ${site.language}, updated_at = ${iso(now)}::timestamptz
            where id = ${id} and status = 'held' and hold_expires_at > ${iso(now)}::timestamptz and hold_token_hash = ${hold.hold_token_hash}
            returning id),
          e as (insert into reservation_events (reservation_id, status, at) select id, 'confirmed', ${iso(now)}::timestamptz from c)
          ${mail ? sql`, m as (insert into outbox_emails (kind, to_address, subject, text, created_at) select ${mail.kind}, ${mail.to}, ${mail.subject}, ${mail.text}, ${iso(now)}::timestamptz from c)` : sql``}
          select id from c`,
      );
      // Confirmed meanwhile by a second submit, or the hold ran out between the read and the write.
      if (!confirmed) {
        const earlier = repeat ? await repeatedBooking(deps, site, caller, id, now) : null;
        if (earlier) return earlier;
        throw refused('hold_expired');
      }
      const row: ReservationRow = { ...hold, confirmation_number: number, status: 'confirmed', user_id: caller.userId, email, full_name: details.fullName.trim(), phone: details.phone.trim(), notes: details.notes, answers, history: [{ status: 'confirmed', at: now }] };
      return { reservation: reservationJson(row, site.language, now, manageKey), replayed: false };
    } catch (error) {
      if (uniqueViolation(error) !== 'reservations_confirmation_uq' || attempt >= NUMBER_ATTEMPTS) throw error;
    }
  }
}

/** Whether the caller may see and change the booking: its member, or whoever holds its key. */
export function mayManage(row: Pick<ReservationRow, 'user_id' | 'confirmation_number'>, caller: Caller, secret: Buffer): boolean {
  if (row.user_id !== null && row.user_id === caller.userId) return true;
  return caller.key !== null && sameSecret(caller.key, manageKeyOf(secret, row.confirmation_number));
}

/** `GET reservation-service/{number}`: the caller's booking, else 404 (never telling whether the number exists). */
export async function showBooking(deps: HappeningDeps, site: Site, caller: Caller, rawNumber: string): Promise<Reservation> {
  const number = normalizeConfirmationNumber(rawNumber);
  const row = number === null ? undefined : await reservationByNumber(deps.db, number);
  if (!row || !mayManage(row, caller, await deps.secret())) throw bookingNotFound();
  return reservationJson(row, site.language, deps.now().getTime());
}

/** Whether the email (any case) or the phone (whatever its spaces, dashes and brackets) given is the booking's. */
function contactMatches(row: Pick<ReservationRow, 'email' | 'phone'>, given: Omit<BookingLookup, 'confirmationNumber'>): boolean {
  const email = given.email?.trim().toLowerCase();
  const phone = given.phone === undefined ? '' : normalizePhone(given.phone.trim());
  return (email !== undefined && row.email !== '' && row.email.toLowerCase() === email) || (phone !== '' && row.phone !== '' && normalizePhone(row.phone) === phone);
}

/** `POST reservation-service/lookup`: a booking by number and its email or phone, with its key; undefined when none matches. */
export async function lookupBooking(deps: HappeningDeps, site: Site, lookup: BookingLookup): Promise<Reservation | undefined> {
  const number = normalizeConfirmationNumber(lookup.confirmationNumber);
  if (number === null) return undefined;
  const row = await reservationByNumber(deps.db, number);
  if (!row || !contactMatches(row, lookup)) return undefined;
  return reservationJson(row, site.language, deps.now().getTime(), manageKeyOf(await deps.secret(), row.confirmation_number));
}

/**
 * `GET reservation-service/contact`: what a member's booking form starts from (the shopper may
 * change it): the account's name and email, and the phone of their last booking, else of the
 * address they last shipped to in the country ('' when neither has one).
 */
export async function memberContact(deps: HappeningDeps, site: Site, userId: number): Promise<BookingContact> {
  const [row] = await queryRows<{ first_name: string; last_name: string; email: string; phone: string | null }>(
    deps.db,
    sql`select u.first_name, u.last_name, u.email,
      (select r.phone from reservations r where r.user_id = u.id and r.phone <> '' and r.status in ('confirmed', 'rescheduled', 'cancelled') order by r.updated_at desc, r.id desc limit 1) as phone
      from users u where u.id = ${userId}`,
  );
  if (!row) return { fullName: '', email: '', phone: '' };
  const phone = row.phone ?? (await savedAddresses(deps.db, userId, site.country)).find((address) => address.phone.trim() !== '')?.phone ?? '';
  return { fullName: `${row.first_name} ${row.last_name}`.trim(), email: row.email, phone };
}
