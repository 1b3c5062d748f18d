import type { CountryCode } from './countries.ts';

/*
 * Home delivery per country (issue 13): what standard and express delivery cost and how long they
 * take. Data, never branches in code: the server prices the order with it and checkout shows it.
 *
 * Standard delivery is free at or over the country's free-shipping threshold, which lives in
 * cart.ts (`FREE_SHIPPING_THRESHOLDS`, major units) and is not repeated here.
 * Express is never free: it pays for a courier, not a bulk carrier.
 *
 * Every fee and lead time below is our assumption (a plausible figure for the market, not a
 * carrier's quote) until the business signs its carriers' contracts.
 */

export interface DeliveryOption {
  /** Fee in minor units (1/100) of the country's currency, as every price of the store is kept. */
  feeMinor: number;
  /** Working days from dispatch to delivery, shown as is ('3–5'; an en dash). */
  days: string;
}

export interface DeliveryRates {
  standard: DeliveryOption;
  /** Null where the store offers no express delivery. */
  express: DeliveryOption | null;
}

export const DELIVERY_RATES: Readonly<Record<CountryCode, DeliveryRates>> = {
  AU: { standard: { feeMinor: 795, days: '3–6' }, express: { feeMinor: 1495, days: '1–2' } },
  HK: { standard: { feeMinor: 4_000, days: '2–3' }, express: { feeMinor: 8_000, days: '1' } },
  ID: { standard: { feeMinor: 2_000_000, days: '3–7' }, express: { feeMinor: 4_500_000, days: '1–2' } },
  MY: { standard: { feeMinor: 800, days: '3–5' }, express: { feeMinor: 1_500, days: '1–2' } },
  NZ: { standard: { feeMinor: 700, days: '2–5' }, express: { feeMinor: 1_200, days: '1–2' } },
  // No express in the Philippines: next-day couriers reach Metro Manila only, and an option most
  // of the country cannot have is one the checkout would have to explain away.
  PH: { standard: { feeMinor: 15_000, days: '3–7' }, express: null },
  SG: { standard: { feeMinor: 500, days: '2–4' }, express: { feeMinor: 1_000, days: '1' } },
  TH: { standard: { feeMinor: 6_000, days: '2–5' }, express: { feeMinor: 12_000, days: '1–2' } },
};

/**
 * Working days until a click & collect order is ready at the store, in every country (shown like
 * `days` above). Our assumption: stores are restocked from the country's warehouse daily. Click &
 * collect is free; which stores offer it is in stores.ts.
 */
export const CLICK_AND_COLLECT_DAYS = '1–2';
