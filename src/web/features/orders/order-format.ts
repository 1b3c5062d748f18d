import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { COUNTRY_CODES, COUNTRIES, type CountryCode, type Site } from '../../../config/countries.ts';
import { intlLocale } from '../../../config/languages.ts';
import type { DeliveryMethod, Order, OrderStatus, PaymentMethod } from '../../../contract/checkout.ts';
import { kept } from '../../shared/site/format.ts';

/** Each status as the shopper reads it. */
export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, MessageDescriptor>> = {
  placed: msg`Placed`,
  paid: msg`Paid`,
  shipped: msg`Shipped`,
  delivered: msg`Delivered`,
  cancelled: msg`Cancelled`,
  refunded: msg`Refunded`,
};

export const DELIVERY_LABELS: Readonly<Record<DeliveryMethod, MessageDescriptor>> = {
  standard: msg`Standard delivery`,
  express: msg`Express delivery`,
  click_collect: msg`Click & collect`,
};

/** Card networks' and providers' own names: brands, the same in every language (a card of no known network says "Card", translated). */
const BRAND_NAMES: Readonly<Record<string, string>> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express' };
/** The providers a BNPL payment names (`gift_cards`: no payment at all, the gift cards paid it). */
export type BnplMethod = Exclude<PaymentMethod, 'card' | 'gift_cards'>;
const BNPL_NAMES: Readonly<Record<BnplMethod, string>> = { afterpay: 'Afterpay', klarna: 'Klarna', atome: 'Atome' };

/** A card's network by name, or null for a card of no known network (the view says "Card"). */
export function cardBrandName(brand: string | null): string | null {
  return brand === null ? null : (BRAND_NAMES[brand.toLowerCase()] ?? null);
}

/** A buy-now-pay-later provider by name. */
export function bnplName(method: BnplMethod): string {
  return BNPL_NAMES[method];
}

const isCountry = (code: string): code is CountryCode => (COUNTRY_CODES as readonly string[]).includes(code);

/** The country of a whole order (it says so), or the site's for an unknown code. */
export function countryOfOrder(order: Pick<Order, 'country'>, site: Site): CountryCode {
  const code = order.country.toUpperCase();
  return isCountry(code) ? code : site.country;
}

/**
 * The country of an order of the history, whose rows carry no country: each country sells in its
 * own currency (src/config/countries.ts), so the total's currency names it.
 */
export function countryOfCurrency(currency: string, site: Site): CountryCode {
  return COUNTRY_CODES.find((code) => COUNTRIES[code].currency === currency) ?? site.country;
}

/**
 * An instant of an order as a date of the country it was placed in (an order placed at 23:30 in
 * Sydney is dated that day wherever the member reads it), in the shopper's language and locale.
 */
export function formatOrderDate(at: string, country: CountryCode, site: Site): string {
  const locale = intlLocale(site.language, site.country);
  const { timeZone } = COUNTRIES[country];
  return kept(`order-date|${locale}|${timeZone}`, () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone })).format(new Date(at));
}
