import type { CountryCode } from '../../../config/countries.ts';

/** Fixed SGD → local rates: the seed must give the same prices on every run. */
export const SGD_RATE: Record<CountryCode, number> = { AU: 1.15, HK: 5.8, ID: 12_000, MY: 3.5, NZ: 1.25, PH: 43, SG: 1, TH: 26 };

/** Local price points in minor units (1/100): dollars end in .90, big currencies round to a step. */
const STEP_MINOR: Record<CountryCode, number> = { AU: 100, HK: 1_000, ID: 100_000, MY: 100, NZ: 100, PH: 1_000, SG: 100, TH: 1_000 };
const ENDS_IN_90: ReadonlySet<CountryCode> = new Set(['AU', 'MY', 'NZ', 'SG']);

/** Converts a Singapore price to a sensible local price in minor units. */
export function localPriceMinor(country: CountryCode, sgd: number): number {
  const step = STEP_MINOR[country];
  const raw = Math.round(sgd * SGD_RATE[country] * 100);
  const rounded = Math.max(step, Math.round(raw / step) * step);
  return ENDS_IN_90.has(country) ? rounded - 10 : rounded;
}

/** A sale price `percentOff` below `amountMinor`, on the same price points. */
export function salePriceMinor(country: CountryCode, amountMinor: number, percentOff: number): number {
  const step = STEP_MINOR[country];
  const target = (amountMinor * (100 - percentOff)) / 100;
  const rounded = Math.max(step, Math.floor(target / step) * step);
  const price = ENDS_IN_90.has(country) ? rounded - 10 : rounded;
  return Math.min(price, amountMinor - (ENDS_IN_90.has(country) ? 100 : step));
}
