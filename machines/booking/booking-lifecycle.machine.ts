import type { MessageDescriptor } from '@lingui/core';
import * as v from 'valibot';
import { assign, fromPromise, setup, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import { RescheduleSchema, type Reschedule, type Reservation } from '../../src/contract/reservations.ts';
import { bookingFailureOf, isRetryable, type BookingCallFailure } from './booking.failure.ts';
import { appointmentPassed, changeRefusal, cutoffPassed, timerReaches, timerStep, type BookingChange } from './booking-lifecycle.rules.ts';
import { BUSY_REASON, CANCELLED_REASON, CHANGE_REFUSAL_MESSAGES, CUTOFF_REASON, EXPIRED_REASON, LIFECYCLE_FAILURE_MESSAGES, LOADING_REASON } from './messages.ts';

export interface BookingQuery {
  confirmationNumber: string;
}
export type RescheduleRequest = BookingQuery & Reschedule;

/** The app provides these (`machine.provide({ actors })`, with a guest's manage key); the defaults only say so. */
export const loadBooking = fromPromise<Reservation, BookingQuery>(async () => {
  throw new Error('bookingLifecycle: provide the `loadBooking` actor');
});
export const rescheduleBooking = fromPromise<Reservation, RescheduleRequest>(async () => {
  throw new Error('bookingLifecycle: provide the `rescheduleBooking` actor');
});
export const cancelBooking = fromPromise<Reservation, BookingQuery>(async () => {
  throw new Error('bookingLifecycle: provide the `cancelBooking` actor');
});

export interface BookingLifecycleInput {
  confirmationNumber: string;
  /** Current time (epoch ms) when the screen opens; `booking.clockTick` moves it on. */
  now: number;
}

export interface BookingLifecycleContext {
  confirmationNumber: string;
  now: number;
  booking: Reservation | null;
  /** The new time of the reschedule in flight (kept for a retry). */
  requested: Reschedule | null;
  /** Why the last call failed: shown, and whether a retry can help. */
  failure: BookingCallFailure | null;
  /** The booking as it was before the last move: the result says what changed (another artist). */
  movedFrom: Reservation | null;
}

/** What the view reads off a state: a call in flight, a failure to offer a retry for, which change runs. */
export type LifecycleTag = 'busy' | 'failure' | 'rescheduling' | 'cancelling';

export type BookingLifecycleEvent =
  | ({ type: 'booking.reschedule' } & Reschedule)
  | { type: 'booking.cancel' }
  | { type: 'booking.retry' }
  | { type: 'booking.dismiss' }
  | { type: 'booking.clockTick'; now: number };

/** Whether the booking takes `change` now (nothing is changed before it has loaded). */
const allows = (context: BookingLifecycleContext, change: BookingChange) => context.booking !== null && changeRefusal(context.booking, context.now, change) === null;
const cutoffOf = (context: BookingLifecycleContext) => context.booking?.changeCutoffAt ?? '';
const appointmentOf = (context: BookingLifecycleContext) => context.booking?.appointmentAt ?? '';
const tickNow = ({ event }: { event: { now: number } }) => event.now;

/**
 * A booking once made: confirmed → rescheduled (again and again) → cancelled; confirmed or
 * rescheduled → cut-off passed (no more changes) → expired when the appointment time comes. The
 * deadlines are timers for the time left on the machine's clock, and `booking.clockTick` for a
 * clock that moved on while the tab slept. Reschedule (services only) and cancel are server calls
 * with pending and failure states; a refusal of the server lands in the failure state with its
 * reason. Expired and cancelled are final.
 */
const lifecycle = setup({
  types: {
    context: {} as BookingLifecycleContext,
    events: {} as BookingLifecycleEvent,
    input: {} as BookingLifecycleInput,
    tags: {} as LifecycleTag,
  },
  actors: { loadBooking, rescheduleBooking, cancelBooking },
  delays: {
    untilCutoff: ({ context }) => timerStep(cutoffOf(context), context.now),
    untilAppointment: ({ context }) => timerStep(appointmentOf(context), context.now),
  },
  guards: {
    isCancelled: (_, booking: Reservation) => booking.status === 'cancelled',
    isExpired: ({ context }, booking: Reservation) => appointmentPassed(booking, context.now),
    isRescheduledPastCutoff: ({ context }, booking: Reservation) => booking.status === 'rescheduled' && cutoffPassed(booking, context.now),
    isRescheduled: (_, booking: Reservation) => booking.status === 'rescheduled',
    isPastCutoff: ({ context }, booking: Reservation) => cutoffPassed(booking, context.now),
    mayReschedule: ({ context }, request: Reschedule) => v.is(RescheduleSchema, request) && allows(context, 'reschedule'),
    mayCancel: ({ context }) => allows(context, 'cancel'),
    mayRetryReschedule: ({ context }) => isRetryable(context.failure) && allows(context, 'reschedule'),
    mayRetryCancel: ({ context }) => isRetryable(context.failure) && allows(context, 'cancel'),
    mayRetryLoad: ({ context }) => isRetryable(context.failure),
    passedAt: ({ context }, now: number) => context.booking !== null && appointmentPassed(context.booking, now),
    cutoffPassedAt: ({ context }, now: number) => context.booking !== null && cutoffPassed(context.booking, now),
    cutoffPassedNow: ({ context }) => context.booking !== null && cutoffPassed(context.booking, context.now),
    timerReachesCutoff: ({ context }) => timerReaches(cutoffOf(context), context.now),
    timerReachesAppointment: ({ context }) => timerReaches(appointmentOf(context), context.now),
  },
  actions: {
    storeBooking: assign((_, booking: Reservation) => ({ booking, failure: null })),
    storeMove: assign(({ context }, booking: Reservation) => ({ booking, failure: null, movedFrom: context.booking })),
    requestTime: assign((_, request: Reschedule) => ({ requested: { startsAt: request.startsAt, artistId: request.artistId } })),
    noteFailure: assign((_, error: unknown) => ({ failure: bookingFailureOf(error) })),
    clearFailure: assign({ failure: null }),
    setNow: assign((_, now: number) => ({ now })),
    advanceClockToCutoff: assign(({ context }) => ({ now: context.now + timerStep(cutoffOf(context), context.now) })),
    advanceClockToAppointment: assign(({ context }) => ({ now: context.now + timerStep(appointmentOf(context), context.now) })),
  },
});

/** Transitions that several states of a booking share, typed by the machine's setup. */
const shared = lifecycle.createStateConfig({
  on: {
    // A failed call leaves both changes open, besides retrying the one that failed.
    'booking.reschedule': {
      guard: { type: 'mayReschedule', params: ({ event }) => ({ startsAt: event.startsAt, artistId: event.artistId }) },
      target: 'rescheduling',
      actions: [{ type: 'requestTime', params: ({ event }) => ({ startsAt: event.startsAt, artistId: event.artistId }) }, 'clearFailure'],
    },
    'booking.cancel': { guard: 'mayCancel', target: 'cancelling', actions: 'clearFailure' },
    // The appointment passing ends it all.
    'booking.clockTick': { guard: { type: 'passedAt', params: tickNow }, target: '#bookingLifecycle.expired', actions: { type: 'setNow', params: tickNow } },
    // A tick may have passed the cut-off while the failure was shown: no timer waits for a deadline already gone.
    'booking.dismiss': [
      { guard: 'cutoffPassedNow', target: 'cutoffPassed', actions: 'clearFailure' },
      { target: 'idle', actions: 'clearFailure' },
    ],
  },
});
const { 'booking.clockTick': expire, 'booking.dismiss': dismiss, ...changes } = shared.on;
export const bookingLifecycleMachine = lifecycle.createMachine({
  id: 'bookingLifecycle',
  context: ({ input }) => ({ confirmationNumber: input.confirmationNumber, now: input.now, booking: null, requested: null, failure: null, movedFrom: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadBooking',
        src: 'loadBooking',
        input: ({ context }) => ({ confirmationNumber: context.confirmationNumber }),
        onDone: [
          { guard: { type: 'isCancelled', params: ({ event }) => event.output }, target: 'cancelled', actions: { type: 'storeBooking', params: ({ event }) => event.output } },
          // A booking opened after its time is expired at once, whatever the server still calls it.
          { guard: { type: 'isExpired', params: ({ event }) => event.output }, target: 'expired', actions: { type: 'storeBooking', params: ({ event }) => event.output } },
          { guard: { type: 'isRescheduledPastCutoff', params: ({ event }) => event.output }, target: 'rescheduled.cutoffPassed', actions: { type: 'storeBooking', params: ({ event }) => event.output } },
          { guard: { type: 'isRescheduled', params: ({ event }) => event.output }, target: 'rescheduled', actions: { type: 'storeBooking', params: ({ event }) => event.output } },
          { guard: { type: 'isPastCutoff', params: ({ event }) => event.output }, target: 'confirmed.cutoffPassed', actions: { type: 'storeBooking', params: ({ event }) => event.output } },
          { target: 'confirmed', actions: { type: 'storeBooking', params: ({ event }) => event.output } },
        ],
        onError: { target: 'loadFailure', actions: { type: 'noteFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
    loadFailure: {
      tags: ['failure'],
      on: { 'booking.retry': { guard: 'mayRetryLoad', target: 'loading', actions: 'clearFailure' } },
    },
    confirmed: activeStatus(),
    rescheduled: activeStatus(),
    cancelled: { type: 'final' },
    expired: { type: 'final' },
  },
});

/**
 * Confirmed and rescheduled behave alike: changes until the cut-off, then none until the
 * appointment expires the booking. Entering one (again) restarts the timers for the new times.
 * Only the settled states keep timers: while a call is out, the server's answer decides.
 */
function activeStatus() {
  return lifecycle.createStateConfig({
    initial: 'idle',
    // Busy and failure states: the clock moves on, and the appointment passing ends it all.
    on: { 'booking.clockTick': [expire, { actions: { type: 'setNow', params: tickNow } }] },
    states: {
      idle: {
        after: {
          untilCutoff: [
            { guard: 'timerReachesCutoff', target: 'cutoffPassed', actions: 'advanceClockToCutoff' },
            // A far cut-off: count the time waited and wait again.
            { target: 'idle', reenter: true, actions: 'advanceClockToCutoff' },
          ],
        },
        on: {
          ...changes,
          'booking.clockTick': [
            expire,
            { guard: { type: 'cutoffPassedAt', params: tickNow }, target: 'cutoffPassed', actions: { type: 'setNow', params: tickNow } },
            // The timer restarts from the new time.
            { target: 'idle', reenter: true, actions: { type: 'setNow', params: tickNow } },
          ],
        },
      },
      rescheduling: {
        tags: ['busy', 'rescheduling'],
        invoke: {
          id: 'rescheduleBooking',
          src: 'rescheduleBooking',
          input: ({ context }) => ({ confirmationNumber: context.confirmationNumber, startsAt: context.requested?.startsAt ?? '', artistId: context.requested?.artistId ?? null }),
          onDone: [
            // By the clock the machine has now (ticks moved it while the call was out), the new time may have passed already…
            { guard: { type: 'isExpired', params: ({ event }) => event.output }, target: '#bookingLifecycle.expired', actions: { type: 'storeMove', params: ({ event }) => event.output } },
            // … or be within its cut-off: booked, but no further change.
            { guard: { type: 'isPastCutoff', params: ({ event }) => event.output }, target: '#bookingLifecycle.rescheduled.cutoffPassed', actions: { type: 'storeMove', params: ({ event }) => event.output } },
            { target: '#bookingLifecycle.rescheduled', reenter: true, actions: { type: 'storeMove', params: ({ event }) => event.output } },
          ],
          onError: { target: 'rescheduleFailure', actions: { type: 'noteFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
        },
      },
      rescheduleFailure: {
        tags: ['failure'],
        on: { ...changes, 'booking.retry': { guard: 'mayRetryReschedule', target: 'rescheduling', actions: 'clearFailure' }, 'booking.dismiss': dismiss },
      },
      cancelling: {
        tags: ['busy', 'cancelling'],
        invoke: {
          id: 'cancelBooking',
          src: 'cancelBooking',
          input: ({ context }) => ({ confirmationNumber: context.confirmationNumber }),
          onDone: { target: '#bookingLifecycle.cancelled', actions: { type: 'storeBooking', params: ({ event }) => event.output } },
          onError: { target: 'cancelFailure', actions: { type: 'noteFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
        },
      },
      cancelFailure: {
        tags: ['failure'],
        on: { ...changes, 'booking.retry': { guard: 'mayRetryCancel', target: 'cancelling', actions: 'clearFailure' }, 'booking.dismiss': dismiss },
      },
      /** Too close to the appointment for any change (`changeCutoffAt`): it only waits to expire. */
      cutoffPassed: {
        after: {
          untilAppointment: [
            { guard: 'timerReachesAppointment', target: '#bookingLifecycle.expired', actions: 'advanceClockToAppointment' },
            { target: 'cutoffPassed', reenter: true, actions: 'advanceClockToAppointment' },
          ],
        },
        on: { 'booking.clockTick': [expire, { target: 'cutoffPassed', reenter: true, actions: { type: 'setNow', params: tickNow } }] },
      },
    },
  });
}

type LifecycleSnapshot = SnapshotFrom<typeof bookingLifecycleMachine>;
type ChangeEvent = Extract<BookingLifecycleEvent, { type: 'booking.reschedule' | 'booking.cancel' | 'booking.retry' }>;

const inFailureOf = (snapshot: LifecycleSnapshot, change: BookingChange) =>
  snapshot.matches({ confirmed: `${change}Failure` }) || snapshot.matches({ rescheduled: `${change}Failure` });

/**
 * Why the booking refuses `event` now, from the same rules the machine's guards apply; null when
 * the event is accepted. The view shows this instead of restating the rule.
 */
export function blockedReason(snapshot: LifecycleSnapshot, event: ChangeEvent): MessageDescriptor | null {
  if (snapshot.can(event)) return null;
  const { context } = snapshot;
  if (snapshot.matches('loading')) return LOADING_REASON;
  if (snapshot.matches('loadFailure')) return (context.failure && LIFECYCLE_FAILURE_MESSAGES[context.failure]) ?? LOADING_REASON;
  if (snapshot.matches('cancelled')) return CANCELLED_REASON;
  if (snapshot.matches('expired')) return EXPIRED_REASON;
  if (snapshot.hasTag('busy')) return BUSY_REASON;
  const change: BookingChange = event.type === 'booking.retry' ? (inFailureOf(snapshot, 'cancel') ? 'cancel' : 'reschedule') : event.type === 'booking.reschedule' ? 'reschedule' : 'cancel';
  const refused = context.booking && changeRefusal(context.booking, context.now, change);
  if (refused) return CHANGE_REFUSAL_MESSAGES[refused];
  if (snapshot.matches({ confirmed: 'cutoffPassed' }) || snapshot.matches({ rescheduled: 'cutoffPassed' })) return CUTOFF_REASON;
  // A retry the server's refusal makes pointless: its reason (a time taken: choose another).
  return context.failure ? LIFECYCLE_FAILURE_MESSAGES[context.failure] : null;
}
