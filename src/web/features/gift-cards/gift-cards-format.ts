import { COUNTRIES, type Site } from '../../../config/countries.ts';
import { intlLocale } from '../../../config/languages.ts';

/**
 * A card's amount, in whole units of the country's currency (`S$50`, `Rp200.000`): cards come in
 * whole amounts, so no cents. The country's own symbol, as prices show it (shared/site/format.ts).
 */
export function formatWholeAmount(amount: number, site: Site): string {
  const country = COUNTRIES[site.country];
  return new Intl.NumberFormat(intlLocale(site.language, site.country), { style: 'currency', currency: country.currency, currencyDisplay: 'narrowSymbol', minimumFractionDigits: 0, maximumFractionDigits: 0 })
    .formatToParts(amount)
    .map((part) => (part.type === 'currency' ? country.currencySymbol : part.value))
    .join('');
}
