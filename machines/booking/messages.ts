import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { BookingFieldError } from '../../src/contract/booking.ts';

/** The form's error codes (src/contract/booking.ts) as the shopper reads them (spec §5). */
export const BOOKING_FIELD_ERROR_MESSAGES: Readonly<Record<BookingFieldError, MessageDescriptor>> = {
  required: msg`Required field`,
  invalidEmail: msg`Invalid email`,
  invalidPhone: msg`Invalid phone number`,
  tooLong: msg`Character limit exceeded`,
};
