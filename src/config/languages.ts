import type { CountryCode, LanguageCode } from './countries.ts';

export interface LanguageConfig {
  code: LanguageCode;
  /** Name of the Lingui catalog in `i18n/` (`i18n/<catalog>.po`). */
  catalog: 'en' | 'zh-Hant' | 'id' | 'th';
  /** BCP 47 language subtag(s) used with a country for Intl (`zh-Hant` + `HK`). */
  intlBase: string;
  /** The language's own name: a language switcher shows each language in itself. */
  endonym: string;
}

export const LANGUAGES: Readonly<Record<LanguageCode, LanguageConfig>> = {
  en: { code: 'en', catalog: 'en', intlBase: 'en', endonym: 'English' },
  zh: { code: 'zh', catalog: 'zh-Hant', intlBase: 'zh-Hant', endonym: '繁體中文' },
  id: { code: 'id', catalog: 'id', intlBase: 'id', endonym: 'Bahasa Indonesia' },
  th: { code: 'th', catalog: 'th', intlBase: 'th', endonym: 'ไทย' },
};

export const CATALOGS = ['en', 'zh-Hant', 'id', 'th'] as const;
export type CatalogName = (typeof CATALOGS)[number];

/** `<html lang>`: `en`, `zh-Hant`, `id`, `th` (a catalog is named by its language tag). */
export function htmlLang(language: LanguageCode): string {
  return LANGUAGES[language].catalog;
}

/** Locale for Intl formatting: `en-SG`, `zh-Hant-HK`, `th-TH`. */
export function intlLocale(language: LanguageCode, country: CountryCode): string {
  return `${LANGUAGES[language].intlBase}-${country}`;
}

/** The `Accept-Language` value of spec §7: `locale-COUNTRY`, e.g. `en-SG`, `zh-HK`. */
export function acceptLanguage(language: LanguageCode, country: CountryCode): string {
  return `${language}-${country}`;
}
