import { setupI18n, type MessageDescriptor } from '@lingui/core';
import { describe, expect, test } from 'vitest';
import { SimulatedClock, createActor, fromPromise, waitFor } from 'xstate';
import {
  CANCELLED_BOOKING,
  CONFIRMED_BOOKING,
  FAR_BOOKING,
  LIFECYCLE_INPUT,
  LIFECYCLE_NOW,
  PAST_BOOKING,
  RESCHEDULED_BOOKING,
  RESCHEDULE_SLOT_ID,
  TICK_AFTER,
  TICK_BEFORE,
} from '../../machines/booking/booking-lifecycle.fixtures.ts';
import {
  BUSY_REASON,
  CANCELLED_REASON,
  EXPIRED_REASON,
  LOADING_REASON,
  LONGEST_TIMER_MS,
  blockedReason,
  bookingLifecycleMachine,
  type RescheduleRequest,
} from '../../machines/booking/booking-lifecycle.machine.ts';
import type { Booking } from '../../src/contract/booking.ts';

interface Fakes {
  load?: () => Booking;
  reschedule?: (request: RescheduleRequest) => Booking;
  cancel?: () => Booking;
}

function start(fakes: Fakes = {}) {
  const calls = { reschedule: [] as RescheduleRequest[], cancel: 0 };
  const clock = new SimulatedClock();
  const machine = bookingLifecycleMachine.provide({
    actors: {
      loadBooking: fromPromise<Booking, { bookingId: string }>(async () => (fakes.load ?? (() => CONFIRMED_BOOKING))()),
      rescheduleBooking: fromPromise<Booking, RescheduleRequest>(async ({ input }) => {
        calls.reschedule.push(input);
        return (fakes.reschedule ?? (() => RESCHEDULED_BOOKING))(input);
      }),
      cancelBooking: fromPromise<Booking, { bookingId: string }>(async () => {
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
const reschedule = { type: 'booking.reschedule', slotId: RESCHEDULE_SLOT_ID } as const;
const cancel = { type: 'booking.cancel' } as const;
const english = (descriptor: MessageDescriptor) => setupI18n({ locale: 'en', messages: { en: {} } })._(descriptor);
const untilAppointment = Date.parse(CONFIRMED_BOOKING.appointmentAt) - LIFECYCLE_NOW;

describe('bookingLifecycle: opening a booking', () => {
  test.each([
    ['confirmed', CONFIRMED_BOOKING, { confirmed: 'idle' }],
    ['rescheduled', RESCHEDULED_BOOKING, { rescheduled: 'idle' }],
    ['cancelled', CANCELLED_BOOKING, 'cancelled'],
    ['past its time (still "confirmed" on the server)', PAST_BOOKING, 'expired'],
    ['marked expired by the server', { ...CONFIRMED_BOOKING, status: 'expired' } as Booking, 'expired'],
  ])('a %s booking opens in its state', async (_, booking, state) => {
    const { actor } = start({ load: () => booking });
    expect((await idle(actor)).value).toEqual(state);
  });

  test('a failed load can be retried; nothing can be changed meanwhile, and the view is told why', async () => {
    let fail = true;
    const { actor } = start({
      load: () => {
        if (fail) throw new Error('offline');
        return CONFIRMED_BOOKING;
      },
    });
    const failed = await idle(actor);
    expect(failed.value).toBe('loadFailure');
    expect(blockedReason(failed, cancel)).toBe(LOADING_REASON);
    fail = false;
    actor.send({ type: 'booking.retry' });
    expect((await idle(actor)).value).toEqual({ confirmed: 'idle' });
  });
});

describe('bookingLifecycle: reschedule', () => {
  test('confirmed → rescheduled through a pending call, and rescheduled again', async () => {
    const later: Booking = { ...RESCHEDULED_BOOKING, appointmentAt: '2030-12-09T06:00:00.000Z' };
    const answers = [RESCHEDULED_BOOKING, later];
    const { actor, calls } = start({ reschedule: () => answers.shift() ?? later });
    await idle(actor);
    expect(blockedReason(actor.getSnapshot(), reschedule)).toBeNull();
    actor.send(reschedule);
    expect(actor.getSnapshot().value).toEqual({ confirmed: 'rescheduling' });
    expect(blockedReason(actor.getSnapshot(), cancel)).toBe(BUSY_REASON);
    expect((await idle(actor)).value).toEqual({ rescheduled: 'idle' });
    actor.send({ type: 'booking.reschedule', slotId: 'slot-1209' });
    const again = await idle(actor);
    expect(again.value).toEqual({ rescheduled: 'idle' });
    expect(again.context.booking?.appointmentAt).toBe(later.appointmentAt);
    expect(calls.reschedule).toEqual([
      { bookingId: 'booking-77', slotId: RESCHEDULE_SLOT_ID },
      { bookingId: 'booking-77', slotId: 'slot-1209' },
    ]);
  });

  test('a failed reschedule can be retried (same slot) or dismissed', async () => {
    let fail = true;
    const { actor, calls } = start({
      reschedule: () => {
        if (fail) throw new Error('slot taken');
        return RESCHEDULED_BOOKING;
      },
    });
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
    expect(calls.reschedule.map((call) => call.slotId)).toEqual([RESCHEDULE_SLOT_ID, RESCHEDULE_SLOT_ID, RESCHEDULE_SLOT_ID]);
  });

  test('the new appointment time restarts the expiry timer', async () => {
    const { actor, clock } = start();
    await idle(actor);
    actor.send(reschedule);
    await idle(actor);
    clock.increment(untilAppointment + 1000);
    // The old time has passed, the new one (three days later) has not.
    expect(actor.getSnapshot().value).toEqual({ rescheduled: 'idle' });
    clock.increment(Date.parse(RESCHEDULED_BOOKING.appointmentAt) - Date.parse(CONFIRMED_BOOKING.appointmentAt));
    expect(actor.getSnapshot().value).toBe('expired');
  });
});

describe('bookingLifecycle: cancel', () => {
  test.each([
    ['confirmed', CONFIRMED_BOOKING],
    ['rescheduled', RESCHEDULED_BOOKING],
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

  test('a failed cancel can be retried or dismissed', async () => {
    let fail = true;
    const { actor } = start({
      cancel: () => {
        if (fail) throw new Error('server error');
        return CANCELLED_BOOKING;
      },
    });
    await idle(actor);
    actor.send(cancel);
    expect((await idle(actor)).value).toEqual({ confirmed: 'cancelFailure' });
    expect(actor.getSnapshot().can({ type: 'booking.dismiss' })).toBe(true);
    fail = false;
    actor.send({ type: 'booking.retry' });
    expect((await waitFor(actor, (snapshot) => snapshot.status === 'done')).value).toBe('cancelled');
  });
});

describe('bookingLifecycle: expiry', () => {
  test('the timer for the time left expires the booking at the appointment time', async () => {
    const { actor, clock } = start();
    await idle(actor);
    clock.increment(untilAppointment - 1);
    expect(actor.getSnapshot().value).toEqual({ confirmed: 'idle' });
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('expired');
  });

  test('a far appointment is waited for in timer steps a browser can keep', async () => {
    const { actor, clock } = start({ load: () => FAR_BOOKING });
    await idle(actor);
    const timeLeft = Date.parse(FAR_BOOKING.appointmentAt) - LIFECYCLE_NOW;
    expect(timeLeft).toBeGreaterThan(LONGEST_TIMER_MS * 2);
    let waited = 0;
    while (timeLeft - waited > LONGEST_TIMER_MS) {
      clock.increment(LONGEST_TIMER_MS);
      waited += LONGEST_TIMER_MS;
      expect(actor.getSnapshot().value).toEqual({ confirmed: 'idle' });
      expect(actor.getSnapshot().context.now).toBe(LIFECYCLE_NOW + waited);
    }
    clock.increment(timeLeft - waited - 1);
    expect(actor.getSnapshot().value).toEqual({ confirmed: 'idle' });
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('expired');
  });

  test('a clock tick before the time changes nothing; one after it expires the booking', async () => {
    const { actor } = start();
    await idle(actor);
    actor.send({ type: 'booking.clockTick', now: TICK_BEFORE });
    expect(actor.getSnapshot().value).toEqual({ confirmed: 'idle' });
    expect(actor.getSnapshot().context.now).toBe(TICK_BEFORE);
    actor.send({ type: 'booking.clockTick', now: TICK_AFTER });
    expect(actor.getSnapshot().value).toBe('expired');
  });

  test('an expired booking cannot be rescheduled or cancelled, and the reason comes from the guard', async () => {
    const { actor, calls } = start({ load: () => PAST_BOOKING });
    const snapshot = await idle(actor);
    expect(snapshot.can(reschedule)).toBe(false);
    expect(snapshot.can(cancel)).toBe(false);
    expect(snapshot.status).toBe('done');
    expect(calls).toEqual({ reschedule: [], cancel: 0 });
    expect(blockedReason(snapshot, cancel)).toBe(EXPIRED_REASON);
    expect(english(EXPIRED_REASON)).toBe('This booking has expired: its appointment time has passed, so it can no longer be rescheduled or cancelled.');
  });

  test('the appointment passing while a change is pending ends in expired', async () => {
    const { actor, clock } = start({ reschedule: () => new Promise<never>(() => undefined) as never });
    await idle(actor);
    actor.send(reschedule);
    clock.increment(untilAppointment);
    expect(actor.getSnapshot().value).toBe('expired');
  });

  test('after a failure, a retry is refused once the time has passed (tick not yet turned into expiry)', async () => {
    const { actor } = start({
      reschedule: () => {
        throw new Error('slot taken');
      },
    });
    await idle(actor);
    actor.send(reschedule);
    await idle(actor);
    // The machine's clock says the time passed, as a late tick would before its guard runs.
    const snapshot = actor.getSnapshot();
    const late = { ...snapshot.context, now: TICK_AFTER };
    expect(bookingLifecycleMachine.resolveState({ value: snapshot.value, context: late }).can({ type: 'booking.retry' })).toBe(false);
    expect(blockedReason(bookingLifecycleMachine.resolveState({ value: snapshot.value, context: late }), cancel)).toBe(EXPIRED_REASON);
  });
});
