import * as v from 'valibot';
import { CountryCodeSchema } from './site-input.ts';

/** Beauty Pass tiers, lowest first (spec §4). Pink is where every member starts. */
export const TIER_NAMES = ['pink', 'white', 'black', 'gold'] as const;
export const TierNameSchema = v.picklist(TIER_NAMES, 'must be one of pink, white, black, gold');
export type TierName = v.InferOutput<typeof TierNameSchema>;

/** What happened to the member's tier last: drives the "just upgraded", "renewed" and "downgraded" messages. */
export const TIER_CHANGES = ['upgraded', 'renewed', 'downgraded'] as const;
export const TierChangeSchema = v.picklist(TIER_CHANGES, 'must be one of upgraded, renewed, downgraded');
export type TierChange = v.InferOutput<typeof TierChangeSchema>;

/** A calendar date `YYYY-MM-DD` in the member's country (membership years end on a date, not an instant). */
export const IsoDateSchema = v.pipe(v.string(), v.isoDate('must be a date YYYY-MM-DD'));

const AmountSchema = v.pipe(v.number(), v.finite(), v.minValue(0, 'must not be negative'));

/**
 * Spend thresholds of one country, in major units of its currency. They are data (the server
 * serves them with the Beauty Pass status), never constants in the tier machine.
 */
export const TierThresholdsSchema = v.pipe(
  v.object({
    /** The country whose members these apply to. */
    country: CountryCodeSchema,
    /** ISO 4217 code every amount here is in, e.g. `SGD`. */
    currency: v.pipe(v.string(), v.length(3)),
    /** Spend within one membership year that lifts a member to the tier. */
    reach: v.object({ white: AmountSchema, black: AmountSchema, gold: AmountSchema }),
    /** Spend within one membership year that keeps the tier for another year (pink and white never lapse). */
    renew: v.object({ black: AmountSchema, gold: AmountSchema }),
    /** From this many days before the year end, a member short of the renewal spend is told the days left. */
    nearingExpiryDays: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(366)),
  }),
  v.check((t) => t.reach.white < t.reach.black && t.reach.black < t.reach.gold, 'reach thresholds must rise: white < black < gold'),
  v.check((t) => t.renew.black <= t.reach.black && t.renew.gold <= t.reach.gold, 'keeping a tier must not cost more than reaching it'),
  v.check((t) => t.renew.black < t.renew.gold, 'renewing gold must cost more than renewing black'),
);
export type TierThresholds = v.InferOutput<typeof TierThresholdsSchema>;

/** A member's place in the programme, as the server knows it. */
export const MemberTierStatusSchema = v.object({
  tier: TierNameSchema,
  /** Spend counted in the current membership year, in major units of the country's currency. */
  spend: AmountSchema,
  /** Last day of the current membership year (inclusive). */
  yearEnd: IsoDateSchema,
  /** The last change of tier, until the member has seen its message; null when there is nothing new. */
  lastChange: v.nullable(TierChangeSchema),
});
export type MemberTierStatus = v.InferOutput<typeof MemberTierStatusSchema>;

/** The Beauty Pass tier answer: the member's status with the thresholds of their country. */
export const BeautyPassTierSchema = v.object({
  status: MemberTierStatusSchema,
  thresholds: TierThresholdsSchema,
});
export type BeautyPassTier = v.InferOutput<typeof BeautyPassTierSchema>;
