import { describe, expect, test } from 'vitest';
import { fromPromise } from 'xstate';
import {
  CANCELLED_BOOKING,
  CLASS_BOOKING,
  CONFIRMED_BOOKING,
  LIFECYCLE_INPUT,
  RESCHEDULED_BOOKING,
  RESCHEDULE_TO,
  TICK_AFTER,
  TICK_CUTOFF,
  TIME_TAKEN,
} from '../../machines/booking/booking-lifecycle.fixtures.ts';
import { bookingLifecycleConnect } from '../../machines/booking/booking-lifecycle.connect.ts';
import { bookingLifecycleMachine, type BookingQuery, type RescheduleRequest } from '../../machines/booking/booking-lifecycle.machine.ts';
import { BUSY_REASON, CANCELLED_REASON, CUTOFF_REASON, EXPIRED_REASON, LOADING_REASON, NOT_RESCHEDULABLE_REASON } from '../../machines/booking/messages.ts';
import type { Reservation } from '../../src/contract/reservations.ts';
import { connectActor } from './connect-helpers.ts';

function start() {
  const pending: { resolve: (booking: Reservation) => void; reject: (error: unknown) => void }[] = [];
  const call = <TInput,>() => fromPromise<Reservation, TInput>(() => new Promise((resolve, reject) => void pending.push({ resolve, reject })));
  const machine = bookingLifecycleMachine.provide({ actors: { loadBooking: call<BookingQuery>(), rescheduleBooking: call<RescheduleRequest>(), cancelBooking: call<BookingQuery>() } });
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
    expect(view()).toMatchObject({ state: 'loading', status: 'loading', activity: null, busy: true, failed: false, booking: null, rescheduleBlocked: LOADING_REASON, cancelBlocked: LOADING_REASON });
  });

  test('a failed load offers Retry (sent as booking.retry) and no Dismiss', async () => {
    const { view, answer, sent } = start();
    await answer((call) => call.reject(new Error('offline')));
    expect(view()).toMatchObject({ status: 'loadFailure', failed: true, failure: 'failed', failureReason: null, retryBlocked: null, canDismiss: false });
    view().retry();
    expect(sent).toEqual([{ type: 'booking.retry' }]);
    expect(view().status).toBe('loading');
  });

  test('confirmed: reschedule sends the time; while it runs both changes wait with the busy reason; a refusal is shown with its reason', async () => {
    const { view, answer, sent } = start();
    await answer((call) => call.resolve(CONFIRMED_BOOKING));
    expect(view()).toMatchObject({ state: 'confirmed.idle', status: 'confirmed', activity: 'idle', rescheduleBlocked: null, cancelBlocked: null, booking: CONFIRMED_BOOKING });
    view().reschedule(RESCHEDULE_TO.startsAt, RESCHEDULE_TO.artistId);
    expect(sent).toEqual([{ type: 'booking.reschedule', ...RESCHEDULE_TO }]);
    expect(view()).toMatchObject({ activity: 'rescheduling', busy: true, rescheduleBlocked: BUSY_REASON, cancelBlocked: BUSY_REASON });
    await answer((call) => call.reject(TIME_TAKEN));
    const failed = view();
    expect(failed).toMatchObject({ activity: 'rescheduleFailure', failed: true, failure: 'slot_taken', canDismiss: true, rescheduleBlocked: null, cancelBlocked: null });
    expect(failed.failureReason?.message).toBe('That time was just taken. Please choose another time.');
    expect(failed.retryBlocked).toBe(failed.failureReason);
    view().dismiss();
    expect(view()).toMatchObject({ activity: 'idle', failure: null });
    view().reschedule(RESCHEDULE_TO.startsAt, null);
    await answer((call) => call.resolve(RESCHEDULED_BOOKING));
    expect(view()).toMatchObject({ status: 'rescheduled', activity: 'idle' });
  });

  test('a move keeps the artist unless asked for any: the result names the new artist and the one before only when they differ', async () => {
    const { view, answer, sent } = start();
    await answer((call) => call.resolve(CONFIRMED_BOOKING));
    expect(view().artistChange).toBeNull();
    view().reschedule(RESCHEDULE_TO.startsAt, CONFIRMED_BOOKING.artist?.id ?? null);
    await answer((call) => call.resolve(RESCHEDULED_BOOKING));
    // The same artist: nothing to say but the new time.
    expect(view()).toMatchObject({ status: 'rescheduled', artistChange: null });
    const farah = { id: 'artist-farah', name: 'Farah Aziz' };
    view().reschedule(RESCHEDULE_TO.startsAt, null);
    await answer((call) => call.resolve({ ...RESCHEDULED_BOOKING, artist: farah }));
    expect(view().artistChange).toEqual({ from: CONFIRMED_BOOKING.artist, to: farah });
    expect(sent.at(-1)).toEqual({ type: 'booking.reschedule', startsAt: RESCHEDULE_TO.startsAt, artistId: null });
    // A later move with Farah kept says nothing of Siti any more.
    view().reschedule(RESCHEDULE_TO.startsAt, farah.id);
    await answer((call) => call.resolve({ ...RESCHEDULED_BOOKING, artist: farah }));
    expect(view().artistChange).toBeNull();
  });

  test('another artist the shopper picks: the move asks for them (and a retry asks again), the result names both', async () => {
    const asked: RescheduleRequest[] = [];
    let failOnce = true;
    const machine = bookingLifecycleMachine.provide({
      actors: {
        loadBooking: fromPromise<Reservation, BookingQuery>(async () => CONFIRMED_BOOKING),
        rescheduleBooking: fromPromise<Reservation, RescheduleRequest>(async ({ input }) => {
          asked.push(input);
          if (failOnce) {
            failOnce = false;
            throw new Error('offline');
          }
          return { ...RESCHEDULED_BOOKING, artist: { id: input.artistId ?? '', name: 'Farah Aziz' } };
        }),
        cancelBooking: fromPromise<Reservation, BookingQuery>(async () => CANCELLED_BOOKING),
      },
    });
    const { actor, send } = connectActor(machine, LIFECYCLE_INPUT);
    const view = () => bookingLifecycleConnect(actor.getSnapshot(), send);
    const settle = async () => {
      for (let tick = 0; tick < 10; tick += 1) await Promise.resolve();
    };
    await settle();
    view().reschedule(RESCHEDULE_TO.startsAt, 'artist-farah');
    await settle();
    expect(view()).toMatchObject({ activity: 'rescheduleFailure', failure: 'failed' });
    view().retry();
    await settle();
    expect(asked).toEqual([
      { confirmationNumber: CONFIRMED_BOOKING.confirmationNumber, startsAt: RESCHEDULE_TO.startsAt, artistId: 'artist-farah' },
      { confirmationNumber: CONFIRMED_BOOKING.confirmationNumber, startsAt: RESCHEDULE_TO.startsAt, artistId: 'artist-farah' },
    ]);
    expect(view()).toMatchObject({ status: 'rescheduled', artistChange: { from: CONFIRMED_BOOKING.artist, to: { id: 'artist-farah', name: 'Farah Aziz' } } });
  });

  test('a class: reschedule blocked with its reason, cancel allowed', async () => {
    const { view, answer } = start();
    await answer((call) => call.resolve(CLASS_BOOKING));
    expect(view()).toMatchObject({ rescheduleBlocked: NOT_RESCHEDULABLE_REASON, cancelBlocked: null });
  });

  test('cancel ends cancelled, and every change is blocked with that reason', async () => {
    const { view, answer, sent } = start();
    await answer((call) => call.resolve(CONFIRMED_BOOKING));
    view().cancel();
    expect(view().activity).toBe('cancelling');
    await answer((call) => call.resolve(CANCELLED_BOOKING));
    expect(view()).toMatchObject({ status: 'cancelled', activity: null, rescheduleBlocked: CANCELLED_REASON, cancelBlocked: CANCELLED_REASON });
    expect(sent).toEqual([{ type: 'booking.cancel' }]);
  });

  test('clock ticks: past the cut-off changes are blocked as too close; past the appointment, as expired', async () => {
    const { view, answer, sent } = start();
    await answer((call) => call.resolve(CONFIRMED_BOOKING));
    view().clockTick(TICK_CUTOFF);
    expect(view()).toMatchObject({ status: 'confirmed', activity: 'cutoffPassed', rescheduleBlocked: CUTOFF_REASON, cancelBlocked: CUTOFF_REASON });
    view().clockTick(TICK_AFTER);
    expect(sent).toEqual([
      { type: 'booking.clockTick', now: TICK_CUTOFF },
      { type: 'booking.clockTick', now: TICK_AFTER },
    ]);
    expect(view()).toMatchObject({ status: 'expired', rescheduleBlocked: EXPIRED_REASON, cancelBlocked: EXPIRED_REASON, retryBlocked: EXPIRED_REASON });
  });
});
