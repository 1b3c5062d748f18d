import { TAX_RULES } from '../../config/cart.ts';
import type { CountryCode } from '../../config/countries.ts';
import type { Money } from '../../contract/site.ts';
import { taxPart } from '../cart/bag.ts';
import type { ServerBag } from '../cart/read.ts';

/*
 * An order's figures, from the bag as the server just read it and the delivery fee: never from
 * amounts the client sent. Minor units (1/100) throughout; prices include the country's tax.
 */

export interface OrderFigures {
  subtotalMinor: number;
  discountMinor: number;
  shippingMinor: number;
  /** Goods after discount plus shipping: what the shopper pays in all. */
  totalMinor: number;
  /** The tax included in the total (goods and shipping); null where the country has none. */
  tax: { label: string; percent: number; amountMinor: number } | null;
  /** Beauty Pass points the goods earn (shipping earns none): the bag's own figure. */
  points: number;
}

export const minorOf = (money: Money): number => Math.round(money.amount * 100);

export function orderFigures(country: CountryCode, bag: ServerBag, shippingMinor: number): OrderFigures {
  const subtotalMinor = minorOf(bag.subtotal);
  const discountMinor = minorOf(bag.discount);
  const totalMinor = subtotalMinor - discountMinor + shippingMinor;
  const rule = TAX_RULES[country];
  return {
    subtotalMinor,
    discountMinor,
    shippingMinor,
    totalMinor,
    tax: rule ? { label: rule.label, percent: rule.percent, amountMinor: taxPart(country, totalMinor, rule.percent) } : null,
    points: bag.points.earn,
  };
}
