import { setupI18n } from '@lingui/core';
import { describe, expect, test } from 'vitest';
import { ADDRESS_RULES } from '../../src/config/addresses.ts';
import { COUNTRY_CODES, type CountryCode } from '../../src/config/countries.ts';
import { addressIssues, normalizePhone } from '../../src/contract/address.ts';
import type { Address } from '../../src/contract/checkout.ts';
import type { ContactField, ContactFieldIssue } from '../../src/contract/contact-fields.ts';
import { contactFieldMessage } from '../../src/web/shared/forms/contact-field-messages.ts';

/*
 * The messages of refused contact and address fields, shared by checkout and the booking form:
 * each says what to type, in the country's format, and the format it states is the one the rules
 * accept (a wrong digit count or example would send the shopper round in circles).
 */
const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
const say = (field: ContactField, issue: ContactFieldIssue, country: CountryCode, max?: number) => i18n._(contactFieldMessage(field, issue, { country, ...(max === undefined ? {} : { max }) }));

/** A Singapore-valid address with the country's example postcode and phone. */
function addressIn(country: CountryCode, postcode: string): Address {
  const rule = ADDRESS_RULES[country];
  return { fullName: 'Mei Lim', phone: rule.phone.example, line1: '1 Orchard Road', line2: '', city: 'Town', state: rule.states?.options[0]?.code ?? '', postcode };
}
const postcodeIssue = (country: CountryCode, postcode: string) => addressIssues(country, addressIn(country, postcode), { street: true }).find((issue) => issue.field === 'postcode')?.code ?? null;

describe('postcodes: "Enter a 6-digit postcode, like 238801", true to each country’s rule', () => {
  test('Singapore says six digits, like 238801', () => {
    expect(say('postcode', 'invalidPostcode', 'SG')).toBe('Enter a 6-digit postcode, like 238801.');
    expect(say('postcode', 'required', 'SG')).toBe('Enter a 6-digit postcode, like 238801.');
  });

  test.each(COUNTRY_CODES.filter((country) => ADDRESS_RULES[country].postcode !== null))('%s: the digits and the example it names are what the rule accepts', (country) => {
    const message = say('postcode', 'invalidPostcode', country);
    const [, digits, example] = /^Enter a (\d+)-digit postcode, like (\d+)\.$/.exec(message) ?? [];
    expect(digits, message).toBeDefined();
    const n = Number(digits);
    expect(example).toBe(ADDRESS_RULES[country].postcode?.example);
    expect(postcodeIssue(country, example ?? '')).toBeNull();
    expect(postcodeIssue(country, '1'.repeat(n))).toBeNull();
    expect(postcodeIssue(country, '1'.repeat(n - 1))).toBe('invalid_postcode');
    expect(postcodeIssue(country, '1'.repeat(n + 1))).toBe('invalid_postcode');
  });

  test('Hong Kong has no postcodes: the message says to leave it empty', () => {
    expect(ADDRESS_RULES.HK.postcode).toBeNull();
    expect(say('postcode', 'invalidPostcode', 'HK')).toBe('Leave the postcode empty: there are no postcodes here.');
  });
});

describe('phone numbers: an example of the country that its rule accepts', () => {
  test.each(COUNTRY_CODES)('%s', (country) => {
    const example = ADDRESS_RULES[country].phone.example;
    expect(say('phone', 'invalidPhone', country)).toBe(`Enter a phone number like ${example}.`);
    expect(say('phone', 'required', country)).toBe(`Enter your phone number, like ${example}.`);
    expect(normalizePhone(country, example)).not.toBeNull();
  });
});

describe('one message per field and reason, each saying what to do', () => {
  test('a missing value names the field it is for', () => {
    const fields: ContactField[] = ['fullName', 'email', 'phone', 'line1', 'city', 'postcode'];
    const texts = fields.map((field) => say(field, 'required', 'SG'));
    expect(new Set(texts).size).toBe(fields.length);
    for (const text of texts) expect(text).toMatch(/^(Enter|Choose) /);
    expect(say('fullName', 'required', 'SG')).toBe('Enter your full name.');
    expect(say('state', 'unknownState', 'MY')).toBe('Choose one from the list.');
  });

  test('an email and a too long value say how to put it right', () => {
    expect(say('email', 'invalidEmail', 'TH')).toBe('Enter an email address like name@example.com.');
    expect(say('line1', 'tooLong', 'AU', 100)).toBe('Use at most 100 characters.');
  });
});
