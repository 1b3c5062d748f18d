import type { LanguageCode } from '../../../config/countries.ts';

const SITE_QUERY_PARAMS = ['language', 'language_code', 'country_code'];

/**
 * Where the language switch machine reloads: the same page, with `?language=<code>` when the
 * machine says so (it leaves the parameter out for the country's default language, spec §4).
 */
export function languageReloadUrl(current: URL, queryLanguage: LanguageCode | null): string {
  const url = new URL(current.href);
  for (const name of SITE_QUERY_PARAMS) url.searchParams.delete(name);
  if (queryLanguage !== null) url.searchParams.set('language', queryLanguage);
  return url.pathname + url.search + url.hash;
}
