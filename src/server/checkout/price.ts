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
  /** The e-gift cards the bag buys: no tax, no points, and no gift card pays for them. */
  giftCardsBoughtMinor: number;
  /** Goods after discount, shipping and e-gift cards: what the shopper pays in all. */
  totalMinor: number;
  /** The tax included in the total (goods and shipping, not e-gift cards); null where the country has none. */
  tax: { label: string; percent: number; amountMinor: number } | null;
  /** Beauty Pass points the goods earn (shipping earns none): the bag's own figure. */
  points: number;
}

export const minorOf = (money: Money): number => Math.round(money.amount * 100);

/** The goods of the bag after its discount, without e-gift cards: what free shipping follows. */
export const goodsMinorOf = (bag: Pick<ServerBag, 'subtotal' | 'discount'>): number => minorOf(bag.subtotal) - minorOf(bag.discount);

/** What gift cards may pay of an order: everything but the e-gift cards it buys (a card never buys another). */
export const payableByGiftCards = (figures: OrderFigures): number => figures.totalMinor - figures.giftCardsBoughtMinor;

export function orderFigures(country: CountryCode, bag: ServerBag, shippingMinor: number): OrderFigures {
  const subtotalMinor = minorOf(bag.subtotal);
  const discountMinor = minorOf(bag.discount);
  const giftCardsBoughtMinor = (bag.giftCards ?? []).reduce((sum, card) => sum + minorOf(card.amount), 0);
  const taxedMinor = subtotalMinor - discountMinor + shippingMinor;
  const rule = TAX_RULES[country];
  return {
    subtotalMinor,
    discountMinor,
    shippingMinor,
    giftCardsBoughtMinor,
    totalMinor: taxedMinor + giftCardsBoughtMinor,
    tax: rule ? { label: rule.label, percent: rule.percent, amountMinor: taxPart(country, taxedMinor, rule.percent) } : null,
    points: bag.points.earn,
  };
}
