import type { TierFormat } from '../../../../machines/loyalty/tier.messages.ts';
import { formatMoney } from '../../shared/site/format.ts';
import { formatDate } from '../../shared/site/format-date-number.ts';
import type { Site } from '../../../config/countries.ts';

/** Amounts and membership dates the way the member's site writes them. */
export function tierFormat(site: Site): TierFormat {
  return {
    money: (amount, currency) => formatMoney({ amount, currency }, site),
    // A year end is a calendar date. Its UTC midnight falls on that same date in every store's
    // zone (all eight are UTC+7 to UTC+13), so formatting in the country's zone keeps the day.
    date: (isoDate) => formatDate(`${isoDate}T00:00:00Z`, site, { dateStyle: 'long' }),
  };
}
