import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FieldErrorCode } from '../../../../machines/account/account-form.definition.ts';
import type { CountryCode } from '../../../config/countries.ts';
import { EMAIL_MAX } from '../../../contract/account-constants.ts';
import { contactFieldMessage } from './contact-field-messages.ts';

/*
 * What a field of a guest's lookup (a booking's, an order's) says when it is refused: one message
 * per field, saying what to type; the email in the words of checkout and booking
 * (contact-field-messages.ts). lingui.config.ts lists this file under the booking and orders
 * catalogs, so its messages load with those screens and stay out of the first screen's catalog.
 */

/** The lookups' fields: an order's number, a booking's confirmation number, the email (or, for a booking, the email or phone) they were made with. */
export type LookupField = 'number' | 'confirmationNumber' | 'email' | 'contact';

export function lookupFieldError(field: LookupField, code: FieldErrorCode, country: CountryCode): MessageDescriptor {
  if (field === 'email') {
    if (code === 'required') return contactFieldMessage('email', 'required', { country });
    if (code === 'tooLong') return contactFieldMessage('email', 'tooLong', { country, max: EMAIL_MAX });
    return contactFieldMessage('email', 'invalidEmail', { country });
  }
  if (field === 'contact') {
    return code === 'tooLong' ? contactFieldMessage('email', 'tooLong', { country, max: EMAIL_MAX }) : msg`Enter the email or phone number you booked with.`;
  }
  // Empty or refused, a number says where to find it (the hint beside it shows what one looks like).
  return field === 'number' ? msg`Enter the order number from your order confirmation email.` : msg`Enter the confirmation number from your booking email.`;
}
