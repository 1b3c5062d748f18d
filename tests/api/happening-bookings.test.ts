import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ReservationListResponseSchema, ReservationResponseSchema, type Reservation } from '../../src/contract/reservations.ts';
import { signIn } from '../helpers/account.ts';
import { insertUser } from '../helpers/auth.ts';
import { book, bookingCall, DETAILS, emailsTo, findSlots, hold, parsed, postConfirm, refusal, showBooking, timeSlots, validAnswers } from '../helpers/booking.ts';
import { happeningApp } from '../helpers/happening-app.ts';

/**
 * Issue 14, bookings: confirming a hold (the form's rules, the questions, the number, the email with
 * the store-local time), who may see and change a booking (its member, or a guest with its key; 404
 * for anyone else), rescheduling and cancelling with the lifecycle guard's reasons (cancelled,
 * expired, not reschedulable, past the cut-off), a member's list, and a guest's lookup.
 */

const START = new Date('2027-01-11T00:00:00Z');
const happening = happeningApp(START);
const { target, setClock } = happening;

let emailCount = 0;
const email = () => `guest${(emailCount += 1)}@example.com`;
const details = (overrides: Partial<typeof DETAILS> = {}) => ({ ...DETAILS, email: email(), ...overrides });
const show = async (number: string, who: Parameters<typeof showBooking>[2]) => (await parsed(await showBooking(target, number, who), ReservationResponseSchema, 200)).data;

describe('confirming a hold', () => {
  it("names each field the form's rules refuse, with its code", async () => {
    const [{ slot }] = await findSlots(target, 'brow-shaping', 'sg-ion-orchard', 1);
    const held = await hold(target, 'brow-shaping', 'sg-ion-orchard', slot.startsAt);
    const response = await postConfirm(target, held, {}, { ...DETAILS, fullName: '  ', email: 'not-an-email', phone: '12', notes: 'x'.repeat(501), consentAge: false });
    const body = (await response.json()) as { errors: { field: string; message: string }[] };
    expect(response.status).toBe(400);
    expect(Object.fromEntries(body.errors.map((e) => [e.field, e.message]))).toEqual({
      'body.details.fullName': 'required',
      'body.details.email': 'invalidEmail',
      'body.details.phone': 'invalidPhone',
      'body.details.notes': 'tooLong',
      'body.details.consentAge': 'required',
    });
  });

  it("checks the answers against the activity's questions", async () => {
    const [{ slot }] = await findSlots(target, 'bridal-trial', 'sg-ion-orchard', 1);
    const held = await hold(target, 'bridal-trial', 'sg-ion-orchard', slot.startsAt);
    const response = await postConfirm(target, held, {}, DETAILS, { 'skin-type': 'scaly', 'wedding-date': 'x'.repeat(41), 'favourite-colour': 'red' });
    const body = (await response.json()) as { errors: { field: string; message: string }[] };
    expect(response.status).toBe(400);
    expect(Object.fromEntries(body.errors.map((e) => [e.field, e.message]))).toEqual({
      'body.answers.favourite-colour': 'is not a question of this activity',
      'body.answers.skin-type': 'invalidChoice',
      'body.answers.wedding-date': 'tooLong',
    });
    const missing = (await (await postConfirm(target, held, {}, DETAILS, { 'skin-type': 'dry' })).json()) as { errors: { field: string; message: string }[] };
    expect(missing.errors).toEqual([{ field: 'body.answers.wedding-date', message: 'required' }]);
  });

  it("gives a guest the booking with its number and key, once, and emails it with the store's local time and the manage links", async () => {
    const [{ slot }] = await findSlots(target, 'signature-makeup', 'nz-commercial-bay', 1, () => true, { country: 'nz' });
    const held = await hold(target, 'signature-makeup', 'nz-commercial-bay', slot.startsAt, null, { country: 'nz' });
    const to = email();
    const booking = (await parsed(await postConfirm(target, held, { country: 'nz' }, { ...DETAILS, email: to }, { 'skin-type': 'dry', occasion: 'party' }), ReservationResponseSchema, 201)).data;
    expect(booking.confirmationNumber).toMatch(/^BK-[A-HJ-NP-Z2-9]{8}$/);
    expect(booking).toMatchObject({ status: 'confirmed', kind: 'service', country: 'NZ', appointmentAt: slot.startsAt, localTime: slot.localTime, answers: { 'skin-type': 'dry', occasion: 'party' } });
    expect(booking.activity.price).toEqual({ currency: 'NZD', amount: 90 });
    expect(booking.changeCutoffAt).toBe(new Date(Date.parse(slot.startsAt) - 24 * 3_600_000).toISOString());
    expect(booking.history).toEqual([{ status: 'confirmed', at: START.toISOString() }]);
    expect(booking.manageKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await refusal(await postConfirm(target, held, { country: 'nz' }), 409)).toBe('hold_expired');
    const [mail] = await emailsTo(target, to, 'booking-confirmation');
    expect(mail?.subject).toBe(`Beauty Pass New Zealand: booking ${booking.confirmationNumber} confirmed`);
    // The store's wall time ("10:00 am" in en-NZ), whatever zone the server runs in.
    const [hour, minute] = booking.localTime.split(':');
    expect(mail?.text).toContain(`${Number(hour) > 12 ? Number(hour) - 12 : Number(hour)}:${minute}`);
    expect(mail?.text).toContain('New Zealand Daylight Time');
    expect(mail?.text).toContain('7 Queen Street, Shop 118, Auckland, 1010');
    expect(mail?.text).toContain(`/happening/services/reschedule/${booking.confirmationNumber}?key=${booking.manageKey}`);
    expect(mail?.text).toContain(`/happening/services/cancel/${booking.confirmationNumber}?key=${booking.manageKey}`);
    expect(mail?.text).toContain('With ');
  });

  it('answers a repeat of its Idempotency-Key with the same booking (200, replayed), keeping no key in the database', async () => {
    const [{ slot }] = await findSlots(target, 'brow-shaping', 'sg-vivocity', 1);
    const held = await hold(target, 'brow-shaping', 'sg-vivocity', slot.startsAt);
    const key = { 'Idempotency-Key': `confirm-${held.id}-${held.token.slice(0, 8)}` };
    const body = { holdId: held.id, holdToken: held.token, details: details(), answers: {} };
    const [first, second] = await Promise.all([bookingCall(target, 'POST', '/reservation-service', {}, body, key), bookingCall(target, 'POST', '/reservation-service', {}, body, key)]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 201]);
    const [a, b] = await Promise.all([first, second].map(async (response) => v.parse(ReservationResponseSchema, await response.json()).data));
    expect(a?.confirmationNumber).toBe(b?.confirmationNumber);
    expect(a?.manageKey).toBe(b?.manageKey);
    const later = await bookingCall(target, 'POST', '/reservation-service', {}, body, key);
    expect(later.status).toBe(200);
    expect(later.headers.get('idempotent-replayed')).toBe('true');
    const stored = await target.query<{ response_body: string | null }>(`select response_body from idempotency_keys where key = '${key['Idempotency-Key']}'`);
    expect(stored).toEqual([{ response_body: null }]);
    // Without the key, a second submit is a spent hold.
    expect(await refusal(await postConfirm(target, held), 409)).toBe('hold_expired');
  });

  it('answers 404 for an unknown hold or the wrong token, and keeps the hold of another country to it', async () => {
    const [{ slot }] = await findSlots(target, 'skin-consultation', 'sg-ion-orchard', 1);
    const held = await hold(target, 'skin-consultation', 'sg-ion-orchard', slot.startsAt);
    expect(await refusal(await postConfirm(target, { ...held, token: 'x'.repeat(43) }), 404)).toBe('hold_not_found');
    expect(await refusal(await postConfirm(target, { ...held, id: '999999' }), 404)).toBe('hold_not_found');
    expect(await refusal(await postConfirm(target, { ...held, id: 'abc' }), 404)).toBe('hold_not_found');
    expect(await refusal(await postConfirm(target, held, { country: 'th' }), 404)).toBe('hold_not_found');
    expect((await postConfirm(target, held)).status).toBe(201);
  });
});

describe('who may see and change a booking', () => {
  it("lets a member reach theirs with the session (no key given), and nobody else's", async () => {
    const member = await insertUser(happening.app.db);
    const cookie = await signIn(happening.app.app, member.email, member.password);
    const [{ slot }] = await findSlots(target, 'express-facial', 'sg-ion-orchard', 1);
    const held = await hold(target, 'express-facial', 'sg-ion-orchard', slot.startsAt);
    // A member may leave the email empty: the account's address gets the email.
    const booking = (await parsed(await postConfirm(target, held, { cookie }, { ...DETAILS, email: '' }), ReservationResponseSchema, 201)).data;
    expect(booking.manageKey).toBeUndefined();
    expect(booking.email).toBe(member.email);
    expect((await emailsTo(target, member.email, 'booking-confirmation'))[0]?.text).toContain('/account/bookings');
    expect((await show(booking.confirmationNumber, { cookie })).confirmationNumber).toBe(booking.confirmationNumber);
    expect((await show(booking.confirmationNumber.toLowerCase(), { cookie })).confirmationNumber).toBe(booking.confirmationNumber);
    const other = await insertUser(happening.app.db);
    const otherCookie = await signIn(happening.app.app, other.email, other.password);
    expect(await refusal(await showBooking(target, booking.confirmationNumber, { cookie: otherCookie }), 404)).toBe('booking_not_found');
    expect(await refusal(await showBooking(target, booking.confirmationNumber), 404)).toBe('booking_not_found');
    expect(await refusal(await bookingCall(target, 'DELETE', `/reservation-service/${booking.confirmationNumber}`, { cookie: otherCookie }), 404)).toBe('booking_not_found');
    const list = (await parsed(await bookingCall(target, 'GET', '/reservation-service', { cookie }), ReservationListResponseSchema, 200)).data;
    expect(list.upcoming.map((b) => b.confirmationNumber)).toEqual([booking.confirmationNumber]);
    expect((await bookingCall(target, 'GET', '/reservation-service')).status).toBe(401);
  });

  it('lets a guest in with the key only, and finds the booking again by number and email (any case), with the same key', async () => {
    const [{ slot }] = await findSlots(target, 'skin-consultation', 'sg-vivocity', 1);
    const to = email();
    const booking = await book(target, 'skin-consultation', 'sg-vivocity', slot.startsAt, null, {}, details({ email: to }));
    expect((await show(booking.confirmationNumber, { key: booking.manageKey ?? '' })).status).toBe('confirmed');
    expect(await refusal(await showBooking(target, booking.confirmationNumber, { key: 'A'.repeat(43) }), 404)).toBe('booking_not_found');
    const lookup = (body: unknown) => bookingCall(target, 'POST', '/reservation-service/lookup', {}, body);
    const found = (await parsed(await lookup({ confirmationNumber: booking.confirmationNumber.toLowerCase(), email: to.toUpperCase() }), ReservationResponseSchema, 200)).data;
    expect(found.manageKey).toBe(booking.manageKey);
    expect(await refusal(await lookup({ confirmationNumber: booking.confirmationNumber, email: 'someone.else@example.com' }), 404)).toBe('booking_not_found');
  });

  it('blocks a client after 10 wrong lookups in 15 minutes (429)', async () => {
    await target.query(`delete from sign_in_failures where account_key = 'limit:booking-lookup'`);
    const wrong = () => bookingCall(target, 'POST', '/reservation-service/lookup', {}, { confirmationNumber: 'BK-AAAAAAAA', email: 'nobody@example.com' });
    for (let i = 0; i < 10; i += 1) expect((await wrong()).status).toBe(404);
    expect(await refusal(await wrong(), 429)).toBe('too_many_attempts');
  });
});

describe('rescheduling and cancelling', () => {
  /** Two days ahead at least: before the change cut-off. */
  const ahead = (startsAt: string) => Date.parse(startsAt) > START.getTime() + 48 * 3_600_000;
  async function guestBooking(activityId: string, storeId: string, pick: Parameters<typeof findSlots>[4] = () => true): Promise<Reservation & { manageKey: string }> {
    const [{ slot }] = await findSlots(target, activityId, storeId, 1, (candidate, date) => ahead(candidate.startsAt) && (pick?.(candidate, date) ?? true));
    const booking = await book(target, activityId, storeId, slot.startsAt, slot.artists[0]?.id ?? null, {}, details());
    return { ...booking, manageKey: booking.manageKey ?? '' };
  }
  const reschedule = (booking: { confirmationNumber: string; manageKey: string }, startsAt: string, artistId: string | null = null) =>
    bookingCall(target, 'POST', `/reservation-service/${booking.confirmationNumber}/reschedule`, { key: booking.manageKey }, { startsAt, artistId });
  const cancel = (booking: { confirmationNumber: string; manageKey: string }) => bookingCall(target, 'DELETE', `/reservation-service/${booking.confirmationNumber}`, { key: booking.manageKey });

  it('moves a service to another free time in one go: the old time is free again, history and email follow', async () => {
    const booking = await guestBooking('brow-shaping', 'sg-tampines-mall', (s) => s.artists.length === 1);
    const second = (await findSlots(target, 'brow-shaping', 'sg-tampines-mall', 2, (s) => ahead(s.startsAt) && s.artists.some((a) => a.id === booking.artist?.id)))[1];
    if (!second) throw new Error('no second free time');
    const { date, slot: later } = second;
    setClock(new Date(START.getTime() + 60_000));
    const moved = (await parsed(await reschedule(booking, later.startsAt, booking.artist?.id ?? null), ReservationResponseSchema, 200)).data;
    expect(moved).toMatchObject({ status: 'rescheduled', appointmentAt: later.startsAt, confirmationNumber: booking.confirmationNumber });
    expect(moved.history.map((h) => h.status)).toEqual(['confirmed', 'rescheduled']);
    expect((await timeSlots(target, 'brow-shaping', 'sg-tampines-mall', booking.date)).some((s) => s.startsAt === booking.appointmentAt)).toBe(true);
    expect((await timeSlots(target, 'brow-shaping', 'sg-tampines-mall', date)).find((s) => s.startsAt === later.startsAt)?.artists.map((a) => a.id) ?? []).not.toContain(booking.artist?.id);
    const [mail] = await emailsTo(target, booking.email, 'booking-rescheduled');
    expect(mail?.subject).toContain('moved to a new time');
    // A time taken by another booking of the same artist is refused, and nothing moves.
    const other = await guestBooking('brow-shaping', 'sg-tampines-mall', (s) => s.artists.some((a) => a.id === booking.artist?.id) && s.startsAt !== later.startsAt);
    expect(await refusal(await reschedule(other, later.startsAt, booking.artist?.id ?? null), 409)).toBe('slot_taken');
    expect((await show(other.confirmationNumber, { key: other.manageKey })).appointmentAt).toBe(other.appointmentAt);
  });

  it('cancels (the seat is free at once), then refuses a second cancel and a reschedule with the reason', async () => {
    const booking = await guestBooking('makeup-masterclass', 'sg-ion-orchard');
    const seats = async () => (await timeSlots(target, 'makeup-masterclass', 'sg-ion-orchard', booking.date)).find((s) => s.startsAt === booking.appointmentAt)?.seatsLeft;
    const before = await seats();
    expect(await refusal(await reschedule(booking, booking.appointmentAt), 409)).toBe('not_reschedulable');
    const cancelled = (await parsed(await cancel(booking), ReservationResponseSchema, 200)).data;
    expect(cancelled.status).toBe('cancelled');
    expect(await seats()).toBe((before ?? 0) + 1);
    expect(await refusal(await cancel(booking), 409)).toBe('booking_cancelled');
    expect((await emailsTo(target, booking.email, 'booking-cancelled')).length).toBe(1);
  });

  it("refuses changes from the cut-off on (change_cutoff_passed), and once the time has passed (expired, as the lifecycle guard says)", async () => {
    const booking = await guestBooking('express-facial', 'sg-vivocity');
    const start = Date.parse(booking.appointmentAt);
    setClock(new Date(start - 24 * 3_600_000 - 1));
    const [{ slot: other }] = await findSlots(target, 'express-facial', 'sg-vivocity', 1, (s) => s.startsAt !== booking.appointmentAt);
    setClock(new Date(start - 24 * 3_600_000));
    expect(await refusal(await cancel(booking), 409)).toBe('change_cutoff_passed');
    expect(await refusal(await reschedule(booking, other.startsAt), 409)).toBe('change_cutoff_passed');
    setClock(new Date(start));
    expect(await refusal(await cancel(booking), 409)).toBe('booking_expired');
    const expired = await show(booking.confirmationNumber, { key: booking.manageKey });
    expect(expired.status).toBe('expired');
    expect(expired.history.at(-1)).toEqual({ status: 'expired', at: booking.appointmentAt });
  });
});

describe("a member's bookings", () => {
  it('lists upcoming ones soonest first and past ones latest first, each with its status', async () => {
    const member = await insertUser(happening.app.db);
    const cookie = await signIn(happening.app.app, member.email, member.password);
    const slots = await findSlots(target, 'skincare-basics', 'sg-ion-orchard', 3);
    const made: Reservation[] = [];
    for (const { slot } of slots) {
      const held = await hold(target, 'skincare-basics', 'sg-ion-orchard', slot.startsAt, null, { cookie });
      made.push((await parsed(await postConfirm(target, held, { cookie }, DETAILS, validAnswers('skincare-basics')), ReservationResponseSchema, 201)).data);
    }
    setClock(new Date(Date.parse(made[1]?.appointmentAt ?? '') + 1));
    const list = (await parsed(await bookingCall(target, 'GET', '/reservation-service', { cookie }), ReservationListResponseSchema, 200)).data;
    expect(list.upcoming.map((b) => [b.confirmationNumber, b.status])).toEqual([[made[2]?.confirmationNumber, 'confirmed']]);
    expect(list.past.map((b) => [b.confirmationNumber, b.status])).toEqual([[made[1]?.confirmationNumber, 'expired'], [made[0]?.confirmationNumber, 'expired']]);
  });
});
