import { intlLocale } from '../../../config/languages.ts';
import type { Site } from '../../../config/countries.ts';

/**
 * A day of the country's calendar (`YYYY-MM-DD`: an offer's last day, points' expiry) in the
 * site's locale and calendar (Thai dates in the Buddhist era). Read as that day itself, never as an
 * instant, so no time zone can move it to the day before. A module of its own, beside format.ts:
 * that one is on every first screen (prices), this one only where the bag shows dates.
 */
export function formatCalendarDate(isoDate: string, site: Site): string {
  return new Intl.DateTimeFormat(intlLocale(site.language, site.country), { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`));
}
