import { COUNTRIES } from '../../../config/countries.ts';
import { intlLocale } from '../../../config/languages.ts';
import type { Site } from '../../../config/countries.ts';
import { kept } from './format.ts';

// Apart from format.ts (prices), whose chunk is part of the home and product first screens, which
// show no date or count: 0.1 KB less on the two routes closest to the 95 KB budget (npm run size).

/** A date shown in the country's time zone (store dates, bookings). */
export function formatDate(date: Date | string, site: Site, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
  const locale = intlLocale(site.language, site.country);
  const { timeZone } = COUNTRIES[site.country];
  return kept(`${locale}|${timeZone}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, { ...options, timeZone })).format(typeof date === 'string' ? new Date(date) : date);
}

/** Numbers such as result counts, with the locale's grouping. */
export function formatNumber(value: number, site: Site): string {
  const locale = intlLocale(site.language, site.country);
  return kept(locale, () => new Intl.NumberFormat(locale)).format(value);
}
