import { ADDRESS_RULES } from '../config/addresses.ts';
import type { CountryCode } from '../config/countries.ts';
import type { AddressIssueCode } from './address.ts';

/*
 * The fields a shopper types their contact details and address into — at checkout and when booking
 * — and the one set of reasons either form refuses one, so both say the same words
 * (src/web/shared/forms/contact-field-messages.ts words them). The formats a message shows (a
 * postcode's digits, an example number) come from the country's rules (src/config/addresses.ts).
 * No valibot: the messages are read by form screens only.
 */

export type ContactField = 'fullName' | 'email' | 'phone' | 'line1' | 'line2' | 'city' | 'state' | 'postcode' | 'notes';

/** Why a contact or address field is refused: checkout's `AddressIssueCode` and the booking form's codes map onto these. */
export type ContactFieldIssue = 'required' | 'tooLong' | 'invalidEmail' | 'invalidPhone' | 'invalidPostcode' | 'unknownState';

export interface ContactFieldFormat {
  /** A phone number of the country as people there write it. */
  phoneExample: string;
  /** Null where the country has no postcodes. */
  postcode: { digits: number; example: string } | null;
}

/** What the country's phone numbers and postcodes look like, for the messages that say what to type. */
export function contactFieldFormat(country: CountryCode): ContactFieldFormat {
  const rule = ADDRESS_RULES[country];
  // Every postcode of the store's countries is all digits, and its example has as many as it takes.
  const postcode = rule.postcode ? { digits: rule.postcode.example.length, example: rule.postcode.example } : null;
  return { phoneExample: rule.phone.example, postcode };
}

/** Checkout's address issue codes (src/contract/address.ts) as the shared reasons. */
export const ADDRESS_ISSUE_REASONS = {
  required: 'required',
  too_long: 'tooLong',
  invalid_postcode: 'invalidPostcode',
  unknown_state: 'unknownState',
  invalid_phone: 'invalidPhone',
} as const satisfies Readonly<Record<AddressIssueCode, ContactFieldIssue>>;
