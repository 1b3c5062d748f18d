import type { Site } from '../../../config/countries.ts';
import { intlLocale } from '../../../config/languages.ts';
import { kept } from '../../shared/site/format.ts';

/* The store's wall times and days, shown as themselves in the shopper's language (read in UTC, so no zone moves them). */

const format = (site: Site, options: Intl.DateTimeFormatOptions) => {
  const locale = intlLocale(site.language, site.country);
  return kept(`${locale}|UTC|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }));
};

/** `22:00` → "10:00 pm" (or the language's way). */
export function formatWallTime(time: string, site: Site): string {
  return format(site, { timeStyle: 'short' }).format(new Date(`1970-01-01T${time}:00Z`));
}

/** `2026-12-25` → "Fri, 25 Dec". */
export function formatDay(date: string, site: Site): string {
  return format(site, { weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(`${date}T00:00:00Z`));
}

/** `mon` → "Monday", from a Monday of the calendar. */
export function formatWeekday(index: number, site: Site): string {
  // 2024-01-01 was a Monday.
  return format(site, { weekday: 'long' }).format(new Date(Date.UTC(2024, 0, 1 + index)));
}

/** A session's start at the store ("Fri, 9 Jan, 6:30 pm GMT+8"), in its zone. */
export function formatSession(at: string, timeZone: string, site: Site): string {
  const locale = intlLocale(site.language, site.country);
  return kept(`${locale}|${timeZone}|session`, () => new Intl.DateTimeFormat(locale, { timeZone, weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' })).format(Date.parse(at));
}

/** The zone's long name in the shopper's language ("Singapore Standard Time"). */
export function formatZone(timeZone: string, at: number, site: Site): string {
  const locale = intlLocale(site.language, site.country);
  const parts = kept(`${locale}|${timeZone}|zone`, () => new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', timeZoneName: 'long' })).formatToParts(at);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}
