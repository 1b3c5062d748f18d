import { msg } from '@lingui/core/macro';
import { defineModel } from '../model/types.ts';
import {
  BOOKING_NOT_FOUND,
  CANCELLED_BOOKING,
  CLASS_BOOKING,
  CONFIRMED_BOOKING,
  CUTOFF_REFUSED,
  FAR_BOOKING,
  FAR_LOCKED_BOOKING,
  FAR_LOCKED_RESCHEDULED_BOOKING,
  FAR_RESCHEDULED_BOOKING,
  LIFECYCLE_INPUT,
  LOCKED_BOOKING,
  LOCKED_RESCHEDULED_BOOKING,
  NETWORK_ERROR,
  PAST_BOOKING,
  RESCHEDULE_TO,
  RESCHEDULED_BOOKING,
  TICK_AFTER,
  TICK_BEFORE,
  TICK_CUTOFF,
  TIME_TAKEN,
} from './booking-lifecycle.fixtures.ts';
import { bookingLifecycleMachine } from './booking-lifecycle.machine.ts';
import { appointmentPassed, cutoffPassed, timerReaches } from './booking-lifecycle.rules.ts';
import { isRetryable } from './booking.failure.ts';

const TICKS = [TICK_BEFORE, TICK_CUTOFF, TICK_AFTER];

export const BOOKING_LIFECYCLE_EVENTS = [
  { type: 'xstate.done.actor.loadBooking', output: CONFIRMED_BOOKING },
  { type: 'xstate.done.actor.loadBooking', output: RESCHEDULED_BOOKING },
  { type: 'xstate.done.actor.loadBooking', output: CANCELLED_BOOKING },
  { type: 'xstate.done.actor.loadBooking', output: PAST_BOOKING },
  { type: 'xstate.done.actor.loadBooking', output: LOCKED_BOOKING },
  { type: 'xstate.done.actor.loadBooking', output: LOCKED_RESCHEDULED_BOOKING },
  { type: 'xstate.done.actor.loadBooking', output: CLASS_BOOKING },
  { type: 'xstate.done.actor.loadBooking', output: FAR_BOOKING },
  { type: 'xstate.done.actor.loadBooking', output: FAR_LOCKED_BOOKING },
  { type: 'xstate.done.actor.loadBooking', output: FAR_RESCHEDULED_BOOKING },
  { type: 'xstate.done.actor.loadBooking', output: FAR_LOCKED_RESCHEDULED_BOOKING },
  { type: 'xstate.error.actor.loadBooking', error: NETWORK_ERROR },
  { type: 'xstate.error.actor.loadBooking', error: BOOKING_NOT_FOUND },
  { type: 'booking.retry' },
  { type: 'booking.reschedule', ...RESCHEDULE_TO },
  { type: 'xstate.done.actor.rescheduleBooking', output: RESCHEDULED_BOOKING },
  { type: 'xstate.done.actor.rescheduleBooking', output: LOCKED_RESCHEDULED_BOOKING },
  { type: 'xstate.error.actor.rescheduleBooking', error: NETWORK_ERROR },
  { type: 'xstate.error.actor.rescheduleBooking', error: TIME_TAKEN },
  { type: 'booking.cancel' },
  { type: 'xstate.done.actor.cancelBooking', output: CANCELLED_BOOKING },
  { type: 'xstate.error.actor.cancelBooking', error: NETWORK_ERROR },
  { type: 'xstate.error.actor.cancelBooking', error: CUTOFF_REFUSED },
  { type: 'booking.dismiss' },
  ...TICKS.map((now) => ({ type: 'booking.clockTick', now }) as const),
  { type: 'xstate.after.untilCutoff.bookingLifecycle.confirmed.idle' },
  { type: 'xstate.after.untilCutoff.bookingLifecycle.rescheduled.idle' },
  { type: 'xstate.after.untilAppointment.bookingLifecycle.confirmed.cutoffPassed' },
  { type: 'xstate.after.untilAppointment.bookingLifecycle.rescheduled.cutoffPassed' },
] as const;

export const bookingLifecycleModel = defineModel({
  id: 'bookingLifecycle',
  title: msg`Booking lifecycle`,
  description: msg`A booking is confirmed, rescheduled, cancelled or expired; changes close at the activity's cut-off, classes and events cannot be rescheduled, and an expired booking cannot be rescheduled or cancelled.`,
  machine: bookingLifecycleMachine,
  input: LIFECYCLE_INPUT,
  events: BOOKING_LIFECYCLE_EVENTS,
  // The booking as the guards see it: its status and kind, and the clock as they ask it (deadlines
  // passed now and at each tick of the model, timers that reach them); which booking it is does not
  // matter beyond that.
  serializeState: (snapshot) => {
    // A final state is only itself, whatever led there.
    if (snapshot.matches('cancelled') || snapshot.matches('expired')) return JSON.stringify(snapshot.value);
    const { booking, now, failure } = snapshot.context;
    const deadlines = (at: number) => booking && [appointmentPassed(booking, at), cutoffPassed(booking, at)];
    const timers = booking && [timerReaches(booking.appointmentAt, now), timerReaches(booking.changeCutoffAt, now)];
    // A failure counts while one is shown: whether Retry is offered.
    const retryable = snapshot.hasTag('failure') ? isRetryable(failure) : null;
    return JSON.stringify([snapshot.value, booking?.kind ?? null, deadlines(now), TICKS.map(deadlines), timers, retryable]);
  },
});
