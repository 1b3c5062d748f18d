import * as v from 'valibot';
import { text, type AccountFormDefinition } from '../../../../machines/account/account-form.definition.ts';
import { FIELD_MESSAGES } from '../../../contract/account-constants.ts';
import { BOOKING_LIMITS } from '../../../contract/booking.ts';
import { BookingLookupSchema, type BookingLookup } from '../../../contract/reservations.ts';

/**
 * "Find your booking": a guest's confirmation number and the email or phone number it was booked
 * with (one field: an address has an @, a phone number has none), run by the account form machine
 * like every form of the store; the field is checked as the shopper typed it, then sent as the
 * contract's `email` or `phone` and checked with the contract's own schema, so what the server
 * would refuse is never sent.
 */
const LookupFieldsSchema = v.object({
  confirmationNumber: v.pipe(v.string(), v.trim(), v.nonEmpty(FIELD_MESSAGES.required), v.maxLength(40, FIELD_MESSAGES.tooLong)),
  contact: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(FIELD_MESSAGES.required),
    v.maxLength(254, FIELD_MESSAGES.tooLong),
    v.check((contact) => !contact.includes('@') || v.is(v.pipe(v.string(), v.email()), contact), FIELD_MESSAGES.email),
    v.check((contact) => contact.includes('@') || contact.length <= BOOKING_LIMITS.phone, FIELD_MESSAGES.tooLong),
  ),
});

export const BOOKING_LOOKUP_FORM: AccountFormDefinition = {
  id: 'bookingLookup',
  fields: ['confirmationNumber', 'contact'],
  defaults: { confirmationNumber: '', contact: '' },
  toPayload: (values) => ({ confirmationNumber: text(values, 'confirmationNumber').toUpperCase(), contact: text(values, 'contact') }),
  schema: v.pipe(
    LookupFieldsSchema,
    v.transform(({ confirmationNumber, contact }): BookingLookup => (contact.includes('@') ? { confirmationNumber, email: contact } : { confirmationNumber, phone: contact })),
    BookingLookupSchema,
  ),
};
