import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { BOOKING_KEY_HEADER, BookingLookupSchema, HoldRequestSchema, ReservationCreateSchema, RescheduleDaysQuerySchema, RescheduleSchema, RescheduleTimesQuerySchema, BookingContactResponseSchema, HoldResponseSchema, RescheduleDaysResponseSchema, ReservationListResponseSchema, ReservationResponseSchema } from '../../contract/reservations.ts';
import { accessToken, requireAccess, unauthorized, type AuthEnv } from '../auth/middleware.ts';
import type { AuthService } from '../auth/service.ts';
import { confirmHold, lookupBooking, memberContact, showBooking, type Caller } from '../happening/bookings.ts';
import { cancelBooking, rescheduleBooking, rescheduleDays, rescheduleTimes } from '../happening/changes.ts';
import { NO_STORE } from '../http/cache.ts';
import { invalidRequest } from '../http/errors.ts';
import { addDays } from '../happening/zoned-time.ts';
import type { HappeningDeps } from '../happening/deps.ts';
import { holdTime } from '../happening/holds.ts';
import { memberReservations } from '../happening/read.ts';
import { bookingNotFound } from '../happening/refusals.ts';
import type { RateLimit } from '../http/rate-limit.ts';
import { siteOf } from '../http/site.ts';
import { endpoint, jsonBody, params, query } from '../openapi/declare.ts';
import { TimeSlotsResponseSchema } from '../../contract/happening.ts';

/*
 * Happening, the reservation side (spec §7 `reservation-service/…`): hold a time, confirm it with the
 * shopper's details, and then show, reschedule or cancel the booking. A member reaches their
 * bookings with their session; a guest with the booking's key (`X-Booking-Key`), emailed with it and
 * answered by the lookup (number and email, limited per client like the orders' lookup). Someone
 * else's booking is a 404, never a 403.
 */

const NumberParamSchema = v.object({ id: v.pipe(v.string(), v.maxLength(40)) });

/**
 * The member of a valid session and the key sent. A session token that is present but no longer
 * valid is a 401 (the client refreshes and asks again), as for the bag, rather than a quiet guest.
 */
async function callerOf(c: Context, auth: AuthService): Promise<Caller> {
  const token = accessToken(c);
  let userId: number | null = null;
  if (token) {
    const claims = await auth.verify(token);
    if (!claims) throw unauthorized();
    userId = Number(claims.sub);
  }
  const key = c.req.header(BOOKING_KEY_HEADER)?.trim();
  return { userId, key: key ? key : null };
}

export function reservationRoutes(deps: HappeningDeps, auth: AuthService, lookups: RateLimit) {
  return new Hono<AuthEnv>()
    .post('/create', endpoint({ id: 'reservationHolds.create', operation: 'create', description: "Holds a time for the shopper while they fill the form (the activity's `holdMinutes`; `expiresAt` is the server's). A service takes the chosen artist or any free one; a class or event takes a seat. 409 slot_taken, sold_out, outside_booking_window or not_offered; the database keeps an artist to one service at a time and a session to its seats.", status: 201, response: HoldResponseSchema, errors: { 404: 'No such activity, store or artist.', 409: 'The time is taken, past, or outside the booking window.' } }), jsonBody(HoldRequestSchema), async (c) => {
      const body = c.req.valid('json');
      return c.json({ data: await holdTime(deps, siteOf(c), body) }, 201);
    })
    .post('/lookup', endpoint({ id: 'reservationLookups.create', operation: 'create', description: 'A guest finds a booking by confirmation number and email: the booking with its `manageKey`. 404 booking_not_found; 10 misses in 15 minutes per client → 429.', status: 200, response: ReservationResponseSchema, errors: { 404: 'No booking with that confirmation number and email.', 429: 'Too many lookups from this client; try later.' } }), jsonBody(BookingLookupSchema), async (c) => {
      await lookups.check(c);
      const booking = await lookupBooking(deps, siteOf(c), c.req.valid('json'));
      if (!booking) {
        await lookups.fail(c);
        throw bookingNotFound();
      }
      return c.json({ data: booking }, 200);
    })
    .post('/', endpoint({ id: 'reservations.create', operation: 'create', description: "Confirms a hold with the shopper's details (spec §5 rules: 400 names each field) and answers: the booking with its confirmation number, emailed (outbox) with the store-local time. 409 hold_expired when the hold ran out. A guest's answer carries `manageKey`.", status: 201, response: ReservationResponseSchema, errors: { 401: 'The session sent has expired or was signed out: sign in again (a guest sends none).', 404: 'No such hold.', 409: 'hold_expired: the hold ran out, or the time was taken.' }, otherAnswers: { 200: { description: 'A repeat of the Idempotency-Key: the booking its first request made (`Idempotent-Replayed`).', response: ReservationResponseSchema } } }), jsonBody(ReservationCreateSchema), async (c) => {
      const body = c.req.valid('json');
      const { reservation, replayed } = await confirmHold(deps, siteOf(c), await callerOf(c, auth), body, c.var.idempotentRepeat === true);
      // A repeat of the key gets the booking its first request made (200, as a replay).
      if (replayed) return c.json({ data: reservation }, 200, { 'Idempotent-Replayed': 'true' });
      return c.json({ data: reservation }, 201);
    })
    .get('/', endpoint({ id: 'reservations.index', operation: 'index', description: "The member's bookings: upcoming (soonest first) and past (latest first), each with its status.", status: 200, response: ReservationListResponseSchema, auth: true }), requireAccess(auth), async (c) => {
      const data = await memberReservations(deps.db, Number(c.var.auth.sub), c.var.language, deps.now().getTime());
      return c.json({ data }, 200);
    })
    // Before `/:id`: no confirmation number is `contact`.
    .get('/contact', endpoint({ id: 'reservationContact.show', operation: 'show', description: "What a member's booking form starts from: the account's name and email, and the phone of their last booking or last delivery address in the country ('' when none).", status: 200, response: BookingContactResponseSchema, singular: true, auth: true }), requireAccess(auth), async (c) => {
      const data = await memberContact(deps, siteOf(c), Number(c.var.auth.sub));
      return c.json({ data }, 200, { 'Cache-Control': NO_STORE });
    })
    .get('/:id/time-slots', endpoint({ id: 'reservationTimeSlots.index', operation: 'index', description: "The free times on the store-local `date` for moving the booking `{id}` (the member's own, or a guest's with `X-Booking-Key`; 404 otherwise), counted without the booking itself, so each time's `artists` says truly whether the booked artist is free then. None once the booking can no longer be moved.", status: 200, response: TimeSlotsResponseSchema, errors: { 401: 'The session sent has expired or was signed out: sign in again (a guest sends none).', 404: 'No such booking of this shopper (or a wrong manage key).' } }), params(NumberParamSchema), query(RescheduleTimesQuerySchema), async (c) => {
      const { id } = c.req.valid('param');
      const { date } = c.req.valid('query');
      // The pattern lets 2026-02-31 through: a day that does not exist is bad input, not an empty day.
      if (addDays(date, 0) !== date) throw invalidRequest([{ field: 'query.date', message: 'is not a day of the calendar' }]);
      const data = await rescheduleTimes(deps, await callerOf(c, auth), id, date);
      return c.json({ data }, 200, { 'Cache-Control': NO_STORE });
    })
    .get('/:id/days', endpoint({ id: 'reservationDays.index', operation: 'index', description: "The store-local days with a free time for moving the booking `{id}` (the member's own, or a guest's with `X-Booking-Key`; 404 otherwise), counted without the booking itself, for the artist `artistId` (400 when they do not do this service at this store) or any artist when left out; with `artists`, every artist of the service at the booking's store. No days once the booking can no longer be moved.", status: 200, response: RescheduleDaysResponseSchema, errors: { 401: 'The session sent has expired or was signed out: sign in again (a guest sends none).', 404: 'No such booking of this shopper (or a wrong manage key).' } }), params(NumberParamSchema), query(RescheduleDaysQuerySchema), async (c) => {
      const { id } = c.req.valid('param');
      const { artistId } = c.req.valid('query');
      const data = await rescheduleDays(deps, await callerOf(c, auth), id, artistId ?? null);
      return c.json({ data }, 200, { 'Cache-Control': NO_STORE });
    })
    .get('/:id', endpoint({ id: 'reservations.show', operation: 'show', description: "A booking by confirmation number: the member's own, or a guest's with `X-Booking-Key`; 404 booking_not_found otherwise.", status: 200, response: ReservationResponseSchema, errors: { 401: 'The session sent has expired or was signed out: sign in again (a guest sends none).', 404: 'No such booking of this shopper (or a wrong manage key).' } }), params(NumberParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      return c.json({ data: await showBooking(deps, siteOf(c), await callerOf(c, auth), id) }, 200);
    })
    .delete('/:id', endpoint({ id: 'reservations.delete', operation: 'delete', description: 'Cancels a booking (its seat or artist is free again at once). 409 booking_expired, change_cutoff_passed or booking_cancelled. Answers the cancelled booking.', status: 200, response: ReservationResponseSchema, errors: { 401: 'The session sent has expired or was signed out: sign in again (a guest sends none).', 404: 'No such booking of this shopper (or a wrong manage key).', 409: 'The booking can no longer be cancelled.' } }), params(NumberParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      return c.json({ data: await cancelBooking(deps, siteOf(c), await callerOf(c, auth), id) }, 200);
    })
    .post('/:id/reschedule', endpoint({ id: 'reservationReschedules.create', operation: 'create', description: 'Moves a service booking to another free time in one transaction (the old time is freed in it): with the artist named in `artistId`, any free one for `null` (the shopper\'s explicit choice), its own artist when `artistId` is left out; 400 on `artistId` for an artist who does not do this service at the booking\'s store. 409 booking_expired, change_cutoff_passed, booking_cancelled, not_reschedulable (classes, events), slot_taken, outside_booking_window, not_offered.', status: 200, response: ReservationResponseSchema, errors: { 401: 'The session sent has expired or was signed out: sign in again (a guest sends none).', 404: 'No such booking of this shopper (or a wrong manage key).', 409: 'The new time is taken or the booking can no longer change.' } }), params(NumberParamSchema), jsonBody(RescheduleSchema), async (c) => {
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      return c.json({ data: await rescheduleBooking(deps, siteOf(c), await callerOf(c, auth), id, body) }, 200);
    });
}
