import * as v from 'valibot';
import { text, type AccountFormDefinition } from '../../../../machines/account/account-form.definition.ts';
import { FIELD_MESSAGES } from '../../../contract/account-constants.ts';
import { EMAIL_MAX, OrderLookupSchema } from '../../../contract/checkout.ts';

/** Longest order number the lookup takes (`OrderLookupSchema`'s limit, checked again by it below). */
const ORDER_NUMBER_MAX = 30;

/**
 * The lookup's fields with the store's field messages ("Required field", "Invalid email"), which
 * the form machine turns into the codes every form shows; then the contract's own schema, so what
 * the server would refuse is never sent (a rule of its that these miss shows as "Check this value").
 */
const LookupFieldsSchema = v.object({
  number: v.pipe(v.string(), v.trim(), v.nonEmpty(FIELD_MESSAGES.required), v.maxLength(ORDER_NUMBER_MAX, FIELD_MESSAGES.tooLong)),
  email: v.pipe(v.string(), v.trim(), v.nonEmpty(FIELD_MESSAGES.required), v.maxLength(EMAIL_MAX, FIELD_MESSAGES.tooLong), v.email(FIELD_MESSAGES.email)),
});

/**
 * "Find your order": a guest's order number and the email it was placed with, run by the account
 * form machine (machines/account/account-form.machine.ts) like every form of the store.
 */
export const ORDER_LOOKUP_FORM: AccountFormDefinition = {
  id: 'orderLookup',
  fields: ['number', 'email'],
  defaults: { number: '', email: '' },
  toPayload: (values) => ({ number: text(values, 'number'), email: text(values, 'email') }),
  schema: v.pipe(LookupFieldsSchema, OrderLookupSchema),
};
