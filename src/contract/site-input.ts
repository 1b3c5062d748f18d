import * as v from 'valibot';
import { COUNTRY_CODES, LANGUAGE_CODES } from '../config/countries.ts';

/*
 * Schemas of what requests bring in (headers, query strings). Only the server and the lazy
 * feature code parse them; site.ts, which the SPA entry imports, keeps the response shapes.
 */

/** Upper-case country code as used inside the app (`SG`). */
export const CountryCodeSchema = v.picklist(COUNTRY_CODES, 'must be one of AU, HK, ID, MY, NZ, PH, SG, TH');

/** `X-Site-Country` carries the country in lower case (spec §7); upper case is accepted too. */
export const SiteCountryHeaderSchema = v.pipe(
  v.string(),
  v.transform((value) => value.trim().toUpperCase()),
  CountryCodeSchema,
);

export const LanguageCodeSchema = v.picklist(LANGUAGE_CODES, 'must be one of en, zh, id, th');

/** A whole number as text, short enough to be an int4 (`42`): query integers, path ids, token subjects. */
export const WHOLE_NUMBER_PATTERN = /^\d{1,9}$/;

/** Query strings arrive as text: turn "12" into 12 and reject everything that is not an integer. */
export function intFromQuery(min: number, max: number) {
  return v.pipe(
    v.string(),
    v.regex(WHOLE_NUMBER_PATTERN, 'must be a whole number'),
    v.transform(Number),
    v.minValue(min, `must be at least ${min}`),
    v.maxValue(max, `must be at most ${max}`),
  );
}

export const booleanFromQuery = v.pipe(
  v.picklist(['true', 'false', '1', '0'], 'must be true or false'),
  v.transform((value) => value === 'true' || value === '1'),
);
