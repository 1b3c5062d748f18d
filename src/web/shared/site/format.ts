import { COUNTRIES } from '../../../config/countries.ts';
import { intlLocale } from '../../../config/languages.ts';
import type { Money } from '../../../contract/site.ts';
import type { Site } from '../../../config/countries.ts';

/** Rupiah prices carry no cents in shops; ICU would print ",00". */
const WHOLE_UNIT_CURRENCIES: ReadonlySet<string> = new Set(['IDR']);

// Formatters are kept: constructing one costs ~0.3 ms (a product page's reviews made one per date,
// in hydration's task), formatting with one costs microseconds. A handful of keys per site.
const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

/** The kept formatter for `key`, made by `make` the first time (format-date-number.ts uses it too). */
export function kept<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let format = formats.get(key) as T | undefined;
  if (!format) formats.set(key, (format = make()));
  return format;
}

/**
 * A price in the country's way: digits from Intl for the site's locale, and the symbol shoppers
 * of that country expect (`S$`, `HK$`, `Rp`, `฿`, `RM`), which ICU does not always print.
 */
export function formatMoney(money: Money, site: Site): string {
  const locale = intlLocale(site.language, site.country);
  const country = COUNTRIES[site.country];
  const { currency, amount } = money;
  // `narrowSymbol` for the country's own currency (its symbol replaces ICU's anyway), the full symbol for others (US$).
  const own = currency === country.currency;
  const whole = WHOLE_UNIT_CURRENCIES.has(currency);
  const format = kept(`${locale}|${currency}|${own}`, () =>
    new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: own ? 'narrowSymbol' : 'symbol', ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}) }),
  );
  return format
    .formatToParts(amount)
    .map((part) => (part.type === 'currency' && own ? country.currencySymbol : part.value))
    .join('');
}
