import { msg } from '@lingui/core/macro';
import { isBookingDetailsValid } from '../../src/contract/booking.ts';
import { defineModel } from '../model/types.ts';
import { FLOW_ARTISTS, FLOW_INPUT, NO_DATES, NO_TIMES, OTHER_DATE, RESERVATION, SLOTS_FOUND, VALID_DETAILS } from './booking-flow.fixtures.ts';
import { bookingFlowMachine, type BookingFlowEvent } from './booking-flow.machine.ts';

type ModelEvent =
  | BookingFlowEvent
  | { type: 'xstate.done.actor.fetchSlots'; output: unknown }
  | { type: 'xstate.error.actor.fetchSlots'; error: unknown }
  | { type: 'xstate.done.actor.fetchArtists'; output: unknown }
  | { type: 'xstate.error.actor.fetchArtists'; error: unknown }
  | { type: 'xstate.done.actor.createReservation'; output: unknown }
  | { type: 'xstate.error.actor.createReservation'; error: unknown }
  | { type: 'xstate.after.slotHold.bookingFlow.held' };

const fill: ModelEvent[] = Object.entries(VALID_DETAILS).map(([field, value]) => ({
  type: 'booking.change',
  field: field as keyof typeof VALID_DETAILS,
  value,
}));

const REQUIRED = Object.keys(VALID_DETAILS) as (keyof typeof VALID_DETAILS)[];

export const BOOKING_FLOW_EVENTS: readonly ModelEvent[] = [
  { type: 'booking.selectService', serviceId: FLOW_INPUT.services[0]?.id ?? '' },
  { type: 'xstate.done.actor.fetchSlots', output: SLOTS_FOUND },
  { type: 'xstate.done.actor.fetchSlots', output: NO_DATES },
  { type: 'xstate.done.actor.fetchSlots', output: NO_TIMES },
  { type: 'xstate.error.actor.fetchSlots', error: new Error('Network error') },
  { type: 'booking.retry' },
  { type: 'booking.selectDate', date: OTHER_DATE },
  { type: 'booking.selectSlot', slotId: SLOTS_FOUND.slots[0]?.id ?? '' },
  { type: 'booking.selectSlot', slotId: SLOTS_FOUND.slots[1]?.id ?? '' },
  { type: 'xstate.done.actor.fetchArtists', output: FLOW_ARTISTS },
  { type: 'xstate.error.actor.fetchArtists', error: new Error('Network error') },
  { type: 'booking.selectArtist', artistId: 'artist-siti' },
  ...fill,
  { type: 'booking.submit' },
  { type: 'xstate.done.actor.createReservation', output: RESERVATION },
  { type: 'xstate.error.actor.createReservation', error: new Error('Slot taken') },
  { type: 'booking.back' },
  { type: 'xstate.after.slotHold.bookingFlow.held' },
];

export const bookingFlowModel = defineModel({
  id: 'bookingFlow',
  title: msg`Service booking flow`,
  description: msg`Select a service, find a slot in the store's time zone, choose an artist, fill in the details and confirm; the slot is held for 10 minutes.`,
  machine: bookingFlowMachine,
  input: FLOW_INPUT,
  events: BOOKING_FLOW_EVENTS,
  // Which slot or artist was picked does not change what can happen next; how far the form is
  // filled in does, but only while it is shown.
  serializeState: (snapshot) => {
    const { context } = snapshot;
    const inForm = snapshot.hasTag('form');
    const filled = inForm ? REQUIRED.filter((field) => context.details[field] === VALID_DETAILS[field]).length : null;
    return JSON.stringify([
      snapshot.value,
      filled,
      inForm && isBookingDetailsValid(context.details),
      inForm && Object.keys(context.errors).length > 0,
      inForm && context.submitError !== null,
      context.notice !== null,
    ]);
  },
});
