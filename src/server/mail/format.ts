import { COUNTRIES, type Site } from '../../config/countries.ts';
import { intlLocale } from '../../config/languages.ts';

/*
 * Money and dates in emails, as the storefront shows them (src/web/shared/site/format.ts and
 * format-date-number.ts, which the server may not import): Intl with the language and country's
 * locale (`zh-Hant-HK`, `th-TH`), the country's currency with the symbol its shoppers expect, and
 * the country's time zone.
 */

/** Rupiah prices carry no cents in shops; ICU would print ",00". */
const WHOLE_UNIT_CURRENCIES: ReadonlySet<string> = new Set(['IDR']);

// A formatter costs far more to make than to use: kept per locale and options (a handful of keys).
const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function kept<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let format = formats.get(key) as T | undefined;
  if (!format) formats.set(key, (format = make()));
  return format;
}

/** An amount in minor units (1/100) of the country's currency: `S$12.50`, `Rp 150.000`, `฿1,290.00`. */
export function formatMoneyMinor(minor: number, site: Site): string {
  const locale = intlLocale(site.language, site.country);
  const country = COUNTRIES[site.country];
  const whole = WHOLE_UNIT_CURRENCIES.has(country.currency);
  const format = kept(`${locale}|${country.currency}`, () =>
    new Intl.NumberFormat(locale, { style: 'currency', currency: country.currency, currencyDisplay: 'narrowSymbol', ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}) }),
  );
  return format
    .formatToParts(minor / 100)
    .map((part) => (part.type === 'currency' ? country.currencySymbol : part.value))
    .join('');
}

/** A date and time in the country's time zone, in the language's words (Thai dates in the Buddhist era, as Thai shoppers read them). */
export function formatDateTime(date: Date, site: Site): string {
  const locale = intlLocale(site.language, site.country);
  const { timeZone } = COUNTRIES[site.country];
  return kept(`${locale}|${timeZone}|datetime`, () => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone })).format(date);
}

/**
 * A booking's start in its store's time zone (not the country's: a country may span zones), in the
 * language's words: the day, the time and the zone's name ("New Zealand Daylight Time"), so a
 * shopper reading it elsewhere knows whose clock it is.
 */
export function formatStoreTime(instant: number, site: Site, timeZone: string): { date: string; time: string; zone: string } {
  const locale = intlLocale(site.language, site.country);
  const date = kept(`${locale}|${timeZone}|fulldate`, () => new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone })).format(instant);
  const time = kept(`${locale}|${timeZone}|time`, () => new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone })).format(instant);
  const zoneFormat = kept(`${locale}|${timeZone}|zone`, () => new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'long' }));
  const zone = zoneFormat.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  return { date, time, zone };
}

/** A date and time in a store's time zone (a booking's cut-off), as `formatDateTime` writes them. */
export function formatStoreDateTime(instant: number, site: Site, timeZone: string): string {
  const locale = intlLocale(site.language, site.country);
  return kept(`${locale}|${timeZone}|datetime`, () => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone })).format(instant);
}
