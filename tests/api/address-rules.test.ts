import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ADDRESS_FIELD_MAX, ADDRESS_RULES, PHONE_MAX } from '../../src/config/addresses.ts';
import { FREE_SHIPPING_THRESHOLDS } from '../../src/config/cart.ts';
import { COUNTRIES, COUNTRY_CODES, isCountryCode, type CountryCode } from '../../src/config/countries.ts';
import { DELIVERY_RATES } from '../../src/config/delivery.ts';
import { STORES, WEEKDAYS, storesIn } from '../../src/config/stores.ts';
import { ADDRESS_ISSUE_MESSAGES, addressIssues, deliveryFeeMinor, normalizePhone, type AddressIssue } from '../../src/contract/address.ts';
import type { Address } from '../../src/contract/checkout.ts';

/** Issue 13: the country data of checkout (addresses, delivery, stores) and the functions over it. */

/** An address every rule of the country accepts, built from the rules' own examples. */
function validAddress(country: CountryCode): Address {
  const rule = ADDRESS_RULES[country];
  return {
    fullName: 'Mei Ling Tan',
    phone: rule.phone.example,
    line1: '1 Example Road',
    line2: '',
    city: 'Example City',
    state: rule.states?.options[0]?.code ?? '',
    postcode: rule.postcode?.example ?? '',
  };
}

const issuesOf = (country: CountryCode, change: Partial<Address>, street = true): AddressIssue[] =>
  addressIssues(country, { ...validAddress(country), ...change }, { street });

describe('address rules', () => {
  it.each(COUNTRY_CODES)('%s: the examples pass', (country) => {
    expect(issuesOf(country, {})).toEqual([]);
    const { phone } = ADDRESS_RULES[country];
    expect(normalizePhone(country, phone.example)).toMatch(new RegExp(`^\\+${phone.callingCode}\\d+$`));
  });

  it.each(COUNTRY_CODES)('%s: a wrong postcode, state and phone are named with their codes', (country) => {
    const rule = ADDRESS_RULES[country];
    if (rule.postcode) {
      expect(issuesOf(country, { postcode: '' })).toEqual([{ field: 'postcode', code: 'required' }]);
      expect(issuesOf(country, { postcode: `${rule.postcode.example}0` })).toEqual([{ field: 'postcode', code: 'invalid_postcode' }]);
      expect(issuesOf(country, { postcode: 'ABC' })).toEqual([{ field: 'postcode', code: 'invalid_postcode' }]);
    } else {
      expect(issuesOf(country, { postcode: '999077' })).toEqual([{ field: 'postcode', code: 'invalid_postcode' }]);
    }
    expect(issuesOf(country, { state: 'XX-NOPE' })).toEqual([{ field: 'state', code: 'unknown_state' }]);
    if (rule.states?.required) expect(issuesOf(country, { state: '' })).toEqual([{ field: 'state', code: 'required' }]);
    expect(issuesOf(country, { phone: '12' })).toEqual([{ field: 'phone', code: 'invalid_phone' }]);
    expect(issuesOf(country, { phone: 'call me' })).toEqual([{ field: 'phone', code: 'invalid_phone' }]);
    expect(issuesOf(country, { phone: '  ' })).toEqual([{ field: 'phone', code: 'required' }]);
  });

  it('checks postcodes by their country', () => {
    expect(issuesOf('SG', { postcode: '23880' })).toEqual([{ field: 'postcode', code: 'invalid_postcode' }]);
    expect(issuesOf('SG', { postcode: '018956' })).toEqual([]);
    expect(issuesOf('AU', { postcode: '0800' })).toEqual([]);
    expect(issuesOf('AU', { postcode: '20000' })).toEqual([{ field: 'postcode', code: 'invalid_postcode' }]);
    expect(issuesOf('MY', { postcode: '01000' })).toEqual([]);
    expect(issuesOf('ID', { postcode: '1031' })).toEqual([{ field: 'postcode', code: 'invalid_postcode' }]);
    expect(issuesOf('TH', { postcode: '10330 ' })).toEqual([]);
  });

  it('takes state codes, not names, and an empty state where the country has none', () => {
    expect(issuesOf('AU', { state: 'AU-VIC' })).toEqual([]);
    expect(issuesOf('AU', { state: 'NSW' })).toEqual([{ field: 'state', code: 'unknown_state' }]);
    expect(issuesOf('AU', { state: 'New South Wales' })).toEqual([{ field: 'state', code: 'unknown_state' }]);
    expect(issuesOf('TH', { state: 'TH-10' })).toEqual([]);
    expect(issuesOf('HK', { state: 'KLN' })).toEqual([]);
    expect(issuesOf('SG', { state: 'SG-01' })).toEqual([{ field: 'state', code: 'unknown_state' }]);
    expect(issuesOf('NZ', { state: '' })).toEqual([]);
  });

  it('asks for the city except in Singapore', () => {
    expect(issuesOf('SG', { city: '' })).toEqual([]);
    for (const country of COUNTRY_CODES.filter((c) => c !== 'SG')) {
      expect(issuesOf(country, { city: ' ' })).toEqual([{ field: 'city', code: 'required' }]);
    }
  });

  it('asks for name and first line, never for the second', () => {
    expect(issuesOf('SG', { fullName: '', line1: '', line2: '' })).toEqual([
      { field: 'fullName', code: 'required' },
      { field: 'line1', code: 'required' },
    ]);
  });

  it('reports a value over its length as too_long and nothing else for that field', () => {
    expect(issuesOf('AU', { fullName: 'x'.repeat(ADDRESS_FIELD_MAX.fullName + 1) })).toEqual([{ field: 'fullName', code: 'too_long' }]);
    expect(issuesOf('AU', { fullName: ` ${'x'.repeat(ADDRESS_FIELD_MAX.fullName)} ` })).toEqual([]);
    expect(issuesOf('AU', { postcode: '9'.repeat(ADDRESS_FIELD_MAX.postcode + 1) })).toEqual([{ field: 'postcode', code: 'too_long' }]);
    expect(issuesOf('AU', { phone: '1'.repeat(PHONE_MAX + 1) })).toEqual([{ field: 'phone', code: 'too_long' }]);
  });

  it('checks only the name and phone of who collects (click & collect)', () => {
    const collector: Address = { fullName: 'Siti Rahman', phone: '9123 4567', line1: '', line2: '', city: '', state: 'nonsense', postcode: 'x' };
    expect(addressIssues('SG', collector, { street: false })).toEqual([]);
    expect(addressIssues('SG', { ...collector, fullName: '', phone: '123' }, { street: false })).toEqual([
      { field: 'fullName', code: 'required' },
      { field: 'phone', code: 'invalid_phone' },
    ]);
    expect(addressIssues('SG', collector, { street: true }).map((issue) => issue.field)).toEqual(['line1', 'state', 'postcode']);
  });

  it('has a developer message for every issue code', () => {
    for (const message of Object.values(ADDRESS_ISSUE_MESSAGES)) expect(message).toMatch(/^is /);
  });

  it('lists complete subdivisions with unique codes and English names', () => {
    const counts: Partial<Record<CountryCode, number>> = { AU: 8, HK: 3, ID: 38, MY: 16, PH: 83, TH: 77 };
    for (const country of COUNTRY_CODES) {
      const options = ADDRESS_RULES[country].states?.options ?? [];
      expect(options.length, country).toBe(counts[country] ?? 0);
      expect(new Set(options.map((o) => o.code)).size, country).toBe(options.length);
      for (const option of options) {
        expect(option.name.en.trim(), option.code).not.toBe('');
        // ISO 3166-2 codes start with the country; HK's areas have no ISO codes.
        if (country !== 'HK') expect(option.code).toMatch(new RegExp(`^${country}-[A-Z0-9]{1,3}$`));
        expect(option.code.length).toBeLessThanOrEqual(ADDRESS_FIELD_MAX.state);
      }
    }
    expect(ADDRESS_RULES.TH.states?.options.every((o) => /[\u0e00-\u0e7f]/.test(o.name.th ?? ''))).toBe(true);
    expect(ADDRESS_RULES.HK.states?.options.every((o) => /[\u4e00-\u9fff]/.test(o.name.zh ?? ''))).toBe(true);
    expect(ADDRESS_RULES.ID.states?.options.every((o) => (o.name.id ?? '') !== '')).toBe(true);
  });

  it('never throws and reports at most one issue per field, whatever is typed', () => {
    const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 130 }), fc.stringMatching(/^[+0-9 ()\-.]{0,30}$/), fc.constantFrom('', ' ', '０８１２３４５６７８９'));
    const address = fc.record({ fullName: text, phone: text, line1: text, line2: text, city: text, state: text, postcode: text });
    fc.assert(
      fc.property(fc.constantFrom(...COUNTRY_CODES), address, fc.boolean(), (country, value, street) => {
        const issues = addressIssues(country, value, { street });
        const fields = issues.map((issue) => issue.field);
        expect(new Set(fields).size).toBe(fields.length);
        if (!street) expect(fields.every((field) => field === 'fullName' || field === 'phone')).toBe(true);
        const phone = normalizePhone(country, value.phone);
        if (phone !== null) expect(phone).toMatch(new RegExp(`^\\+${ADDRESS_RULES[country].phone.callingCode}\\d+$`));
      }),
    );
  });
});

describe('normalizePhone', () => {
  it.each([
    ['SG', '+65 9123 4567', '+6591234567'],
    ['SG', '9123-4567', '+6591234567'],
    ['SG', '0065 9123 4567', '+6591234567'],
    ['SG', '6509.1234', '+6565091234'],
    ['AU', '0412 345 678', '+61412345678'],
    ['AU', '+61 (0)412 345 678', '+61412345678'],
    ['AU', '(02) 9234 5678', '+61292345678'],
    ['ID', '08123456789', '+628123456789'],
    ['ID', '+62 812-3456-789', '+628123456789'],
    ['TH', '+66 81 234 5678', '+66812345678'],
    ['TH', '02 610 1234', '+6626101234'],
    ['HK', '９１２３ ４５６７', '+85291234567'],
    ['MY', '011-1234 5678', '+601112345678'],
    ['NZ', '09 302 1234', '+6493021234'],
    ['PH', '0917 123 4567', '+639171234567'],
  ] as const)('%s %s → %s', (country, raw, e164) => {
    expect(normalizePhone(country, raw)).toBe(e164);
  });

  it.each([
    ['SG', '+61 412 345 678'],
    ['AU', '+65 9123 4567'],
    ['AU', '0065 9123 4567'],
    ['HK', '+65 9123 4567'],
    ['SG', '1234 5678'],
    ['SG', '9123 456'],
    ['TH', '081 234 56789'],
    ['ID', '+62 0'],
    ['SG', '+'],
    ['SG', ''],
    ['SG', '9123 4567 ext 2'],
    ['SG', '+65 +9123 4567'],
  ] as const)('%s refuses %s', (country, raw) => {
    expect(normalizePhone(country, raw)).toBeNull();
  });
});

describe('delivery fees', () => {
  it('are non-negative whole minor units, express dearer than standard where offered', () => {
    for (const country of COUNTRY_CODES) {
      const { standard, express } = DELIVERY_RATES[country];
      for (const option of express ? [standard, express] : [standard]) {
        expect(Number.isInteger(option.feeMinor) && option.feeMinor >= 0, country).toBe(true);
        expect(option.days).toMatch(/^\d+(–\d+)?$/);
      }
      if (express) expect(express.feeMinor, country).toBeGreaterThan(standard.feeMinor);
    }
  });

  it('makes standard free from the threshold on and never express', () => {
    for (const country of COUNTRY_CODES) {
      const thresholdMinor = Math.round(FREE_SHIPPING_THRESHOLDS[country].amount * 100);
      const { standard, express } = DELIVERY_RATES[country];
      expect(deliveryFeeMinor(country, 'standard', thresholdMinor - 1)).toBe(standard.feeMinor);
      expect(deliveryFeeMinor(country, 'standard', thresholdMinor)).toBe(0);
      expect(deliveryFeeMinor(country, 'express', thresholdMinor * 10)).toBe(express?.feeMinor ?? null);
    }
    expect(deliveryFeeMinor('SG', 'standard', 3_499)).toBe(500);
    expect(deliveryFeeMinor('PH', 'express', 0)).toBeNull();
  });
});

describe('stores', () => {
  it('belong to a country, keep a time zone of their own region and a valid address and phone', () => {
    expect(new Set(STORES.map((s) => s.id)).size).toBe(STORES.length);
    for (const store of STORES) {
      expect(isCountryCode(store.country), store.id).toBe(true);
      expect(store.id).toMatch(new RegExp(`^${store.country.toLowerCase()}-[a-z0-9]+(-[a-z0-9]+)*$`));
      // A real IANA zone (Intl refuses an unknown one), of the country's region: Melbourne keeps Melbourne's clock.
      expect(() => new Intl.DateTimeFormat('en', { timeZone: store.timeZone }), store.id).not.toThrow();
      expect(store.timeZone.split('/')[0], store.id).toBe(COUNTRIES[store.country].timeZone.split('/')[0]);
      expect(normalizePhone(store.country, store.phone), store.id).toBe(store.phone);
      const postcode = ADDRESS_RULES[store.country].postcode;
      if (postcode) expect(store.postcode, store.id).toMatch(new RegExp(postcode.pattern));
      else expect(store.postcode, store.id).toBe('');
      expect(Object.keys(store.openingHours).sort()).toEqual([...WEEKDAYS].sort());
      for (const day of WEEKDAYS) {
        const hours = store.openingHours[day];
        if (hours === null) continue;
        expect(hours.opens).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
        expect(hours.closes).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
        expect(hours.opens < hours.closes, `${store.id} ${day}`).toBe(true);
      }
    }
  });

  it('has 3 stores in SG, 2 in every other country, click & collect everywhere and one store without it', () => {
    for (const country of COUNTRY_CODES) {
      expect(storesIn(country).length, country).toBeGreaterThanOrEqual(country === 'SG' ? 3 : 2);
      expect(storesIn(country).some((s) => s.clickAndCollect), country).toBe(true);
    }
    expect(STORES.some((s) => !s.clickAndCollect)).toBe(true);
  });
});
