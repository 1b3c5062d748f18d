/**
 * The eight countries the store sells in (spec §9). This file is the single source of truth:
 * the server seeds its `countries` table from it and the SPA formats prices and dates with it.
 * Every page's script carries it, so the figures of the bag (free shipping, BNPL) live in cart.ts.
 */
export const COUNTRY_CODES = ['AU', 'HK', 'ID', 'MY', 'NZ', 'PH', 'SG', 'TH'] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

export const LANGUAGE_CODES = ['en', 'zh', 'id', 'th'] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];

/** Where a request or a page is: the country (prices, currency, time zone) and the language (names, messages). */
export interface Site {
  country: CountryCode;
  language: LanguageCode;
}

export const DEFAULT_COUNTRY: CountryCode = 'SG';

export type BnplProvider = 'afterpay' | 'klarna' | 'atome';

export interface CountryConfig {
  code: CountryCode;
  /** ISO 4217 code of the local currency; every price of this country is in it. */
  currency: string;
  /**
   * The symbol shoppers of this country expect. ICU prints a bare "$" for SGD in en-SG, and the
   * store has to tell Singapore dollars apart from the other dollars it sells in.
   */
  currencySymbol: string;
  /** Allowed languages; the first one is the default (spec §9). */
  languages: readonly [LanguageCode, ...LanguageCode[]];
  /** IANA zone of the country's stores: booking slots and dates are shown in it. */
  timeZone: string;
}

export const COUNTRIES: Readonly<Record<CountryCode, CountryConfig>> = {
  AU: { code: 'AU', currency: 'AUD', currencySymbol: '$', languages: ['en'], timeZone: 'Australia/Sydney' },
  HK: { code: 'HK', currency: 'HKD', currencySymbol: 'HK$', languages: ['en', 'zh'], timeZone: 'Asia/Hong_Kong' },
  ID: { code: 'ID', currency: 'IDR', currencySymbol: 'Rp', languages: ['id', 'en'], timeZone: 'Asia/Jakarta' },
  MY: { code: 'MY', currency: 'MYR', currencySymbol: 'RM', languages: ['en'], timeZone: 'Asia/Kuala_Lumpur' },
  NZ: { code: 'NZ', currency: 'NZD', currencySymbol: '$', languages: ['en'], timeZone: 'Pacific/Auckland' },
  PH: { code: 'PH', currency: 'PHP', currencySymbol: '₱', languages: ['en'], timeZone: 'Asia/Manila' },
  SG: { code: 'SG', currency: 'SGD', currencySymbol: 'S$', languages: ['en'], timeZone: 'Asia/Singapore' },
  TH: { code: 'TH', currency: 'THB', currencySymbol: '฿', languages: ['th', 'en'], timeZone: 'Asia/Bangkok' },
};

export function isCountryCode(value: string): value is CountryCode {
  return (COUNTRY_CODES as readonly string[]).includes(value);
}

export function isLanguageCode(value: string): value is LanguageCode {
  return (LANGUAGE_CODES as readonly string[]).includes(value);
}

export function defaultLanguage(country: CountryCode): LanguageCode {
  return COUNTRIES[country].languages[0];
}

/** A language the country does not offer falls back to the country's default (spec §5). */
export function languageFor(country: CountryCode, requested: string | null | undefined): LanguageCode {
  const allowed: readonly string[] = COUNTRIES[country].languages;
  return requested && allowed.includes(requested) ? (requested as LanguageCode) : defaultLanguage(country);
}
