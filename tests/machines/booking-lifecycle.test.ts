import { setupI18n, type MessageDescriptor } from '@lingui/core';
import { describe, expect, test } from 'vitest';
import { SimulatedClock, createActor, fromPromise, waitFor } from 'xstate';
import {
  BOOKING_NOT_FOUND,
  CANCELLED_BOOKING,
  CLASS_BOOKING,
  CONFIRMED_BOOKING,
  CUTOFF_REFUSED,
  FAR_BOOKING,
  FAR_LOCKED_BOOKING,
  LIFECYCLE_INPUT,
  LIFECYCLE_NOW,
  LOCKED_BOOKING,
  LOCKED_RESCHEDULED_BOOKING,
  NETWORK_ERROR,
  PAST_BOOKING,
  RESCHEDULED_BOOKING,
  RESCHEDULE_TO,
  TICK_AFTER,
  TICK_BEFORE,
  TICK_CUTOFF,
  TIME_TAKEN,
} from '../../machines/booking/booking-lifecycle.fixtures.ts';
import { blockedReason, bookingLifecycleMachine, type BookingQuery, type RescheduleRequest } from '../../machines/booking/booking-lifecycle.machine.ts';
import { LONGEST_TIMER_MS, changeRefusal } from '../../machines/booking/booking-lifecycle.rules.ts';
import { BUSY_REASON, CANCELLED_REASON, CUTOFF_REASON, EXPIRED_REASON, LOADING_REASON, NOT_RESCHEDULABLE_REASON } from '../../machines/booking/messages.ts';
import type { Reservation } from '../../src/contract/reservations.ts';

interface Fakes {
  load?: () => Reservation;
  reschedule?: (request: RescheduleRequest) => Reservation;
  cancel?: () => Reservation;
}

function start(fakes: Fakes = {}) {
  const calls = { reschedule: [] as RescheduleRequest[], cancel: 0, load: [] as BookingQuery[] };
  const clock = new SimulatedClock();
  const machine = bookingLifecycleMachine.provide({
    actors: {
      loadBooking: fromPromise<Reservation, BookingQuery>(async ({ input }) => {
        calls.load.push(input);
        return (fakes.load ?? (() => CONFIRMED_BOOKING))();
      }),
      rescheduleBooking: fromPromise<Reservation, RescheduleRequest>(async ({ input }) => {
        calls.reschedule.push(input);
        return (fakes.reschedule ?? (() => RESCHEDULED_BOOKING))(input);
      }),
      cancelBooking: fromPromise<Reservation, BookingQuery>(async () => {
        calls.cancel += 1;
        return (fakes.cancel ?? (() => CANCELLED_BOOKING))();
      }),
    },
  });
  const actor = createActor(machine, { input: LIFECYCLE_INPUT, clock }).start();
  return { actor, calls, clock };
}

type Lifecycle = ReturnType<typeof start>['actor'];
const idle = (actor: Lifecycle) => waitFor(actor, (snapshot) => !snapshot.hasTag('busy'));
const reschedule = { type: 'booking.reschedule', ...RESCHEDULE_TO } as const;
const cancel = { type: 'booking.cancel' } as const;
const refuse = (error: unknown) => () => {
  throw error;
};
const english = (descriptor: MessageDescriptor) => setupI18n({ locale: 'en', messages: { en: {} } })._(descriptor);
const untilCutoff = Date.parse(CONFIRMED_BOOKING.changeCutoffAt) - LIFECYCLE_NOW;

describe('bookingLifecycle: opening a booking', () => {
  test.each([
    ['confirmed', CONFIRMED_BOOKING, { confirmed: 'idle' }],
    ['rescheduled', RESCHEDULED_BOOKING, { rescheduled: 'idle' }],
    ['cancelled', CANCELLED_BOOKING, 'cancelled'],
    ['past its time (still "confirmed" on the server)', PAST_BOOKING, 'expired'],
    ['marked expired by the server', { ...CONFIRMED_BOOKING, status: 'expired' } as Reservation, 'expired'],
    ['within its cut-off', LOCKED_BOOKING, { confirmed: 'cutoffPassed' }],
    ['rescheduled, within its cut-off', LOCKED_RESCHEDULED_BOOKING, { rescheduled: 'cutoffPassed' }],
  ])('a %s booking opens in its state', async (_, booking, state) => {
    const { actor, calls } = start({ load: () => booking });
    expect((await idle(actor)).value).toEqual(state);
    expect(calls.load).toEqual([{ confirmationNumber: 'BK-7Q2M9XKD' }]);
  });

  test('a failed load can be retried; nothing can be changed meanwhile, and the view is told why', async () => {
    let fail = true;
    const { actor } = start({ load: () => (fail ? refuse(NETWORK_ERROR)() : CONFIRMED_BOOKING) });
    const failed = await idle(actor);
    expect(failed.value).toBe('loadFailure');
    expect(blockedReason(failed, cancel)).toBe(LOADING_REASON);
    fail = false;
    actor.send({ type: 'booking.retry' });
    expect((await idle(actor)).value).toEqual({ confirmed: 'idle' });
  });

  test('a booking that is not found is not retried: the reason says so', async () => {
    const { actor } = start({ load: refuse(BOOKING_NOT_FOUND) });
    const failed = await idle(actor);
    expect(failed.context.failure).toBe('notFound');
    expect(failed.can({ type: 'booking.retry' })).toBe(false);
    expect(english(blockedReason(failed, { type: 'booking.retry' }) ?? LOADING_REASON)).toMatch(/could not find this booking/);
  });
});

describe('bookingLifecycle: reschedule', () => {
  test('confirmed → rescheduled through a pending call, and rescheduled again, with the new time and artist', async () => {
    const later: Reservation = { ...RESCHEDULED_BOOKING, appointmentAt: '2030-12-09T06:00:00.000Z', changeCutoffAt: '2030-12-08T06:00:00.000Z' };
    const answers = [RESCHEDULED_BOOKING, later];
    const { actor, calls } = start({ reschedule: () => answers.shift() ?? later });
    await idle(actor);
    expect(blockedReason(actor.getSnapshot(), reschedule)).toBeNull();
    actor.send(reschedule);
    expect(actor.getSnapshot().value).toEqual({ confirmed: 'rescheduling' });
    expect(blockedReason(actor.getSnapshot(), cancel)).toBe(BUSY_REASON);
    expect((await idle(actor)).value).toEqual({ rescheduled: 'idle' });
    actor.send({ type: 'booking.reschedule', startsAt: later.appointmentAt, artistId: null });
    const again = await idle(actor);
    expect(again.value).toEqual({ rescheduled: 'idle' });
    expect(again.context.booking?.appointmentAt).toBe(later.appointmentAt);
    expect(calls.reschedule).toEqual([
      { confirmationNumber: 'BK-7Q2M9XKD', ...RESCHEDULE_TO },
      { confirmationNumber: 'BK-7Q2M9XKD', startsAt: later.appointmentAt, artistId: null },
    ]);
  });

  test('a time that is not an instant is refused', async () => {
    const { actor } = start();
    expect((await idle(actor)).can({ type: 'booking.reschedule', startsAt: 'tomorrow', artistId: null })).toBe(false);
  });

  test('a new time within the cut-off of now is booked, closed to changes', async () => {
    const { actor } = start({ reschedule: () => LOCKED_RESCHEDULED_BOOKING });
    await idle(actor);
    actor.send(reschedule);
    const snapshot = await idle(actor);
    expect(snapshot.value).toEqual({ rescheduled: 'cutoffPassed' });
    expect(blockedReason(snapshot, cancel)).toBe(CUTOFF_REASON);
  });

  test('a failed reschedule can be retried (same time) or dismissed', async () => {
    let fail = true;
    const { actor, calls } = start({ reschedule: () => (fail ? refuse(NETWORK_ERROR)() : RESCHEDULED_BOOKING) });
    await idle(actor);
    actor.send(reschedule);
    expect((await idle(actor)).value).toEqual({ confirmed: 'rescheduleFailure' });
    actor.send({ type: 'booking.dismiss' });
    expect(actor.getSnapshot().value).toEqual({ confirmed: 'idle' });
    actor.send(reschedule);
    await idle(actor);
    fail = false;
    actor.send({ type: 'booking.retry' });
    expect((await idle(actor)).value).toEqual({ rescheduled: 'idle' });
    expect(calls.reschedule.map((call) => call.startsAt)).toEqual([RESCHEDULE_TO.startsAt, RESCHEDULE_TO.startsAt, RESCHEDULE_TO.startsAt]);
  });

  test('a time taken meanwhile (409) lands in the failure with its reason: no retry of that time, another one can be asked', async () => {
    const { actor } = start({ reschedule: refuse(TIME_TAKEN) });
    await idle(actor);
    actor.send(reschedule);
    const failed = await idle(actor);
    expect(failed.value).toEqual({ confirmed: 'rescheduleFailure' });
    expect(failed.context.failure).toBe('slot_taken');
    expect(failed.can({ type: 'booking.retry' })).toBe(false);
    expect(english(blockedReason(failed, { type: 'booking.retry' }) ?? LOADING_REASON)).toBe('That time was just taken. Please choose another time.');
    expect(failed.can({ type: 'booking.reschedule', startsAt: RESCHEDULED_BOOKING.endsAt, artistId: null })).toBe(true);
  });

  test('a class or an event cannot be rescheduled (the guard says why), but can be cancelled', async () => {
    const { actor } = start({ load: () => CLASS_BOOKING });
    const snapshot = await idle(actor);
    expect(snapshot.can(reschedule)).toBe(false);
    expect(blockedReason(snapshot, reschedule)).toBe(NOT_RESCHEDULABLE_REASON);
    expect(snapshot.can(cancel)).toBe(true);
    expect(changeRefusal({ ...CLASS_BOOKING, kind: 'event' }, LIFECYCLE_NOW, 'reschedule')).toBe('notReschedulable');
  });
});

describe('bookingLifecycle: cancel', () => {
  test.each([
    ['confirmed', CONFIRMED_BOOKING],
    ['rescheduled', RESCHEDULED_BOOKING],
    ['class', CLASS_BOOKING],
  ])('a %s booking can be cancelled; cancelled is final', async (_, booking) => {
    const { actor, calls } = start({ load: () => booking });
    await idle(actor);
    actor.send(cancel);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const done = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(done.value).toBe('cancelled');
    expect(calls.cancel).toBe(1);
    expect(done.can(reschedule)).toBe(false);
    expect(blockedReason(done, reschedule)).toBe(CANCELLED_REASON);
  });

  test('a failed cancel can be retried or dismissed; the server’s cut-off refusal is shown and not retried', async () => {
    let error: unknown = NETWORK_ERROR;
    const { actor } = start({ cancel: () => refuse(error)() });
    await idle(actor);
    actor.send(cancel);
    expect((await idle(actor)).value).toEqual({ confirmed: 'cancelFailure' });
    expect(actor.getSnapshot().can({ type: 'booking.dismiss' })).toBe(true);
    error = CUTOFF_REFUSED;
    actor.send({ type: 'booking.retry' });
    const refused = await idle(actor);
    expect(refused.context.failure).toBe('change_cutoff_passed');
    expect(refused.can({ type: 'booking.retry' })).toBe(false);
    expect(blockedReason(refused, { type: 'booking.retry' })).toBe(CUTOFF_REASON);
  });
});

describe('bookingLifecycle: the cut-off and expiry', () => {
  test('the timer for the time left closes changes at the cut-off, then expires the booking at its time', async () => {
    const { actor, clock } = start();
    await idle(actor);
    clock.increment(untilCutoff - 1);
    expect(actor.getSnapshot().value).toEqual({ confirmed: 'idle' });
    clock.increment(1);
    const closed = actor.getSnapshot();
    expect(closed.value).toEqual({ confirmed: 'cutoffPassed' });
    expect(closed.can(cancel)).toBe(false);
    expect(blockedReason(closed, cancel)).toBe(CUTOFF_REASON);
    expect(blockedReason(closed, reschedule)).toBe(CUTOFF_REASON);
    clock.increment(24 * 60 * 60 * 1000 - 1);
    expect(actor.getSnapshot().value).toEqual({ confirmed: 'cutoffPassed' });
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('expired');
  });

  test('far deadlines are waited for in timer steps a browser can keep', async () => {
    const { actor, clock } = start({ load: () => FAR_BOOKING });
    await idle(actor);
    const timeLeft = Date.parse(FAR_BOOKING.changeCutoffAt) - LIFECYCLE_NOW;
    expect(timeLeft).toBeGreaterThan(LONGEST_TIMER_MS * 2);
    let waited = 0;
    while (timeLeft - waited > LONGEST_TIMER_MS) {
      clock.increment(LONGEST_TIMER_MS);
      waited += LONGEST_TIMER_MS;
      expect(actor.getSnapshot().value).toEqual({ confirmed: 'idle' });
      expect(actor.getSnapshot().context.now).toBe(LIFECYCLE_NOW + waited);
    }
    clock.increment(timeLeft - waited);
    expect(actor.getSnapshot().value).toEqual({ confirmed: 'cutoffPassed' });
  });

  test('a far appointment whose changes are already closed also waits in steps', async () => {
    const { actor, clock } = start({ load: () => FAR_LOCKED_BOOKING });
    expect((await idle(actor)).value).toEqual({ confirmed: 'cutoffPassed' });
    const timeLeft = Date.parse(FAR_LOCKED_BOOKING.appointmentAt) - LIFECYCLE_NOW;
    let waited = 0;
    while (timeLeft - waited > LONGEST_TIMER_MS) {
      clock.increment(LONGEST_TIMER_MS);
      waited += LONGEST_TIMER_MS;
      expect(actor.getSnapshot().value).toEqual({ confirmed: 'cutoffPassed' });
    }
    clock.increment(timeLeft - waited);
    expect(actor.getSnapshot().value).toBe('expired');
  });

  test('clock ticks: before the cut-off nothing changes, after it changes close, after the time it expires', async () => {
    const { actor } = start();
    await idle(actor);
    actor.send({ type: 'booking.clockTick', now: TICK_BEFORE });
    expect(actor.getSnapshot().value).toEqual({ confirmed: 'idle' });
    expect(actor.getSnapshot().context.now).toBe(TICK_BEFORE);
    actor.send({ type: 'booking.clockTick', now: TICK_CUTOFF });
    expect(actor.getSnapshot().value).toEqual({ confirmed: 'cutoffPassed' });
    actor.send({ type: 'booking.clockTick', now: TICK_AFTER });
    expect(actor.getSnapshot().value).toBe('expired');
  });

  test('a tick restarts the cut-off timer from the new time', async () => {
    const { actor, clock } = start();
    await idle(actor);
    actor.send({ type: 'booking.clockTick', now: TICK_BEFORE });
    clock.increment(untilCutoff - (TICK_BEFORE - LIFECYCLE_NOW));
    expect(actor.getSnapshot().value).toEqual({ confirmed: 'cutoffPassed' });
  });

  test('an expired booking cannot be rescheduled or cancelled, and the reason comes from the guard', async () => {
    const { actor, calls } = start({ load: () => PAST_BOOKING });
    const snapshot = await idle(actor);
    expect(snapshot.can(reschedule)).toBe(false);
    expect(snapshot.can(cancel)).toBe(false);
    expect(snapshot.status).toBe('done');
    expect(calls).toMatchObject({ reschedule: [], cancel: 0 });
    expect(blockedReason(snapshot, cancel)).toBe(EXPIRED_REASON);
    expect(blockedReason(snapshot, reschedule)).toBe(EXPIRED_REASON);
    expect(english(EXPIRED_REASON)).toBe('This booking has expired: its appointment time has passed, so it can no longer be rescheduled or cancelled.');
  });

  test('the appointment passing (a tick) while a change is pending ends in expired; the cut-off alone does not stop the call', async () => {
    const { actor } = start({ reschedule: () => new Promise<never>(() => undefined) as never });
    await idle(actor);
    actor.send(reschedule);
    actor.send({ type: 'booking.clockTick', now: TICK_CUTOFF });
    expect(actor.getSnapshot().value).toEqual({ confirmed: 'rescheduling' });
    actor.send({ type: 'booking.clockTick', now: TICK_AFTER });
    expect(actor.getSnapshot().value).toBe('expired');
  });

  test('after a failure, a retry is refused once the cut-off has passed by the clock', async () => {
    const { actor } = start({ reschedule: refuse(NETWORK_ERROR) });
    await idle(actor);
    actor.send(reschedule);
    await idle(actor);
    actor.send({ type: 'booking.clockTick', now: TICK_CUTOFF });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual({ confirmed: 'rescheduleFailure' });
    expect(snapshot.can({ type: 'booking.retry' })).toBe(false);
    expect(blockedReason(snapshot, { type: 'booking.retry' })).toBe(CUTOFF_REASON);
  });
});
