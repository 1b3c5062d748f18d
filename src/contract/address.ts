import { ADDRESS_FIELD_MAX, ADDRESS_RULES, PHONE_MAX } from '../config/addresses.ts';
import { FREE_SHIPPING_THRESHOLDS } from '../config/cart.ts';
import { COUNTRY_CODES, type CountryCode } from '../config/countries.ts';
import { DELIVERY_RATES } from '../config/delivery.ts';
import type { Address } from './checkout.ts';

/*
 * Checking a delivery address and pricing its delivery (issue 13), over the country data of
 * src/config (addresses.ts, delivery.ts). Pure functions, so the server's 400 and the SPA's form
 * say the same thing about the same address: no country appears in this file, only in the data.
 */

export type AddressIssueCode = 'required' | 'too_long' | 'invalid_postcode' | 'unknown_state' | 'invalid_phone';
export type AddressField = 'fullName' | 'phone' | 'line1' | 'line2' | 'city' | 'state' | 'postcode';

export interface AddressIssue {
  field: AddressField;
  code: AddressIssueCode;
}

/** The server's 400 field messages (developers read them; the SPA shows its own translated text per code). */
export const ADDRESS_ISSUE_MESSAGES: Readonly<Record<AddressIssueCode, string>> = {
  required: 'is required',
  too_long: 'is too long',
  invalid_postcode: 'is not a valid postcode of the country (one without postcodes takes none)',
  unknown_state: "is not one of the country's state or province codes (one without states takes none)",
  invalid_phone: 'is not a valid phone number of the country',
};

const FIELDS: readonly AddressField[] = ['fullName', 'phone', 'line1', 'line2', 'city', 'state', 'postcode'];
/** Click & collect: who collects, not where to. */
const COLLECT_FIELDS: readonly AddressField[] = ['fullName', 'phone'];

const FIELD_MAX: Readonly<Record<AddressField, number>> = { ...ADDRESS_FIELD_MAX, phone: PHONE_MAX };

interface CompiledRule {
  postcode: RegExp | null;
  phone: RegExp;
  stateCodes: ReadonlySet<string>;
}

/** The rules' patterns compiled once per country, not once per check. */
const COMPILED = Object.fromEntries(
  COUNTRY_CODES.map((country) => {
    const rule = ADDRESS_RULES[country];
    const compiled: CompiledRule = {
      postcode: rule.postcode ? new RegExp(rule.postcode.pattern) : null,
      phone: new RegExp(rule.phone.nationalPattern),
      stateCodes: new Set(rule.states?.options.map((option) => option.code) ?? []),
    };
    return [country, compiled];
  }),
) as Record<CountryCode, CompiledRule>;

/** What people put between digits: spaces (any kind), dashes, dots, parentheses. */
const SEPARATORS = /[\s\-.()]/g;
const DIGITS = /^\d+$/;

/**
 * The number in E.164 (`+6591234567`), or null when it is not a number of the country. Accepts the
 * national form (with or without the trunk 0 where the country dials one), `+<calling code>…` and
 * `00<calling code>…`, with separators anywhere. Full-width digits and plus (a Chinese keyboard's)
 * count as ASCII ones. A trunk 0 after the calling code ("+61 (0)4…") is dropped: no national
 * significant number starts with 0, so it can only be that.
 */
export function normalizePhone(country: CountryCode, raw: string): string | null {
  const { callingCode, trunkPrefix } = ADDRESS_RULES[country].phone;
  const compact = raw.normalize('NFKC').replace(SEPARATORS, '');
  let national: string;
  const international = compact.startsWith('+') ? compact.slice(1) : compact.startsWith('00') ? compact.slice(2) : null;
  if (international !== null) {
    if (!international.startsWith(callingCode)) return null;
    national = international.slice(callingCode.length);
  } else {
    national = compact;
  }
  if (trunkPrefix !== null && national.startsWith(trunkPrefix)) national = national.slice(trunkPrefix.length);
  if (!DIGITS.test(national) || !COMPILED[country].phone.test(national)) return null;
  return `+${callingCode}${national}`;
}

/** One field's format check, for a trimmed value within its length. */
type FieldCheck = (value: string, country: CountryCode) => AddressIssueCode | null;

const required: FieldCheck = (value) => (value === '' ? 'required' : null);

const CHECKS: Readonly<Record<AddressField, FieldCheck>> = {
  fullName: required,
  phone: (value, country) => required(value, country) ?? (normalizePhone(country, value) === null ? 'invalid_phone' : null),
  line1: required,
  line2: () => null,
  city: (value, country) => (ADDRESS_RULES[country].city.required ? required(value, country) : null),
  state: (value, country) => {
    if (value === '') return ADDRESS_RULES[country].states?.required ? 'required' : null;
    // A country without states has no codes, so any value is unknown there.
    return COMPILED[country].stateCodes.has(value) ? null : 'unknown_state';
  },
  postcode: (value, country) => {
    const pattern = COMPILED[country].postcode;
    if (pattern === null) return value === '' ? null : 'invalid_postcode';
    if (value === '') return 'required';
    return pattern.test(value) ? null : 'invalid_postcode';
  },
};

/**
 * What is wrong with an address for the country: at most one issue per field, in field order;
 * empty when it can be used. `street: false` is click & collect, where only the name and the phone
 * of who collects count. Values are trimmed first, as the checkout schema trims them.
 */
export function addressIssues(country: CountryCode, address: Address, options: { street: boolean }): AddressIssue[] {
  const issues: AddressIssue[] = [];
  for (const field of options.street ? FIELDS : COLLECT_FIELDS) {
    const value = address[field].trim();
    const code = value.length > FIELD_MAX[field] ? 'too_long' : CHECKS[field](value, country);
    if (code !== null) issues.push({ field, code });
  }
  return issues;
}

/**
 * The delivery fee in minor units of the country's currency, or null where the method is not
 * offered. Standard is free at or over the free-shipping threshold (countries.ts, major units);
 * express always costs its fee.
 */
export function deliveryFeeMinor(country: CountryCode, method: 'standard' | 'express', subtotalMinor: number): number | null {
  const rates = DELIVERY_RATES[country];
  if (method === 'express') return rates.express?.feeMinor ?? null;
  // Rounded: a threshold with cents (35.5) times 100 is not always an exact integer in floating point.
  const thresholdMinor = Math.round(FREE_SHIPPING_THRESHOLDS[country].amount * 100);
  return subtotalMinor >= thresholdMinor ? 0 : rates.standard.feeMinor;
}
