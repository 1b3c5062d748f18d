import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CountryCode } from '../../../config/countries.ts';
import { contactFieldFormat, type ContactField, type ContactFieldIssue } from '../../../contract/contact-fields.ts';

/*
 * What a refused contact or address field says, at checkout and when booking alike: one message
 * per field, saying what to type ("Enter a 6-digit postcode, like 238801"), with the country's
 * formats (src/contract/contact-fields.ts). lingui.config.ts lists this file under the checkout
 * and booking catalogs, so its messages load with those screens and stay off the first screens.
 */

export interface ContactFieldContext {
  country: CountryCode;
  /** The field's longest value, for `tooLong`. */
  max?: number;
}

/** The message of `field` refused for `issue`, in the shopper's words. */
export function contactFieldMessage(field: ContactField, issue: ContactFieldIssue, { country, max }: ContactFieldContext): MessageDescriptor {
  const { phoneExample, postcode } = contactFieldFormat(country);
  const digits = postcode?.digits ?? 0;
  const example = postcode?.example ?? '';
  switch (issue) {
    case 'tooLong':
      return max === undefined ? msg`This is too long: shorten it.` : msg`Use at most ${max} characters.`;
    case 'invalidEmail':
      return msg`Enter an email address like name@example.com.`;
    case 'invalidPhone':
      return msg`Enter a phone number like ${phoneExample}.`;
    case 'invalidPostcode':
      return postcode ? msg`Enter a ${digits}-digit postcode, like ${example}.` : msg`Leave the postcode empty: there are no postcodes here.`;
    case 'unknownState':
      return msg`Choose one from the list.`;
    case 'required':
      return requiredMessage(field, { phoneExample, digits, example, hasPostcode: postcode !== null });
  }
}

function requiredMessage(field: ContactField, { phoneExample, digits, example, hasPostcode }: { phoneExample: string; digits: number; example: string; hasPostcode: boolean }): MessageDescriptor {
  switch (field) {
    case 'fullName':
      return msg`Enter your full name.`;
    case 'email':
      return msg`Enter your email address, like name@example.com.`;
    case 'phone':
      return msg`Enter your phone number, like ${phoneExample}.`;
    case 'line1':
      return msg`Enter the street and number.`;
    case 'city':
      return msg`Enter your town or city.`;
    case 'state':
      return msg`Choose one from the list.`;
    case 'postcode':
      return hasPostcode ? msg`Enter a ${digits}-digit postcode, like ${example}.` : msg`Leave the postcode empty: there are no postcodes here.`;
    case 'line2':
    case 'notes':
      return msg`Fill in this field.`;
  }
}
