import type { Site } from '../../../config/countries.ts';
import { intlLocale } from '../../../config/languages.ts';
import { kept } from '../../shared/site/format.ts';

/** The booking views' `data-state`, which their connects compute; tests compare with it. */
export { stateKey } from '../../../../machines/shared/state-key.ts';

/*
 * Times of a store, in the store's own zone whatever the shopper's (spec: a shopper in another zone
 * sees the store's local times, labelled). Days are the store's calendar days (`YYYY-MM-DD`), read
 * as themselves; instants are shown in the store's `timeZone`. Formatters are kept per locale, zone
 * and options (format.ts).
 */

function formatter(site: Site, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = intlLocale(site.language, site.country);
  return kept(`${locale}|${timeZone}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, { ...options, timeZone }));
}

const instant = (value: string | number) => (typeof value === 'number' ? value : Date.parse(value));

/** A store-local `YYYY-MM-DD` day, shown as that same day whatever the shopper's own zone ("Wed, 2 Dec"). */
export function formatStoreDay(day: string, site: Site): string {
  // The string already is the store's day: read and print it in UTC so no zone shifts it.
  return formatter(site, 'UTC', { weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(`${day}T00:00:00Z`));
}


/** A slot's time at the store ("10:00 am"): the list it is in names the zone. */
export function formatStoreTime(at: string | number, timeZone: string, site: Site): string {
  return formatter(site, timeZone, { timeStyle: 'short' }).format(instant(at));
}

/** Date, time and the zone's short name at the store ("Wed, 2 Dec 2026, 10:00 am SGT"). */
export function formatStoreDateTime(at: string | number, timeZone: string, site: Site): string {
  return formatter(site, timeZone, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(instant(at));
}

/** The zone's name as the shopper's language says it at that instant ("Singapore Standard Time", "เวลาอินโดจีน"). */
export function zoneName(timeZone: string, site: Site, at: string | number = Date.now()): string {
  const parts = formatter(site, timeZone, { hour: 'numeric', timeZoneName: 'long' }).formatToParts(instant(at));
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}
