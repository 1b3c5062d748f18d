import {
  COUNTRIES,
  COUNTRY_CODES,
  DEFAULT_COUNTRY,
  defaultLanguage,
  isCountryCode,
  isLanguageCode,
  type CountryCode,
  type LanguageCode,
  type Site,
} from '../../../config/countries.ts';
import { COUNTRY_COOKIE, LANGUAGE_COOKIE, LANGUAGE_COOKIE_PREFIX } from '../../../config/constants.ts';

/** The country and language every page is rendered for. */

/** Cookies to write because the query chose them (spec §9: the query wins and is remembered). */
export interface CookieWrites {
  country?: CountryCode;
  language?: LanguageCode;
}

export type SiteResolution =
  | { kind: 'site'; site: Site; persist: CookieWrites }
  /** A country the store does not ship to: the welcome screen lists the eight sites instead. */
  | { kind: 'unsupported'; requestedCountry: string; language: LanguageCode };

export interface SiteInputs {
  /** `location.search`, with or without the leading `?`. */
  search: string;
  /** `document.cookie`. */
  cookie: string;
}

export function parseCookies(cookie: string): Record<string, string> {
  const jar: Record<string, string> = {};
  for (const part of cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || name in jar) continue;
    try {
      jar[name] = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      jar[name] = part.slice(eq + 1).trim();
    }
  }
  return jar;
}

function nonEmpty(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/**
 * Country and language, in the order of spec §2/§9: query (`country_code`, `language` or
 * `language_code`) → cookies (`locale`, `language=lng_<code>`) → default (SG, first language).
 * A language the country does not offer falls back to the country's default.
 */
export function resolveSite({ search, cookie }: SiteInputs): SiteResolution {
  const query = new URLSearchParams(search);
  const jar = parseCookies(cookie);

  const queryCountry = nonEmpty(query.get('country_code'))?.toUpperCase() ?? null;
  const cookieCountry = nonEmpty(jar[COUNTRY_COOKIE])?.toUpperCase() ?? null;
  const queryLanguage = nonEmpty(query.get('language') ?? query.get('language_code'))?.toLowerCase() ?? null;
  const cookieLanguageRaw = nonEmpty(jar[LANGUAGE_COOKIE]);
  const cookieLanguage = cookieLanguageRaw?.startsWith(LANGUAGE_COOKIE_PREFIX)
    ? cookieLanguageRaw.slice(LANGUAGE_COOKIE_PREFIX.length).toLowerCase()
    : null;

  const requestedCountry = queryCountry ?? cookieCountry;
  if (requestedCountry !== null && !isCountryCode(requestedCountry)) {
    const language = queryLanguage !== null && isLanguageCode(queryLanguage) ? queryLanguage : 'en';
    return { kind: 'unsupported', requestedCountry, language };
  }
  const country: CountryCode = requestedCountry ?? DEFAULT_COUNTRY;

  const requestedLanguage = queryLanguage ?? cookieLanguage;
  const allowed: readonly string[] = COUNTRIES[country].languages;
  const language: LanguageCode =
    requestedLanguage !== null && allowed.includes(requestedLanguage) ? (requestedLanguage as LanguageCode) : defaultLanguage(country);

  const persist: CookieWrites = {};
  if (queryCountry !== null) persist.country = country;
  if (queryLanguage !== null && queryLanguage === language) persist.language = language;
  return { kind: 'site', site: { country, language }, persist };
}

/** The `Set-Cookie`-style strings for `document.cookie` (365 days, path /, SameSite=Lax). */
export function siteCookieStrings(writes: CookieWrites, maxAgeSeconds: number): string[] {
  const attributes = `; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax`;
  const cookies: string[] = [];
  if (writes.country) cookies.push(`${COUNTRY_COOKIE}=${writes.country.toLowerCase()}${attributes}`);
  if (writes.language) cookies.push(`${LANGUAGE_COOKIE}=${LANGUAGE_COOKIE_PREFIX}${writes.language}${attributes}`);
  return cookies;
}

const SITE_QUERY_PARAMS = ['language', 'language_code', 'country_code'];

/**
 * Where to reload after the shopper picks a language: the same page with `?language=<code>`,
 * or without the parameter when it is the country's default (spec §4).
 */
export function languageChangeUrl(current: URL, site: Site, next: LanguageCode): string {
  const url = new URL(current.href);
  for (const name of SITE_QUERY_PARAMS) url.searchParams.delete(name);
  if (next !== defaultLanguage(site.country)) url.searchParams.set('language', next);
  return url.pathname + url.search + url.hash;
}

/** After a country change the cookie carries the choice: drop the site parameters and reload. */
export function countryChangeUrl(current: URL): string {
  const url = new URL(current.href);
  for (const name of SITE_QUERY_PARAMS) url.searchParams.delete(name);
  return url.pathname + url.search + url.hash;
}

/** Links of the welcome screen: one per country site. */
export function countrySiteHref(country: CountryCode): string {
  return `/?country_code=${country.toLowerCase()}`;
}

export { COUNTRY_CODES };
