import { BNPL_TERMS, ROUNDING_MINOR } from './cart.ts';
import type { BnplProvider, CountryCode } from './countries.ts';

/*
 * Rounding and the instalment line, apart from the figures of cart.ts: the bag's schemas (and the
 * product page's "Add to bag") read cart.ts, and these functions are for the bag, checkout and the
 * server only, so they stay out of the first screens' chunks.
 */

/** To the country's smallest shown amount (whole rupiah in Indonesia, cents elsewhere). */
export function roundMinor(country: CountryCode, minor: number): number {
  const step = ROUNDING_MINOR[country];
  return Math.round(minor / step) * step;
}

/** Why a buy-now-pay-later provider cannot take an amount: outside its published limits. */
export type InstalmentRefusal = 'below_minimum' | 'above_maximum';

/** One provider's instalment line for an amount: how many payments, each of how much, and whether it takes it. */
export interface InstalmentPlan {
  provider: BnplProvider;
  instalments: number;
  /** Each payment in minor units, rounded up to the country's shown unit so the payments cover the amount. */
  instalmentMinor: number;
  refusal: InstalmentRefusal | null;
  minimumMinor: number;
  maximumMinor: number;
}

/**
 * The instalment line, written once for the bag, checkout's payment step, its review and the
 * confirmation: from what the shopper will pay with the provider (the order's total after delivery,
 * discounts and gift cards; the bag's total before a delivery is chosen). The providers' limits
 * apply to that amount, and nothing payable (0: gift cards pay it all) is below every minimum.
 */
export function instalmentPlans(country: CountryCode, payableMinor: number): InstalmentPlan[] {
  const step = ROUNDING_MINOR[country];
  return (BNPL_TERMS[country] ?? []).map((terms) => {
    const minimumMinor = terms.minimum * 100;
    const maximumMinor = terms.maximum * 100;
    const refusal = payableMinor <= 0 || payableMinor < minimumMinor ? 'below_minimum' : payableMinor > maximumMinor ? 'above_maximum' : null;
    // One integer division: each payment rounded up to the shown unit, never a binary fraction.
    const instalmentMinor = Math.ceil(Math.max(0, payableMinor) / (terms.instalments * step)) * step;
    return { provider: terms.provider, instalments: terms.instalments, instalmentMinor, refusal, minimumMinor, maximumMinor };
  });
}
