import type { BookingRefusal } from '../../contract/reservations.ts';
import { ApiError } from '../http/errors.ts';

/*
 * Happening's 4xx answers, each with the `code` the SPA says in the shopper's words. Thrown inside a
 * transaction, they roll it back.
 */

const REFUSAL_MESSAGES: Readonly<Record<BookingRefusal, string>> = {
  slot_taken: 'This time was just taken',
  sold_out: 'This session is sold out',
  hold_expired: 'The hold on this time ran out: choose a time again',
  outside_booking_window: 'This time cannot be booked: it is in the past or too far ahead',
  not_offered: 'This activity is not offered at this time and store',
  booking_expired: 'This booking has expired: its appointment time has passed',
  change_cutoff_passed: 'This booking can no longer be changed: the change cut-off has passed',
  booking_cancelled: 'This booking has been cancelled',
  not_reschedulable: 'Classes and events are cancelled and booked again, not rescheduled',
};

export function refused(code: BookingRefusal): ApiError {
  return new ApiError(409, REFUSAL_MESSAGES[code], undefined, { code });
}

export const activityNotFound = () => new ApiError(404, 'No such activity in this country', undefined, { code: 'activity_not_found' });
export const storeNotFound = () => new ApiError(404, 'No such store in this country', undefined, { code: 'store_not_found' });
export const holdNotFound = () => new ApiError(404, 'No such hold', undefined, { code: 'hold_not_found' });
export const bookingNotFound = () => new ApiError(404, 'No such booking', undefined, { code: 'booking_not_found' });
