import type { CountryCode } from './countries.ts';
import type { TierThresholds } from '../contract/loyalty.ts';

/**
 * True while the figures below are ours: the spec names the tiers and their messages but gives no
 * amounts. They sit at roughly the same value in every country (SG as the reference, converted
 * and rounded to amounts a shopper would read naturally) until the business supplies real ones;
 * the server will serve them with the Beauty Pass status, so correcting them touches no code.
 */
export const TIER_THRESHOLDS_ASSUMED = true;

/** Days before the year end from which a member short of the renewal spend sees the countdown. */
const NEARING_EXPIRY_DAYS = 60;

/**
 * Days between a year end short of the renewal spend and the tier actually dropping. The member
 * keeps the tier meanwhile and sees the failed renewal ("will move to Black"), so the change is
 * never a surprise, and an order in those days that reaches the tier again keeps it. Ours, like
 * the thresholds: the spec says when a tier is lost, not how soon it shows.
 */
export const RENEWAL_NOTICE_DAYS = 14;

/** Spend to reach and to keep each tier within one membership year, per country, in local currency. */
export const TIER_THRESHOLDS: Readonly<Record<CountryCode, TierThresholds>> = {
  AU: { country: 'AU', currency: 'AUD', reach: { white: 50, black: 450, gold: 1300 }, renew: { black: 350, gold: 1100 }, nearingExpiryDays: NEARING_EXPIRY_DAYS },
  HK: { country: 'HK', currency: 'HKD', reach: { white: 300, black: 2400, gold: 7000 }, renew: { black: 1800, gold: 6000 }, nearingExpiryDays: NEARING_EXPIRY_DAYS },
  ID: { country: 'ID', currency: 'IDR', reach: { white: 500000, black: 4500000, gold: 14000000 }, renew: { black: 3500000, gold: 12000000 }, nearingExpiryDays: NEARING_EXPIRY_DAYS },
  MY: { country: 'MY', currency: 'MYR', reach: { white: 150, black: 1300, gold: 4000 }, renew: { black: 1000, gold: 3400 }, nearingExpiryDays: NEARING_EXPIRY_DAYS },
  NZ: { country: 'NZ', currency: 'NZD', reach: { white: 60, black: 500, gold: 1450 }, renew: { black: 380, gold: 1200 }, nearingExpiryDays: NEARING_EXPIRY_DAYS },
  PH: { country: 'PH', currency: 'PHP', reach: { white: 2000, black: 17000, gold: 50000 }, renew: { black: 13000, gold: 43000 }, nearingExpiryDays: NEARING_EXPIRY_DAYS },
  SG: { country: 'SG', currency: 'SGD', reach: { white: 50, black: 400, gold: 1200 }, renew: { black: 300, gold: 1000 }, nearingExpiryDays: NEARING_EXPIRY_DAYS },
  TH: { country: 'TH', currency: 'THB', reach: { white: 1300, black: 10000, gold: 30000 }, renew: { black: 8000, gold: 26000 }, nearingExpiryDays: NEARING_EXPIRY_DAYS },
};
