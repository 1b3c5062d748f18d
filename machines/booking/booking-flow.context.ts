import { EMPTY_BOOKING_DETAILS, bookingAnswerErrors, isBookingDetailsValid, type BookingDetails } from '../../src/contract/booking.ts';
import type { FlowNotice } from './booking-flow.rules.ts';
import type { BookingFlowContext, BookingFlowInput } from './booking-flow.types.ts';

/* The booking flow's context: how it starts from the input, and the readings its guards and actions share. */

/** The zone of a store of the flow's list. */
export const zoneOf = (stores: BookingFlowContext['stores'], storeId: string) => stores.find((store) => store.id === storeId)?.timeZone ?? null;
export const questionsOf = (context: BookingFlowContext) => context.activity?.questions ?? [];
export const findSlot = (context: BookingFlowContext, startsAt: string) => context.slots.find((slot) => slot.startsAt === startsAt);

/** The details and the answers are what the shopper typed: both must pass before anything is sent. */
export function formValid(context: BookingFlowContext): context is BookingFlowContext & { details: BookingDetails } {
  return isBookingDetailsValid(context.details) && Object.keys(bookingAnswerErrors(questionsOf(context), context.answers)).length === 0;
}

/** Back at the times: the chosen time and its hold are gone, with the notice saying why. */
export const loseTime = (notice: FlowNotice) => ({ notice, hold: null, slot: null, artist: null });

/** The flow as it starts: at the input's store (its zone labels the times), nothing chosen yet. */
export function initialContext(input: BookingFlowInput): BookingFlowContext {
  return {
    storeId: input.storeId,
    stores: input.stores,
    activities: input.activities,
    activity: null,
    now: input.now,
    window: null,
    days: [],
    timeZone: zoneOf(input.stores, input.storeId),
    date: null,
    slots: [],
    slot: null,
    artist: null,
    hold: null,
    details: EMPTY_BOOKING_DETAILS,
    errors: {},
    answers: {},
    answerErrors: {},
    submitAttempts: 0,
    notice: null,
    submitFailed: false,
    reservation: null,
  };
}
