import * as v from 'valibot';
import { text, type AccountFormDefinition } from '../../../../machines/account/account-form.definition.ts';
import { FIELD_MESSAGES } from '../../../contract/account-constants.ts';
import { BookingLookupSchema } from '../../../contract/reservations.ts';

/**
 * "Find your booking": a guest's confirmation number and the email it was booked with, run by the
 * account form machine like every form of the store; then the contract's own schema, so what the
 * server would refuse is never sent.
 */
const LookupFieldsSchema = v.object({
  confirmationNumber: v.pipe(v.string(), v.trim(), v.nonEmpty(FIELD_MESSAGES.required), v.maxLength(40, FIELD_MESSAGES.tooLong)),
  email: v.pipe(v.string(), v.trim(), v.nonEmpty(FIELD_MESSAGES.required), v.maxLength(254, FIELD_MESSAGES.tooLong), v.email(FIELD_MESSAGES.email)),
});

export const BOOKING_LOOKUP_FORM: AccountFormDefinition = {
  id: 'bookingLookup',
  fields: ['confirmationNumber', 'email'],
  defaults: { confirmationNumber: '', email: '' },
  toPayload: (values) => ({ confirmationNumber: text(values, 'confirmationNumber').toUpperCase(), email: text(values, 'email') }),
  schema: v.pipe(LookupFieldsSchema, BookingLookupSchema),
};
