import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { BOOKING_KEY_HEADER, BookingLookupSchema, HoldRequestSchema, ReservationCreateSchema, RescheduleDaysQuerySchema, RescheduleSchema, RescheduleTimesQuerySchema } from '../../contract/reservations.ts';
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
import { parseInput, parseJsonBody } from '../http/validate.ts';

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
    .post('/create', async (c) => {
      const body = await parseJsonBody(c, HoldRequestSchema);
      return c.json({ data: await holdTime(deps, siteOf(c), body) }, 201);
    })
    .post('/lookup', async (c) => {
      await lookups.check(c);
      const booking = await lookupBooking(deps, siteOf(c), await parseJsonBody(c, BookingLookupSchema));
      if (!booking) {
        await lookups.fail(c);
        throw bookingNotFound();
      }
      return c.json({ data: booking }, 200);
    })
    .post('/', async (c) => {
      const body = await parseJsonBody(c, ReservationCreateSchema);
      const { reservation, replayed } = await confirmHold(deps, siteOf(c), await callerOf(c, auth), body, c.var.idempotentRepeat === true);
      // A repeat of the key gets the booking its first request made (200, as a replay).
      if (replayed) return c.json({ data: reservation }, 200, { 'Idempotent-Replayed': 'true' });
      return c.json({ data: reservation }, 201);
    })
    .get('/', requireAccess(auth), async (c) => {
      const data = await memberReservations(deps.db, Number(c.var.auth.sub), c.var.language, deps.now().getTime());
      return c.json({ data }, 200);
    })
    // Before `/:id`: no confirmation number is `contact`.
    .get('/contact', requireAccess(auth), async (c) => {
      const data = await memberContact(deps, siteOf(c), Number(c.var.auth.sub));
      return c.json({ data }, 200, { 'Cache-Control': NO_STORE });
    })
    .get('/:id/time-slots', async (c) => {
      const { id } = parseInput(NumberParamSchema, c.req.param(), 'param');
      const { date } = parseInput(RescheduleTimesQuerySchema, c.req.query(), 'query');
      // The pattern lets 2026-02-31 through: a day that does not exist is bad input, not an empty day.
      if (addDays(date, 0) !== date) throw invalidRequest([{ field: 'query.date', message: 'is not a day of the calendar' }]);
      const data = await rescheduleTimes(deps, await callerOf(c, auth), id, date);
      return c.json({ data }, 200, { 'Cache-Control': NO_STORE });
    })
    .get('/:id/days', async (c) => {
      const { id } = parseInput(NumberParamSchema, c.req.param(), 'param');
      const { artistId } = parseInput(RescheduleDaysQuerySchema, c.req.query(), 'query');
      const data = await rescheduleDays(deps, await callerOf(c, auth), id, artistId ?? null);
      return c.json({ data }, 200, { 'Cache-Control': NO_STORE });
    })
    .get('/:id', async (c) => {
      const { id } = parseInput(NumberParamSchema, c.req.param(), 'param');
      return c.json({ data: await showBooking(deps, siteOf(c), await callerOf(c, auth), id) }, 200);
    })
    .delete('/:id', async (c) => {
      const { id } = parseInput(NumberParamSchema, c.req.param(), 'param');
      return c.json({ data: await cancelBooking(deps, siteOf(c), await callerOf(c, auth), id) }, 200);
    })
    .post('/:id/reschedule', async (c) => {
      const { id } = parseInput(NumberParamSchema, c.req.param(), 'param');
      const body = await parseJsonBody(c, RescheduleSchema);
      return c.json({ data: await rescheduleBooking(deps, siteOf(c), await callerOf(c, auth), id, body) }, 200);
    });
}
