import { describe, expect, test } from 'vitest';
import { fromPromise } from 'xstate';
import { CANCELLED_BOOKING, CONFIRMED_BOOKING, LIFECYCLE_INPUT, RESCHEDULED_BOOKING, RESCHEDULE_SLOT_ID, TICK_AFTER } from '../../machines/booking/booking-lifecycle.fixtures.ts';
import { bookingLifecycleConnect } from '../../machines/booking/booking-lifecycle.connect.ts';
import { BUSY_REASON, CANCELLED_REASON, EXPIRED_REASON, LOADING_REASON, bookingLifecycleMachine, type RescheduleRequest } from '../../machines/booking/booking-lifecycle.machine.ts';
import type { Booking } from '../../src/contract/booking.ts';
import { connectActor } from './connect-helpers.ts';

function start() {
  const pending: { name: string; resolve: (booking: Booking) => void; reject: (error: unknown) => void }[] = [];
  const call = <TInput,>(name: string) => fromPromise<Booking, TInput>(() => new Promise((resolve, reject) => void pending.push({ name, resolve, reject })));
  const machine = bookingLifecycleMachine.provide({
    actors: { loadBooking: call<{ bookingId: string }>('loadBooking'), rescheduleBooking: call<RescheduleRequest>('rescheduleBooking'), cancelBooking: call<{ bookingId: string }>('cancelBooking') },
  });
  const { actor, send, sent } = connectActor(machine, LIFECYCLE_INPUT);
  const answer = async (settle: (call: (typeof pending)[number]) => void) => {
    const latest = pending.at(-1);
    if (latest) settle(latest);
    for (let tick = 0; tick < 5; tick += 1) await Promise.resolve();
  };
  return { actor, sent, answer, view: () => bookingLifecycleConnect(actor.getSnapshot(), send) };
}

describe('bookingLifecycleConnect', () => {
  test('loading: busy, no booking, changes blocked because it is still loading', () => {
    const { view } = start();
    expect(view()).toMatchObject({ state: 'loading', status: 'loading', activity: null, busy: true, failed: false, booking: null, changeBlocked: LOADING_REASON });
  });

  test('a failed load offers Retry (sent as booking.retry) and no Dismiss', async () => {
    const { view, answer, sent } = start();
    await answer((call) => call.reject(new Error('offline')));
    expect(view()).toMatchObject({ status: 'loadFailure', failed: true, retryBlocked: null, canDismiss: false });
    view().retry();
    expect(sent).toEqual([{ type: 'booking.retry' }]);
    expect(view().status).toBe('loading');
  });

  test('confirmed: reschedule sends the slot; while it runs both changes wait with the busy reason', async () => {
    const { view, answer, sent } = start();
    await answer((call) => call.resolve(CONFIRMED_BOOKING));
    expect(view()).toMatchObject({ state: 'confirmed.idle', status: 'confirmed', activity: 'idle', changeBlocked: null, booking: CONFIRMED_BOOKING });
    view().reschedule(RESCHEDULE_SLOT_ID);
    expect(sent).toEqual([{ type: 'booking.reschedule', slotId: RESCHEDULE_SLOT_ID }]);
    expect(view()).toMatchObject({ activity: 'rescheduling', busy: true, changeBlocked: BUSY_REASON });
    await answer((call) => call.reject(new Error('offline')));
    expect(view()).toMatchObject({ activity: 'rescheduleFailure', failed: true, canDismiss: true, changeBlocked: null, retryBlocked: null });
    view().dismiss();
    expect(view().activity).toBe('idle');
    view().reschedule(RESCHEDULE_SLOT_ID);
    await answer((call) => call.resolve(RESCHEDULED_BOOKING));
    expect(view()).toMatchObject({ status: 'rescheduled', activity: 'idle' });
  });

  test('cancel ends cancelled, and every change is blocked with that reason', async () => {
    const { view, answer, sent } = start();
    await answer((call) => call.resolve(CONFIRMED_BOOKING));
    view().cancel();
    expect(view().activity).toBe('cancelling');
    await answer((call) => call.resolve(CANCELLED_BOOKING));
    expect(view()).toMatchObject({ status: 'cancelled', activity: null, changeBlocked: CANCELLED_REASON });
    expect(sent).toEqual([{ type: 'booking.cancel' }]);
  });

  test('a clock tick past the appointment expires the booking: changes blocked as expired', async () => {
    const { view, answer, sent } = start();
    await answer((call) => call.resolve(CONFIRMED_BOOKING));
    view().clockTick(TICK_AFTER);
    expect(sent).toEqual([{ type: 'booking.clockTick', now: TICK_AFTER }]);
    expect(view()).toMatchObject({ status: 'expired', changeBlocked: EXPIRED_REASON, retryBlocked: EXPIRED_REASON });
  });
});
