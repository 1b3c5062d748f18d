import { COUNTRIES } from '../../../config/countries.ts';
import { intlLocale } from '../../../config/languages.ts';
import type { Money } from '../../../contract/site.ts';
import type { Site } from '../../../config/countries.ts';

/** Rupiah prices carry no cents in shops; ICU would print ",00". */
const WHOLE_UNIT_CURRENCIES: ReadonlySet<string> = new Set(['IDR']);

// Formatters are kept: constructing one costs ~0.3 ms (a product page's reviews made one per date,
// in hydration's task), formatting with one costs microseconds. A handful of keys per site.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** `narrow` for the country's own currency (its symbol replaces ICU's anyway), full symbol for others (US$). */
function currencyFormat(locale: string, currency: string, narrow: boolean): Intl.NumberFormat {
  const key = `${locale}|${currency}|${narrow}`;
  let format = numberFormats.get(key);
  if (!format) {
    const whole = WHOLE_UNIT_CURRENCIES.has(currency);
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: narrow ? 'narrowSymbol' : 'symbol',
      ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
    });
    numberFormats.set(key, format);
  }
  return format;
}

/**
 * A price in the country's way: digits from Intl for the site's locale, and the symbol shoppers
 * of that country expect (`S$`, `HK$`, `Rp`, `฿`, `RM`), which ICU does not always print.
 */
export function formatMoney(money: Money, site: Site): string {
  const locale = intlLocale(site.language, site.country);
  const country = COUNTRIES[site.country];
  const own = money.currency === country.currency;
  const parts = currencyFormat(locale, money.currency, own).formatToParts(money.amount);
  const symbol = own ? country.currencySymbol : null;
  return parts.map((part) => (part.type === 'currency' && symbol !== null ? symbol : part.value)).join('');
}

/** A date shown in the country's time zone (store dates, bookings). */
export function formatDate(date: Date | string, site: Site, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
  const value = typeof date === 'string' ? new Date(date) : date;
  const locale = intlLocale(site.language, site.country);
  const key = `${locale}|${site.country}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: COUNTRIES[site.country].timeZone });
    dateFormats.set(key, format);
  }
  return format.format(value);
}

/** Numbers such as result counts, with the locale's grouping. */
export function formatNumber(value: number, site: Site): string {
  const locale = intlLocale(site.language, site.country);
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    numberFormats.set(locale, format);
  }
  return format.format(value);
}
