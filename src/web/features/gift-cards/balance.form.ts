import * as v from 'valibot';
import { text, type AccountFormDefinition } from '../../../../machines/account/account-form.definition.ts';
import { FIELD_MESSAGES } from '../../../contract/account-constants.ts';
import { GiftCardCredentialsSchema } from '../../../contract/gift-cards.ts';

/**
 * The balance check's fields: the store's "Required field", then each field of the contract's own
 * schema (the code's 16 characters, dashes and spaces ignored; the PIN's 8 digits), field by field so
 * both are checked at once. What the server would refuse is never sent; its messages show as the
 * field's own words ("invalid").
 */
const BalanceFieldsSchema = v.object({
  code: v.pipe(v.string(), v.trim(), v.nonEmpty(FIELD_MESSAGES.required), GiftCardCredentialsSchema.entries.code),
  pin: v.pipe(v.string(), v.trim(), v.nonEmpty(FIELD_MESSAGES.required), GiftCardCredentialsSchema.entries.pin),
});

/** "Check a balance": a card's code and PIN, run by the account form machine like every form of the store. */
export const GIFT_CARD_BALANCE_FORM: AccountFormDefinition = {
  id: 'giftCardBalance',
  fields: ['code', 'pin'],
  defaults: { code: '', pin: '' },
  toPayload: (values) => ({ code: text(values, 'code'), pin: text(values, 'pin') }),
  schema: BalanceFieldsSchema,
};
