import { msg } from '@lingui/core/macro';
import { defineModel } from '../model/types.ts';
import {
  CANCELLED_BOOKING,
  CONFIRMED_BOOKING,
  FAR_BOOKING,
  FAR_RESCHEDULED_BOOKING,
  LIFECYCLE_INPUT,
  PAST_BOOKING,
  RESCHEDULE_SLOT_ID,
  RESCHEDULED_BOOKING,
  TICK_AFTER,
  TICK_BEFORE,
} from './booking-lifecycle.fixtures.ts';
import { bookingLifecycleMachine } from './booking-lifecycle.machine.ts';

export const BOOKING_LIFECYCLE_EVENTS = [
  { type: 'xstate.done.actor.loadBooking', output: CONFIRMED_BOOKING },
  { type: 'xstate.done.actor.loadBooking', output: RESCHEDULED_BOOKING },
  { type: 'xstate.done.actor.loadBooking', output: CANCELLED_BOOKING },
  { type: 'xstate.done.actor.loadBooking', output: PAST_BOOKING },
  { type: 'xstate.done.actor.loadBooking', output: FAR_BOOKING },
  { type: 'xstate.done.actor.loadBooking', output: FAR_RESCHEDULED_BOOKING },
  { type: 'xstate.error.actor.loadBooking', error: new Error('Network error') },
  { type: 'booking.retry' },
  { type: 'booking.reschedule', slotId: RESCHEDULE_SLOT_ID },
  { type: 'xstate.done.actor.rescheduleBooking', output: RESCHEDULED_BOOKING },
  { type: 'xstate.error.actor.rescheduleBooking', error: new Error('Slot taken') },
  { type: 'booking.cancel' },
  { type: 'xstate.done.actor.cancelBooking', output: CANCELLED_BOOKING },
  { type: 'xstate.error.actor.cancelBooking', error: new Error('Server error') },
  { type: 'booking.dismiss' },
  { type: 'booking.clockTick', now: TICK_BEFORE },
  { type: 'booking.clockTick', now: TICK_AFTER },
  { type: 'xstate.after.untilAppointment.bookingLifecycle.confirmed' },
  { type: 'xstate.after.untilAppointment.bookingLifecycle.rescheduled' },
] as const;

export const bookingLifecycleModel = defineModel({
  id: 'bookingLifecycle',
  title: msg`Booking lifecycle`,
  description: msg`A booking is confirmed, rescheduled, cancelled or expired; an expired booking cannot be rescheduled or cancelled.`,
  machine: bookingLifecycleMachine,
  input: LIFECYCLE_INPUT,
  events: BOOKING_LIFECYCLE_EVENTS,
  // The clock only matters as "before or after the appointment", which the state already says.
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.booking?.status ?? null, snapshot.context.booking?.appointmentAt ?? null]),
});
