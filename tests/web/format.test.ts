import { describe, expect, test } from 'vitest';
import { COUNTRIES, type CountryCode } from '../../src/config/countries.ts';
import { htmlLang } from '../../src/config/languages.ts';
import { formatMoney } from '../../src/web/shared/site/format.ts';
import { formatDate } from '../../src/web/shared/site/format-date-number.ts';

// Intl separates symbol and number with a no-break space in some locales: compare with plain spaces.
const plain = (text: string) => text.replace(/\u00a0|\u202f/g, ' ');

describe('formatMoney for every country in its default language', () => {
  const cases: [CountryCode, number, string][] = [
    ['AU', 1234.5, '$1,234.50'],
    ['HK', 1234.5, 'HK$1,234.50'],
    ['ID', 350000, 'Rp 350.000'],
    ['MY', 89.9, 'RM 89.90'],
    ['NZ', 25, '$25.00'],
    ['PH', 3000, '₱3,000.00'],
    ['SG', 42.5, 'S$42.50'],
    ['TH', 1290, '฿1,290.00'],
  ];
  test.each(cases)('%s', (country, amount, expected) => {
    const site = { country, language: COUNTRIES[country].languages[0] };
    expect(plain(formatMoney({ currency: COUNTRIES[country].currency, amount }, site))).toBe(expected);
  });
});

describe('formatMoney in a second language', () => {
  test('Hong Kong in Chinese keeps HK$', () => {
    expect(plain(formatMoney({ currency: 'HKD', amount: 88 }, { country: 'HK', language: 'zh' }))).toBe('HK$88.00');
  });
  test('Thailand in English shows ฿, not THB', () => {
    expect(plain(formatMoney({ currency: 'THB', amount: 500 }, { country: 'TH', language: 'en' }))).toBe('฿500.00');
  });
  test('Indonesia in English shows Rp, dot grouping and no cents', () => {
    expect(plain(formatMoney({ currency: 'IDR', amount: 500000 }, { country: 'ID', language: 'en' }))).toBe('Rp 500.000');
  });
  test('a currency other than the country one keeps its own symbol', () => {
    expect(plain(formatMoney({ currency: 'USD', amount: 10 }, { country: 'SG', language: 'en' }))).toBe('US$10.00');
  });
});

describe('dates and document language', () => {
  test('dates use the country time zone', () => {
    // 15:00 UTC is 23:00 on the 1st in Singapore and 02:00 on the 2nd in Sydney.
    const instant = '2025-01-01T15:00:00Z';
    expect(formatDate(instant, { country: 'SG', language: 'en' }, { day: 'numeric' })).toBe('1');
    expect(formatDate(instant, { country: 'AU', language: 'en' }, { day: 'numeric' })).toBe('2');
    expect(formatDate('2025-01-01T12:00:00Z', { country: 'NZ', language: 'en' }, { hour: 'numeric', hour12: false })).toBe('01');
  });
  test('html lang per language', () => {
    expect(['en', 'zh', 'id', 'th'].map((language) => htmlLang(language as 'en'))).toEqual(['en', 'zh-Hant', 'id', 'th']);
  });
});
