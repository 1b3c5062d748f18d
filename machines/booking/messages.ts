import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { BookingAnswerError, BookingFieldError } from '../../src/contract/booking.ts';
import type { BookingCallFailure } from './booking.failure.ts';
import type { ActivityRefusal, FlowNotice, StoreRefusal } from './booking-flow.rules.ts';
import type { ChangeRefusal } from './booking-lifecycle.rules.ts';

/** The form's error codes (src/contract/booking.ts) as the shopper reads them (spec §5). */
export const BOOKING_FIELD_ERROR_MESSAGES: Readonly<Record<BookingFieldError, MessageDescriptor>> = {
  required: msg`Required field`,
  invalidEmail: msg`Invalid email`,
  invalidPhone: msg`Invalid phone number`,
  tooLong: msg`Character limit exceeded`,
  contactRequired: msg`Enter an email or a phone number, so that you can find and change your booking`,
};

/** An answer to one of the activity's questions, refused (the same words as the form's fields where they mean the same). */
export const BOOKING_ANSWER_ERROR_MESSAGES: Readonly<Record<BookingAnswerError, MessageDescriptor>> = {
  required: BOOKING_FIELD_ERROR_MESSAGES.required,
  tooLong: BOOKING_FIELD_ERROR_MESSAGES.tooLong,
  notAnOption: msg`Choose one of the options`,
};

export const ACTIVITY_REFUSAL_MESSAGES: Readonly<Record<ActivityRefusal, MessageDescriptor>> = {
  notOfferedHere: msg`Not offered at this store.`,
};

/** Why a store of the picker cannot be chosen for the activity picked (an unknown store is never offered). */
export const STORE_REFUSAL_MESSAGES: Readonly<Record<Exclude<StoreRefusal, 'unknownStore'>, MessageDescriptor>> = {
  notOfferedHere: msg`This store does not offer it.`,
};

/** Why the flow is back at the times: the hold ran out, or the server refused to hold the time. */
export const FLOW_NOTICE_MESSAGES: Readonly<Record<FlowNotice, MessageDescriptor>> = {
  holdExpired: msg`Your reserved time slot has expired; please choose another.`,
  slotTaken: msg`Sorry, that time was just taken. Please choose another.`,
  soldOut: msg`Sorry, that session is sold out. Please choose another time.`,
  unavailable: msg`That time can no longer be booked. Please choose another.`,
  holdFailed: msg`We could not hold that time for you. Please try again.`,
};

export const SUBMIT_FAILED_MESSAGE: MessageDescriptor = msg`We could not complete your booking. Please check your details and try again.`;

/** Why a booking cannot be rescheduled or cancelled (the lifecycle's guards, `changeRefusal`), shown beside the disabled buttons. */
export const EXPIRED_REASON: MessageDescriptor = msg`This booking has expired: its appointment time has passed, so it can no longer be rescheduled or cancelled.`;
export const CANCELLED_REASON: MessageDescriptor = msg`This booking has been cancelled.`;
export const CUTOFF_REASON: MessageDescriptor = msg`It is too close to the appointment: this booking can no longer be rescheduled or cancelled.`;
export const NOT_RESCHEDULABLE_REASON: MessageDescriptor = msg`Classes and events cannot be rescheduled: cancel this booking and book another session.`;
export const BUSY_REASON: MessageDescriptor = msg`Please wait: your last change is still being saved.`;
export const LOADING_REASON: MessageDescriptor = msg`The booking is still loading.`;

export const CHANGE_REFUSAL_MESSAGES: Readonly<Record<ChangeRefusal, MessageDescriptor>> = {
  expired: EXPIRED_REASON,
  cutoffPassed: CUTOFF_REASON,
  cancelled: CANCELLED_REASON,
  notReschedulable: NOT_RESCHEDULABLE_REASON,
};

const TIME_TAKEN: MessageDescriptor = msg`That time was just taken. Please choose another time.`;
const TIME_UNAVAILABLE: MessageDescriptor = msg`That time cannot be booked. Please choose another time.`;

/**
 * Why the server refused a load, a reschedule or a cancellation, in the shopper's words; null for a
 * failure it did not explain (the view says the change failed and offers Retry).
 */
export const LIFECYCLE_FAILURE_MESSAGES: Readonly<Record<BookingCallFailure, MessageDescriptor | null>> = {
  booking_expired: EXPIRED_REASON,
  change_cutoff_passed: CUTOFF_REASON,
  booking_cancelled: CANCELLED_REASON,
  not_reschedulable: NOT_RESCHEDULABLE_REASON,
  slot_taken: TIME_TAKEN,
  sold_out: TIME_TAKEN,
  outside_booking_window: TIME_UNAVAILABLE,
  not_offered: TIME_UNAVAILABLE,
  hold_expired: null,
  notFound: msg`We could not find this booking. Please check the link or look it up again.`,
  failed: null,
};
