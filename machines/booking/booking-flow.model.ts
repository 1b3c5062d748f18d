import { msg } from '@lingui/core/macro';
import type { SnapshotFrom } from 'xstate';
import { defineModel } from '../model/types.ts';
import {
  DAYS_FOUND,
  FACIAL,
  FIRST_TIME,
  FLOW_INPUT,
  HOLD,
  HOLD_EXPIRED,
  MAKEUP_CLASS,
  MEMBER_CONTACT,
  NO_DAYS,
  NO_TIMES,
  OTHER_DATE,
  OTHER_STORE,
  RESERVATION,
  SERVER_ERROR,
  SKIN_ANSWER,
  SLOT_TAKEN,
  SOLD_OUT,
  TICK_EXPIRED,
  TICK_HELD,
  TIMES_FOUND,
  VALID_DETAILS,
} from './booking-flow.fixtures.ts';
import { NETWORK_ERROR } from './booking-lifecycle.fixtures.ts';
import { bookingFlowMachine, type BookingFlowEvent } from './booking-flow.machine.ts';

type ModelEvent =
  | BookingFlowEvent
  | { type: `xstate.done.actor.${'fetchDays' | 'fetchTimes' | 'holdSlot' | 'createReservation'}`; output: unknown }
  | { type: `xstate.error.actor.${'fetchDays' | 'fetchTimes' | 'holdSlot' | 'createReservation'}`; error: unknown }
  | { type: 'xstate.after.holdExpiry.bookingFlow.held.details' };

const fill: ModelEvent[] = Object.entries(VALID_DETAILS).map(([field, value]) => ({ type: 'booking.change', field: field as keyof typeof VALID_DETAILS, value }));
const REQUIRED = Object.keys(VALID_DETAILS) as (keyof typeof VALID_DETAILS)[];

export const BOOKING_FLOW_EVENTS: readonly ModelEvent[] = [
  { type: 'booking.selectActivity', activityId: FACIAL.id },
  { type: 'booking.selectActivity', activityId: MAKEUP_CLASS.id },
  { type: 'booking.selectStore', storeId: OTHER_STORE },
  { type: 'xstate.done.actor.fetchDays', output: DAYS_FOUND },
  { type: 'xstate.done.actor.fetchDays', output: NO_DAYS },
  { type: 'xstate.error.actor.fetchDays', error: NETWORK_ERROR },
  { type: 'booking.retry' },
  { type: 'xstate.done.actor.fetchTimes', output: TIMES_FOUND },
  { type: 'xstate.done.actor.fetchTimes', output: NO_TIMES },
  { type: 'xstate.error.actor.fetchTimes', error: NETWORK_ERROR },
  { type: 'booking.selectDate', date: OTHER_DATE },
  { type: 'booking.selectTime', startsAt: FIRST_TIME },
  { type: 'booking.selectArtist', artistId: 'artist-siti' },
  { type: 'booking.selectArtist', artistId: null },
  { type: 'xstate.done.actor.holdSlot', output: HOLD },
  { type: 'xstate.error.actor.holdSlot', error: SLOT_TAKEN },
  { type: 'xstate.error.actor.holdSlot', error: SOLD_OUT },
  { type: 'xstate.error.actor.holdSlot', error: NETWORK_ERROR },
  ...fill,
  { type: 'booking.answer', ...SKIN_ANSWER },
  { type: 'booking.submit' },
  { type: 'xstate.done.actor.createReservation', output: RESERVATION },
  { type: 'xstate.error.actor.createReservation', error: HOLD_EXPIRED },
  { type: 'xstate.error.actor.createReservation', error: SERVER_ERROR },
  { type: 'booking.back' },
  { type: 'xstate.after.holdExpiry.bookingFlow.held.details' },
];

/**
 * Offered on the details only, the one state where they decide something: the app's clock ticks,
 * and a member's contact arriving (it fills the name and email the path has not typed yet).
 */
const TICKS: readonly ModelEvent[] = [
  { type: 'booking.clockTick', now: TICK_HELD },
  { type: 'booking.clockTick', now: TICK_EXPIRED },
  { type: 'booking.prefill', contact: MEMBER_CONTACT },
];

type Snapshot = SnapshotFrom<typeof bookingFlowMachine>;

export const bookingFlowModel = defineModel({
  id: 'bookingFlow',
  title: msg`Booking flow`,
  description: msg`Select a service, class or event, find a day and a time in the store's time zone, choose an artist (services), hold the time on the server, fill in the details and questions and confirm; the hold ends at the server's expiry.`,
  machine: bookingFlowMachine,
  input: FLOW_INPUT,
  events: (snapshot: Snapshot) => (snapshot.matches({ held: 'details' }) ? [...BOOKING_FLOW_EVENTS, ...TICKS] : BOOKING_FLOW_EVENTS),
  // Which time or artist was picked does not change what can happen next, nor does the clock (the
  // ticks decide by their own time against the one hold), nor what is only shown (notices, errors);
  // how far the form is filled in does, but only while it is shown, and so does the kind of activity
  // (an artist step or not).
  serializeState: (snapshot) => {
    const { context } = snapshot;
    const answered = (context.activity?.questions ?? []).filter((question) => (context.answers[question.id] ?? '') !== '').length;
    const filled = snapshot.hasTag('form') ? REQUIRED.filter((field) => context.details[field] === VALID_DETAILS[field]).length + answered : null;
    return JSON.stringify([snapshot.value, context.activity?.kind ?? null, filled]);
  },
});
