import { intlLocale } from '../../../config/languages.ts';
import { formatDate } from '../../shared/site/format-date-number.ts';
import type { Site } from '../../../config/countries.ts';

/** The booking views' `data-state`, which their connects compute; tests compare with it. */
export { stateKey } from '../../../../machines/shared/state-key.ts';

/** A store-local `YYYY-MM-DD` day, shown as that same day whatever the shopper's own zone. */
export function formatStoreDay(day: string, site: Site): string {
  return new Intl.DateTimeFormat(intlLocale(site.language, site.country), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    // The string already is the store's day: read and print it in UTC so no zone shifts it.
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/** The time of a slot in the store country's zone (`COUNTRIES[country].timeZone`). */
export function formatSlotTime(startsAt: string, site: Site): string {
  return formatDate(startsAt, site, { timeStyle: 'short' });
}

export function formatAppointment(startsAt: string, site: Site): string {
  return formatDate(startsAt, site, { dateStyle: 'full', timeStyle: 'short' });
}
