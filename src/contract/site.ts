import * as v from 'valibot';
import { COUNTRY_CODES, LANGUAGE_CODES } from '../config/countries.ts';

/** Upper-case country code as used inside the app (`SG`). */
export const CountryCodeSchema = v.picklist(COUNTRY_CODES, 'must be one of AU, HK, ID, MY, NZ, PH, SG, TH');

/** `X-Site-Country` carries the country in lower case (spec §7); upper case is accepted too. */
export const SiteCountryHeaderSchema = v.pipe(
  v.string(),
  v.transform((value) => value.trim().toUpperCase()),
  CountryCodeSchema,
);

export const LanguageCodeSchema = v.picklist(LANGUAGE_CODES, 'must be one of en, zh, id, th');

/** ISO 4217 amount in major units (`42.5` SGD, `350000` IDR). */
export const MoneySchema = v.object({
  /** ISO 4217 code, e.g. `SGD`. */
  currency: v.pipe(v.string(), v.length(3)),
  /** Amount in major units of the currency. */
  amount: v.number(),
});
export type Money = v.InferOutput<typeof MoneySchema>;

/** Every error the API answers with has this shape. */
export const ApiErrorBodySchema = v.object({
  /** A message a developer can read; the SPA shows its own translated text. */
  message: v.string(),
  /** HTTP status, repeated in the body for logs. */
  status: v.number(),
  /** One entry per bad input field (400 only). */
  errors: v.optional(
    v.array(
      v.object({
        /** Dotted path of the field: `query.page`, `body.email`, `header.x-site-country`. */
        field: v.string(),
        message: v.string(),
      }),
    ),
  ),
  /** Support reference id for errors logged on the server (500 and blocked sign-in). */
  referenceId: v.optional(v.string()),
  /** Machine-readable kind of a 4xx the SPA answers in its own words (`ACCOUNT_ERROR_CODES`). */
  code: v.optional(v.string()),
});
export type ApiErrorBody = v.InferOutput<typeof ApiErrorBodySchema>;

/** Paging metadata of every collection response. */
export const PageMetaSchema = v.object({
  page: v.number(),
  perPage: v.number(),
  total: v.number(),
  totalPages: v.number(),
});
export type PageMeta = v.InferOutput<typeof PageMetaSchema>;

/** Query strings arrive as text: turn "12" into 12 and reject everything that is not an integer. */
export function intFromQuery(min: number, max: number) {
  return v.pipe(
    v.string(),
    v.regex(/^\d{1,9}$/, 'must be a whole number'),
    v.transform(Number),
    v.minValue(min, `must be at least ${min}`),
    v.maxValue(max, `must be at most ${max}`),
  );
}

export const booleanFromQuery = v.pipe(
  v.picklist(['true', 'false', '1', '0'], 'must be true or false'),
  v.transform((value) => value === 'true' || value === '1'),
);
