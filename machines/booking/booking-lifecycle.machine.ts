import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { Booking } from '../../src/contract/booking.ts';

/** The app provides these (`machine.provide({ actors })`); the defaults only say so. */
export const loadBooking = fromPromise<Booking, { bookingId: string }>(async () => {
  throw new Error('bookingLifecycle: provide the `loadBooking` actor');
});
export interface RescheduleRequest {
  bookingId: string;
  slotId: string;
}
export const rescheduleBooking = fromPromise<Booking, RescheduleRequest>(async () => {
  throw new Error('bookingLifecycle: provide the `rescheduleBooking` actor');
});
export const cancelBooking = fromPromise<Booking, { bookingId: string }>(async () => {
  throw new Error('bookingLifecycle: provide the `cancelBooking` actor');
});

export interface BookingLifecycleInput {
  bookingId: string;
  /** Current time (epoch ms) when the screen opens; `booking.clockTick` moves it on. */
  now: number;
}

export interface BookingLifecycleContext {
  bookingId: string;
  now: number;
  booking: Booking | null;
  /** The slot of the reschedule in flight (kept for a retry). */
  requestedSlotId: string | null;
}

/** What the view reads off a state: a call in flight, a failure to offer a retry for, which change runs. */
export type LifecycleTag = 'busy' | 'failure' | 'rescheduling' | 'cancelling';

export type BookingLifecycleEvent =
  | { type: 'booking.reschedule'; slotId: string }
  | { type: 'booking.cancel' }
  | { type: 'booking.retry' }
  | { type: 'booking.dismiss' }
  | { type: 'booking.clockTick'; now: number };

function appointmentTime(context: BookingLifecycleContext): number {
  return context.booking ? Date.parse(context.booking.appointmentAt) : Number.POSITIVE_INFINITY;
}

/** How long the next expiry timer waits: the time left, at most `LONGEST_TIMER_MS`. */
function timerStep(context: BookingLifecycleContext): number {
  return Math.min(LONGEST_TIMER_MS, Math.max(0, appointmentTime(context) - context.now));
}

/**
 * Browsers fire a `setTimeout` longer than about 24.8 days at once: a far appointment is waited
 * for in steps of at most this long.
 */
export const LONGEST_TIMER_MS = 20 * 24 * 60 * 60 * 1000;

/** The rule behind "an expired booking cannot be rescheduled or cancelled" (spec §4). */
export function appointmentPassed(context: BookingLifecycleContext, now = context.now): boolean {
  return appointmentTime(context) <= now;
}

/** Why `appointmentNotPassed` refuses: shown next to the disabled Reschedule and Cancel buttons. */
export const EXPIRED_REASON: MessageDescriptor = msg`This booking has expired: its appointment time has passed, so it can no longer be rescheduled or cancelled.`;
export const CANCELLED_REASON: MessageDescriptor = msg`This booking has been cancelled.`;
export const BUSY_REASON: MessageDescriptor = msg`Please wait: your last change is still being saved.`;
export const LOADING_REASON: MessageDescriptor = msg`The booking is still loading.`;

/**
 * A booking once made: confirmed → rescheduled (again and again) → cancelled; confirmed or
 * rescheduled → expired when the appointment time passes (a timer for the time left, and
 * `booking.clockTick` for a clock that moved on while the tab slept). Reschedule and cancel are
 * server calls with pending and failure states; expired and cancelled are final.
 */
export const bookingLifecycleMachine = setup({
  types: {
    context: {} as BookingLifecycleContext,
    events: {} as BookingLifecycleEvent,
    input: {} as BookingLifecycleInput,
    tags: {} as LifecycleTag,
  },
  actors: { loadBooking, rescheduleBooking, cancelBooking },
  delays: {
    // Time left until the appointment, from the machine's own clock (never below 0).
    untilAppointment: ({ context }) => timerStep(context),
  },
  guards: {
    isCancelled: (_, booking: Booking) => booking.status === 'cancelled',
    isExpired: ({ context }, booking: Booking) => booking.status === 'expired' || appointmentPassed({ ...context, booking }),
    isRescheduled: (_, booking: Booking) => booking.status === 'rescheduled',
    appointmentNotPassed: ({ context }) => !appointmentPassed(context),
    passedAt: ({ context }, now: number) => appointmentPassed(context, now),
    timerReachesAppointment: ({ context }) => appointmentTime(context) - context.now <= LONGEST_TIMER_MS,
  },
  actions: {
    storeBooking: assign((_, booking: Booking) => ({ booking })),
    requestSlot: assign((_, slotId: string) => ({ requestedSlotId: slotId })),
    setNow: assign((_, now: number) => ({ now })),
    advanceClockByTimer: assign(({ context }) => ({ now: context.now + timerStep(context) })),
  },
}).createMachine({
  id: 'bookingLifecycle',
  context: ({ input }) => ({ bookingId: input.bookingId, now: input.now, booking: null, requestedSlotId: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadBooking',
        src: 'loadBooking',
        input: ({ context }) => ({ bookingId: context.bookingId }),
        onDone: [
          { guard: { type: 'isCancelled', params: ({ event }) => event.output }, target: 'cancelled', actions: { type: 'storeBooking', params: ({ event }) => event.output } },
          // A booking opened after its time is expired at once, whatever the server still calls it.
          { guard: { type: 'isExpired', params: ({ event }) => event.output }, target: 'expired', actions: { type: 'storeBooking', params: ({ event }) => event.output } },
          { guard: { type: 'isRescheduled', params: ({ event }) => event.output }, target: 'rescheduled', actions: { type: 'storeBooking', params: ({ event }) => event.output } },
          { target: 'confirmed', actions: { type: 'storeBooking', params: ({ event }) => event.output } },
        ],
        onError: 'loadFailure',
      },
    },
    loadFailure: {
      tags: ['failure'],
      on: { 'booking.retry': 'loading' },
    },
    confirmed: activeStatus('confirmed'),
    rescheduled: activeStatus('rescheduled'),
    cancelled: { type: 'final' },
    expired: { type: 'final' },
  },
});

/**
 * Confirmed and rescheduled behave alike: both can be rescheduled or cancelled until the
 * appointment passes. Entering one (again) restarts the timer for the new appointment time.
 */
function activeStatus(status: 'confirmed' | 'rescheduled') {
  // A failed call leaves both changes open, besides retrying the one that failed.
  const changes = {
    'booking.reschedule': {
      guard: 'appointmentNotPassed' as const,
      target: 'rescheduling',
      actions: { type: 'requestSlot' as const, params: ({ event }: { event: { slotId: string } }) => event.slotId },
    },
    'booking.cancel': { guard: 'appointmentNotPassed' as const, target: 'cancelling' },
  };
  return {
    initial: 'idle' as const,
    after: {
      untilAppointment: [
        { guard: 'timerReachesAppointment' as const, target: '#bookingLifecycle.expired' },
        // A far appointment: count the time waited and wait again.
        { target: `#bookingLifecycle.${status}`, reenter: true, actions: 'advanceClockByTimer' as const },
      ],
    },
    on: {
      'booking.clockTick': [
        { guard: { type: 'passedAt' as const, params: ({ event }: { event: { now: number } }) => event.now }, target: '#bookingLifecycle.expired', actions: { type: 'setNow' as const, params: ({ event }: { event: { now: number } }) => event.now } },
        { actions: { type: 'setNow' as const, params: ({ event }: { event: { now: number } }) => event.now } },
      ],
    },
    states: {
      idle: { on: changes },
      rescheduling: {
        tags: ['busy', 'rescheduling'] as LifecycleTag[],
        invoke: {
          id: 'rescheduleBooking',
          src: 'rescheduleBooking' as const,
          input: ({ context }: { context: BookingLifecycleContext }) => ({ bookingId: context.bookingId, slotId: context.requestedSlotId ?? '' }),
          onDone: { target: '#bookingLifecycle.rescheduled', reenter: true, actions: { type: 'storeBooking' as const, params: ({ event }: { event: { output: Booking } }) => event.output } },
          onError: 'rescheduleFailure',
        },
      },
      rescheduleFailure: {
        tags: ['failure'] as LifecycleTag[],
        on: {
          ...changes,
          'booking.retry': { guard: 'appointmentNotPassed' as const, target: 'rescheduling' },
          'booking.dismiss': 'idle',
        },
      },
      cancelling: {
        tags: ['busy', 'cancelling'] as LifecycleTag[],
        invoke: {
          id: 'cancelBooking',
          src: 'cancelBooking' as const,
          input: ({ context }: { context: BookingLifecycleContext }) => ({ bookingId: context.bookingId }),
          onDone: { target: '#bookingLifecycle.cancelled', actions: { type: 'storeBooking' as const, params: ({ event }: { event: { output: Booking } }) => event.output } },
          onError: 'cancelFailure',
        },
      },
      cancelFailure: {
        tags: ['failure'] as LifecycleTag[],
        on: {
          ...changes,
          'booking.retry': { guard: 'appointmentNotPassed' as const, target: 'cancelling' },
          'booking.dismiss': 'idle',
        },
      },
    },
  };
}

type LifecycleSnapshot = SnapshotFrom<typeof bookingLifecycleMachine>;
type ChangeEvent = Extract<BookingLifecycleEvent, { type: 'booking.reschedule' | 'booking.cancel' | 'booking.retry' }>;

/**
 * Why the booking refuses `event` now, from the same rules the machine's guards apply; null when
 * the event is accepted. The view shows this instead of restating the rule.
 */
export function blockedReason(snapshot: LifecycleSnapshot, event: ChangeEvent): MessageDescriptor | null {
  if (snapshot.can(event)) return null;
  if (snapshot.matches('cancelled')) return CANCELLED_REASON;
  if (snapshot.matches('expired') || appointmentPassed(snapshot.context)) return EXPIRED_REASON;
  if (snapshot.matches('loading') || snapshot.matches('loadFailure')) return LOADING_REASON;
  return BUSY_REASON;
}
