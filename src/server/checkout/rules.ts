import { instalmentPlans } from '../../config/instalments.ts';
import { COUNTRIES, type CountryCode } from '../../config/countries.ts';
import { CLICK_AND_COLLECT_DAYS, DELIVERY_RATES } from '../../config/delivery.ts';
import { STORES } from '../../config/stores.ts';
import { addressIssues, ADDRESS_ISSUE_MESSAGES, deliveryFeeMinor } from '../../contract/address.ts';
import type { CheckoutOptions, OrderCreate, PaymentMethod } from '../../contract/checkout.ts';
import { isGiftCardsOnly } from '../cart/bag.ts';
import type { ServerBag } from '../cart/read.ts';
import { invalidRequest } from '../http/errors.ts';
import type { CommitInput } from './commit.ts';
import { goodsMinorOf } from './price.ts';
import { deliveryUnavailable, paymentUnavailable } from './refusals.ts';

/*
 * Checkout's rules over the country's data (src/config: delivery, stores, BNPL terms, address
 * rules): what the options offer is exactly what the order accepts, from the same functions.
 */

const money = (country: CountryCode, minor: number) => ({ currency: COUNTRIES[country].currency, amount: minor / 100 });

const collectStores = (country: CountryCode) => STORES.filter((store) => store.country === country && store.clickAndCollect);

export function storeNameOf(id: string): string | null {
  return STORES.find((store) => store.id === id)?.name ?? null;
}

/** A bag of e-gift cards only: delivered by email, so neither an address nor a delivery fee applies (the bag's rule, `isGiftCardsOnly`). */
export function isEmailOnly(bag: Pick<ServerBag, 'lines' | 'giftCards'>): boolean {
  return isGiftCardsOnly(bag);
}

/** Delivery methods of the country with their fee for this bag; click & collect where a store of the country has it. E-gift cards only: standard, free (by email). */
export function deliveryOptions(country: CountryCode, bag: ServerBag): CheckoutOptions['delivery'] {
  if (isEmailOnly(bag)) return [{ method: 'standard', fee: money(country, 0), free: true, days: '0' }];
  const goodsMinor = goodsMinorOf(bag);
  const options: CheckoutOptions['delivery'] = [];
  for (const method of ['standard', 'express'] as const) {
    const fee = deliveryFeeMinor(country, method, goodsMinor);
    const rule = DELIVERY_RATES[country][method];
    if (fee === null || rule === null) continue;
    options.push({ method, fee: money(country, fee), free: fee === 0, days: rule.days });
  }
  if (collectStores(country).length > 0) options.push({ method: 'click_collect', fee: money(country, 0), free: true, days: CLICK_AND_COLLECT_DAYS });
  return options;
}

/**
 * Card always; each BNPL provider of the country, available within its amounts (spec §9) for what
 * the shopper pays with it (`instalmentPlans`: the options say it for the bag's total, the order for
 * what is left after delivery and gift cards), else with the reason.
 */
export function paymentOptions(country: CountryCode, payableMinor: number): CheckoutOptions['payment'] {
  return [
    { method: 'card', available: true, reason: null, minimum: null, maximum: null },
    ...instalmentPlans(country, payableMinor).map((plan) => ({
      method: plan.provider,
      available: plan.refusal === null,
      reason: plan.refusal,
      minimum: money(country, plan.minimumMinor),
      maximum: money(country, plan.maximumMinor),
    })),
  ];
}

export function storeOptions(country: CountryCode): CheckoutOptions['stores'] {
  return collectStores(country).map((store) => ({ id: store.id, name: store.name, city: store.city }));
}

/**
 * The delivery as the order keeps it, with its fee; a 400 naming each bad field of the address. A
 * bag of e-gift cards only is emailed: the delivery sent is not checked and is kept as standard, free.
 */
export function checkDelivery(country: CountryCode, delivery: OrderCreate['delivery'], bag: ServerBag): { feeMinor: number; input: CommitInput['delivery'] } {
  if (isEmailOnly(bag)) return { feeMinor: 0, input: { method: 'standard', storeId: null, storeName: null, address: delivery.address } };
  const street = delivery.method !== 'click_collect';
  let storeId: string | null = null;
  let storeName: string | null = null;
  let feeMinor = 0;
  if (delivery.method !== 'click_collect') {
    const fee = deliveryFeeMinor(country, delivery.method, goodsMinorOf(bag));
    if (fee === null) throw deliveryUnavailable('body.delivery.method');
    feeMinor = fee;
  } else {
    const store = collectStores(country).find((s) => s.id === delivery.storeId);
    if (!store) throw deliveryUnavailable('body.delivery.storeId');
    storeId = store.id;
    storeName = store.name;
  }
  const issues = addressIssues(country, delivery.address, { street });
  if (issues.length > 0) throw invalidRequest(issues.map((issue) => ({ field: `body.delivery.address.${issue.field}`, message: ADDRESS_ISSUE_MESSAGES[issue.code] })));
  return { feeMinor, input: { method: delivery.method, storeId, storeName, address: delivery.address } };
}

/** Refuses a payment method the country does not offer at all (an order the gift cards pay in full takes no payment, but names an offered method). */
export function checkPaymentOffered(country: CountryCode, method: PaymentMethod): void {
  if (method === 'gift_cards') return;
  if (!paymentOptions(country, 0).some((o) => o.method === method)) throw paymentUnavailable('not_offered');
}

/** Refuses a payment method the country does not offer, or a BNPL outside its amounts for what it would take (the rest after gift cards, delivery included). */
export function checkPayment(country: CountryCode, method: PaymentMethod, payableMinor: number): void {
  const option = paymentOptions(country, payableMinor).find((o) => o.method === method);
  if (!option) throw paymentUnavailable('not_offered');
  if (option.reason !== null) throw paymentUnavailable(option.reason);
}
