import { describe, expect, test } from 'vitest';
import { waitFor } from 'xstate';
import { FIRST_TIME, FLOW_NOW, HOLD, HOLD_EXPIRED, RESERVATION, SERVER_ERROR, SKIN_ANSWER, SLOT_TAKEN, SOLD_OUT, TICK_EXPIRED, TICK_HELD, VALID_DETAILS, MAKEUP_CLASS } from '../../machines/booking/booking-flow.fixtures.ts';
import { NETWORK_ERROR } from '../../machines/booking/booking-lifecycle.fixtures.ts';
import type { Reservation } from '../../src/contract/reservations.ts';
import { MINUTE, fill, idle, refuse, start, toDetails, toTimes } from './booking-flow.fakes.ts';

/* The booking flow's hold (the server's expiry on the machine's clock, refusals) and its details step. */

describe('bookingFlow: the hold', () => {
  test('it lasts until the server’s expiry by the machine’s clock, not a fixed time', async () => {
    const hold = { ...HOLD, expiresAt: new Date(FLOW_NOW + 3 * MINUTE).toISOString() };
    const { actor, clock, calls } = start({ hold: () => hold });
    await toDetails(actor);
    actor.send({ type: 'booking.change', field: 'fullName', value: 'Mei' });
    actor.send({ type: 'booking.answer', ...SKIN_ANSWER });
    clock.increment(3 * MINUTE - 1);
    expect(actor.getSnapshot().value).toEqual({ held: 'details' });
    clock.increment(1);
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual({ findSlot: 'loadingTimes' });
    expect(snapshot.context).toMatchObject({ notice: 'holdExpired', hold: null, slot: null, artist: null, date: '2030-12-02', now: Date.parse(hold.expiresAt) });
    expect(snapshot.context.details.fullName).toBe('Mei');
    expect(snapshot.context.answers).toEqual({ 'q-skin': 'dry' });
    await idle(actor);
    expect(calls.times).toHaveLength(2);
    actor.send({ type: 'booking.selectTime', startsAt: FIRST_TIME });
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  test('the time left counts from the app’s clock: ticks move it, one past the expiry ends the hold', async () => {
    const { actor } = start();
    actor.send({ type: 'booking.clockTick', now: FLOW_NOW + MINUTE });
    await toDetails(actor);
    actor.send({ type: 'booking.clockTick', now: TICK_HELD });
    expect(actor.getSnapshot().value).toEqual({ held: 'details' });
    expect(actor.getSnapshot().context.now).toBe(TICK_HELD);
    actor.send({ type: 'booking.clockTick', now: TICK_EXPIRED });
    expect(actor.getSnapshot().value).toEqual({ findSlot: 'loadingTimes' });
    expect(actor.getSnapshot().context.notice).toBe('holdExpired');
  });

  test('a hold the clock started late on is timed from the clock the app gave', async () => {
    const { actor, clock } = start();
    actor.send({ type: 'booking.clockTick', now: FLOW_NOW + 7 * MINUTE });
    await toDetails(actor);
    clock.increment(3 * MINUTE);
    expect(actor.getSnapshot().context.notice).toBe('holdExpired');
  });

  test.each([
    ['slot_taken', SLOT_TAKEN, 'slotTaken'],
    ['sold_out', SOLD_OUT, 'soldOut'],
    ['a network failure', NETWORK_ERROR, 'holdFailed'],
  ])('a hold refused with %s goes back to a fresh list of times with its notice', async (_, error, notice) => {
    const { actor, calls } = start({ hold: refuse(error) });
    await toTimes(actor);
    actor.send({ type: 'booking.selectTime', startsAt: FIRST_TIME });
    actor.send({ type: 'booking.selectArtist', artistId: 'artist-mei' });
    const snapshot = await idle(actor);
    expect(snapshot.value).toEqual({ findSlot: 'choosing' });
    expect(snapshot.context).toMatchObject({ notice, slot: null, artist: null, hold: null });
    expect(calls.times).toHaveLength(2);
  });

  test('while the time is being held, Back waits', async () => {
    const { actor } = start({ hold: () => new Promise<never>(() => undefined) as never });
    await toTimes(actor);
    actor.send({ type: 'booking.selectTime', startsAt: FIRST_TIME });
    actor.send({ type: 'booking.selectArtist', artistId: null });
    expect(actor.getSnapshot().can({ type: 'booking.back' })).toBe(false);
  });

  test('going back from the details forgets the hold: its timer no longer fires', async () => {
    const { actor, clock } = start();
    await toDetails(actor);
    actor.send({ type: 'booking.back' });
    expect(actor.getSnapshot()).toMatchObject({ value: 'chooseArtist', context: { hold: null, artist: { id: 'artist-siti' } } });
    actor.send({ type: 'booking.back' });
    clock.increment(20 * MINUTE);
    expect(actor.getSnapshot().value).toEqual({ findSlot: 'choosing' });
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  test('while the booking is sent, the clock no longer ends the hold: the server’s answer decides', async () => {
    let confirm: (reservation: Reservation) => void = () => undefined;
    const { actor, clock } = start({ reserve: () => new Promise<Reservation>((resolve) => (confirm = resolve)) });
    await toDetails(actor);
    fill(actor);
    actor.send({ type: 'booking.submit' });
    clock.increment(20 * MINUTE);
    actor.send({ type: 'booking.clockTick', now: TICK_EXPIRED });
    expect(actor.getSnapshot().value).toEqual({ held: 'submitting' });
    confirm(RESERVATION);
    expect((await waitFor(actor, (snapshot) => snapshot.status === 'done')).value).toBe('confirmed');
  });
});

describe('bookingFlow: details, questions and submit', () => {
  test('an incomplete submit stays with the errors of the fields and the questions', async () => {
    const { actor, calls } = start();
    await toDetails(actor);
    actor.send({ type: 'booking.change', field: 'email', value: 'mei@' });
    actor.send({ type: 'booking.answer', questionId: 'q-allergies', value: 'x'.repeat(201) });
    actor.send({ type: 'booking.submit' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual({ held: 'details' });
    expect(snapshot.context.errors).toMatchObject({ fullName: 'required', email: 'invalidEmail', consentAge: 'required' });
    expect(snapshot.context.answerErrors).toEqual({ 'q-skin': 'required', 'q-allergies': 'tooLong' });
    expect(snapshot.context.submitAttempts).toBe(1);
    expect(calls.reservations).toHaveLength(0);
  });

  test('after a refused submit, errors follow the corrections', async () => {
    const { actor } = start();
    await toDetails(actor);
    actor.send({ type: 'booking.submit' });
    actor.send({ type: 'booking.change', field: 'fullName', value: 'Mei' });
    actor.send({ type: 'booking.answer', ...SKIN_ANSWER });
    expect(actor.getSnapshot().context.errors.fullName).toBeUndefined();
    expect(actor.getSnapshot().context.errors.acknowledgement).toBe('required');
    expect(actor.getSnapshot().context.answerErrors).toEqual({});
  });

  test('a change of the wrong kind, an answer that is not an option or to no question of this activity, is refused', async () => {
    const { actor } = start();
    const snapshot = await toDetails(actor);
    expect(snapshot.can({ type: 'booking.change', field: 'consentAge', value: 'yes' })).toBe(false);
    expect(snapshot.can({ type: 'booking.change', field: 'fullName', value: true })).toBe(false);
    expect(snapshot.can({ type: 'booking.answer', questionId: 'q-skin', value: 'normal' })).toBe(false);
    expect(snapshot.can({ type: 'booking.answer', questionId: 'q-skin', value: '' })).toBe(true);
    expect(snapshot.can({ type: 'booking.answer', questionId: 'q-other', value: 'dry' })).toBe(false);
  });

  test('a valid form confirms the hold with the details and the trimmed answers', async () => {
    const { actor, calls } = start();
    await toDetails(actor);
    fill(actor);
    actor.send({ type: 'booking.answer', questionId: 'q-allergies', value: '  ' });
    actor.send({ type: 'booking.submit' });
    expect(actor.getSnapshot().value).toEqual({ held: 'submitting' });
    const done = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(done.value).toBe('confirmed');
    expect(done.context.reservation).toEqual(RESERVATION);
    expect(calls.reservations).toEqual([{ holdId: HOLD.id, holdToken: HOLD.token, details: expect.objectContaining({ fullName: 'Tan Mei Ling', consentAge: true }), answers: { 'q-skin': 'dry' } }]);
    expect(done.can({ type: 'booking.back' })).toBe(false);
  });

  test('a failed submission returns to the details with an error and nothing lost', async () => {
    const { actor } = start({ reserve: refuse(SERVER_ERROR) });
    await toDetails(actor);
    fill(actor);
    actor.send({ type: 'booking.submit' });
    const snapshot = await idle(actor);
    expect(snapshot.value).toEqual({ held: 'details' });
    expect(snapshot.context).toMatchObject({ submitFailed: true, hold: HOLD, details: VALID_DETAILS, answers: { 'q-skin': 'dry' } });
  });

  test('the server saying the hold expired sends the shopper back to the times with the notice', async () => {
    const { actor } = start({ reserve: refuse(HOLD_EXPIRED) });
    await toDetails(actor);
    fill(actor);
    actor.send({ type: 'booking.submit' });
    const snapshot = await idle(actor);
    expect(snapshot.value).toEqual({ findSlot: 'choosing' });
    expect(snapshot.context).toMatchObject({ notice: 'holdExpired', hold: null, slot: null, details: VALID_DETAILS });
  });

  test('back and forth keeps what was typed; another activity forgets the time', async () => {
    const { actor } = start();
    await toDetails(actor);
    actor.send({ type: 'booking.change', field: 'fullName', value: 'Mei' });
    actor.send({ type: 'booking.answer', ...SKIN_ANSWER });
    actor.send({ type: 'booking.back' });
    actor.send({ type: 'booking.back' });
    actor.send({ type: 'booking.back' });
    expect(actor.getSnapshot().value).toBe('selectActivity');
    actor.send({ type: 'booking.selectActivity', activityId: MAKEUP_CLASS.id });
    expect(actor.getSnapshot().context).toMatchObject({ activity: MAKEUP_CLASS, slot: null, artist: null, details: { fullName: 'Mei' }, answers: { 'q-skin': 'dry' } });
  });
});
