import type { MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { DEFAULT_COUNTRY, languageFor, type CountryCode, type Site } from '../../config/countries.ts';
import { SiteCountryHeaderSchema } from '../../contract/site-input.ts';
import { invalidRequest } from './errors.ts';
import { fieldErrors } from './validate.ts';

export type AppEnv = {
  Variables: Site & {
    /** Set by the keyed-write layer on a repeat of a key whose route answers repeats itself (http/idempotency.ts). */
    idempotentRepeat?: boolean;
  };
};

/** The request's site as one value (after `siteContext`). */
export function siteOf(c: { var: Site }): Site {
  return { country: c.var.country, language: c.var.language };
}

/**
 * Country from `X-Site-Country` (missing → SG, invalid → 400) and language from `Accept-Language`
 * (`zh-HK`; the first tag wins, and a language the country does not offer falls back to its default).
 */
export const siteContext: MiddlewareHandler<AppEnv> = async (c, next) => {
  const header = c.req.header('x-site-country');
  let country: CountryCode = DEFAULT_COUNTRY;
  if (header !== undefined) {
    const result = v.safeParse(SiteCountryHeaderSchema, header);
    if (!result.success) throw invalidRequest(fieldErrors(result.issues, 'header').map((e) => ({ ...e, field: 'header.x-site-country' })));
    country = result.output;
  }
  c.set('country', country);
  c.set('language', languageFor(country, requestedLanguage(c.req.header('accept-language'))));
  await next();
};

export function requestedLanguage(header: string | undefined): string | null {
  const first = header?.split(',')[0]?.split(';')[0]?.trim();
  if (!first) return null;
  return first.split('-')[0]?.toLowerCase() ?? null;
}
