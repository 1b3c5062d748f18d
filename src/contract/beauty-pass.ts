import * as v from 'valibot';
import { BeautyPassTierSchema, IsoDateSchema, TierChangeSchema, TierNameSchema } from './loyalty.ts';
import { PointSourceSchema } from './points.ts';
import { intFromQuery } from './site-input.ts';
import { MoneySchema, PageMetaSchema } from './site.ts';

/**
 * Beauty Pass for members (issue 15; spec §1, §3 Loyalty and Offer, §4 tiers, §5 reward limit, §6,
 * §7 `rewards`, §8, §9): the points balance with its expiry, the points history, the tier status
 * with the last change and why, the programme's offers, the rewards boutique and a reward in the
 * bag. The server decides every figure here; the SPA shows them and never recomputes a rule.
 */

const Count = v.pipe(v.number(), v.integer());

/** Why a tier changed (`tier_changes.reason`): what the daily job or the order that changed it saw. */
export const TIER_CHANGE_REASONS = [
  /** An order's spend reached a higher tier: upgraded at once. */
  'spend_reached',
  /** The year ended with the renewal spend met (black, gold) or on a tier that never lapses (white). */
  'renewal_met',
  /** The year ended short of the renewal spend: one tier down. */
  'renewal_missed',
] as const;
export const TierChangeReasonSchema = v.picklist(TIER_CHANGE_REASONS);
export type TierChangeReason = v.InferOutput<typeof TierChangeReasonSchema>;

/** A recorded tier change: the facts the tier machine's change messages are written from. */
export const TierChangeRecordSchema = v.object({
  from: TierNameSchema,
  to: TierNameSchema,
  change: TierChangeSchema,
  reason: TierChangeReasonSchema,
  /** The spend the decision was made on (the year's, or the upgrade's), in the member's currency. */
  spend: MoneySchema,
  /** The member's calendar day the change took effect. */
  on: IsoDateSchema,
  /** Whether the member has seen its message (`POST beauty-pass/tier/seen`). */
  seen: v.boolean(),
});
export type TierChangeRecord = v.InferOutput<typeof TierChangeRecordSchema>;

/**
 * The balance and when it goes: every point expires together, POINTS_EXPIRY_MONTHS after the last
 * purchase or reward redemption (spec §9), at the start of `expiry.on` in the member's country.
 */
export const PointsSummarySchema = v.object({
  balance: Count,
  /** Null when there is nothing to expire (a balance of 0). */
  expiry: v.nullable(
    v.object({
      on: IsoDateSchema,
      amount: Count,
      /** Whole days from the member's today to `on`. */
      daysLeft: Count,
      /** Within POINTS_WARNING_DAYS of `on`: the member is warned. */
      warning: v.boolean(),
    }),
  ),
  /** The last purchase or reward redemption (or joining, before any), in the member's calendar. */
  lastActivityOn: IsoDateSchema,
});
export type PointsSummary = v.InferOutput<typeof PointsSummarySchema>;

/** `GET beauty-pass`: a member's programme, as the account dashboard shows it. */
export const BeautyPassStatusSchema = v.object({
  /** The tier machine's input: the status (`lastChange` while unseen) and the country's thresholds. */
  tier: BeautyPassTierSchema,
  /** The member's today, in their country's calendar (the tier machine's `today`). */
  today: IsoDateSchema,
  /** First day of the current membership year. */
  yearStart: IsoDateSchema,
  /** The last tier change with its reason; null before any. */
  lastChange: v.nullable(TierChangeRecordSchema),
  points: PointsSummarySchema,
  joinedAt: v.pipe(v.string(), v.isoTimestamp()),
});
export type BeautyPassStatus = v.InferOutput<typeof BeautyPassStatusSchema>;
export const BeautyPassStatusResponseSchema = v.object({ data: BeautyPassStatusSchema });

/** `POST beauty-pass/members`: a signed-in shopper joins, agreeing to their country's Beauty Pass terms. */
export const JoinBeautyPassSchema = v.object({
  beautyPassTerms: v.literal(true, 'the Beauty Pass terms must be agreed to'),
});
export type JoinBeautyPass = v.InferOutput<typeof JoinBeautyPassSchema>;

/** One row of the points history: what changed the balance, by how much, and when. */
export const PointsEntrySchema = v.object({
  id: v.number(),
  source: PointSourceSchema,
  /** Points added (positive) or taken (negative). */
  amount: Count,
  at: v.pipe(v.string(), v.isoTimestamp()),
  /** What the sentence names: the order number or the product's name (spec §3 `…_with_order_number`, `…_with_name`); null otherwise. */
  reference: v.nullable(v.string()),
  /** The order it refers to, when one (the history links to it). */
  orderNumber: v.nullable(v.string()),
});
export type PointsEntry = v.InferOutput<typeof PointsEntrySchema>;

export const POINTS_HISTORY_PER_PAGE = 20;
export const PointsHistoryQuerySchema = v.object({ page: v.optional(intFromQuery(1, 10_000)) });
export type PointsHistoryQuery = v.InferOutput<typeof PointsHistoryQuerySchema>;
/** `GET beauty-pass/points`: a page of the history, newest first. */
export const PointsHistoryResponseSchema = v.object({ data: v.array(PointsEntrySchema), meta: PageMetaSchema });
export type PointsHistoryPage = v.InferOutput<typeof PointsHistoryResponseSchema>;

/** A Beauty Pass offer as the offers list shows it (spec §3 Offer). */
export const BeautyPassOfferSchema = v.object({
  code: v.string(),
  /** May hold `{amount}` and `{minimum}` (`offerText` of src/contract/offer-text.ts fills them where shown). */
  title: v.string(),
  description: v.string(),
  /** An amount offer's amount off; null for a percent offer. */
  amount: v.nullable(MoneySchema),
  /** Null: 'No minimum spend'. */
  minimumSpend: v.nullable(MoneySchema),
  /** Last day it can be used, in the country's calendar. */
  validTill: IsoDateSchema,
  /** The tiers it is for. */
  tiers: v.array(TierNameSchema),
  /** Whether the caller's tier may use it (false for visitors and other tiers). */
  eligible: v.boolean(),
});
export type BeautyPassOffer = v.InferOutput<typeof BeautyPassOfferSchema>;
export const BeautyPassOfferListResponseSchema = v.object({ data: v.array(BeautyPassOfferSchema) });
export const BeautyPassOfferResponseSchema = v.object({ data: BeautyPassOfferSchema });

/**
 * Why a reward cannot be redeemed by the caller now, most fundamental first: the rewards list
 * answers it per reward, and `POST cart/rewards` refuses with it (409, or 401 for `sign_in`).
 */
export const REWARD_REFUSALS = [
  /** A visitor: sign in first. */
  'sign_in',
  /** Signed in but not a registered Beauty Pass member (spec §6): join first. */
  'not_member',
  /** Not for the member's tier. */
  'tier',
  /** Out of stock (spec §5 "while supplies last"). */
  'out_of_stock',
  /** The balance is below its cost. */
  'points',
  /** The bag holds a reward already (spec §5 "one per customer per transaction"). */
  'one_per_transaction',
] as const;
export const RewardRefusalSchema = v.picklist(REWARD_REFUSALS);
export type RewardRefusal = v.InferOutput<typeof RewardRefusalSchema>;

export const REWARD_STOCK_STATES = ['in_stock', 'low_stock', 'out_of_stock'] as const;

/** A reward of the boutique (spec §1 rewards boutique, §7 `rewards`). */
export const RewardSchema = v.object({
  id: v.number(),
  name: v.string(),
  description: v.string(),
  imageUrl: v.string(),
  pointsCost: Count,
  /** The tiers that may redeem it. */
  tiers: v.array(TierNameSchema),
  stock: v.object({ state: v.picklist(REWARD_STOCK_STATES), available: Count }),
  /** Null: the caller may redeem it now. */
  refusal: v.nullable(RewardRefusalSchema),
});
export type Reward = v.InferOutput<typeof RewardSchema>;

export const REWARD_SORTS = ['points_asc', 'points_desc'] as const;
export const RewardListQuerySchema = v.object({ sort: v.optional(v.picklist(REWARD_SORTS)) });
export const RewardListResponseSchema = v.object({
  data: v.array(RewardSchema),
  meta: v.object({
    /** The caller's balance (null for visitors and non-members). */
    balance: v.nullable(Count),
    tier: v.nullable(TierNameSchema),
  }),
});
export type RewardList = v.InferOutput<typeof RewardListResponseSchema>;

/** `POST cart/rewards`: put a reward in the bag (it is held for the bag until REWARD_HOLD_MINUTES pass). */
export const RewardRedeemSchema = v.object({ rewardId: v.pipe(v.number('must be a number'), v.integer('must be a whole number'), v.minValue(1, 'must be at least 1'), v.maxValue(2_147_483_647, 'is too large')) });
export type RewardRedeem = v.InferOutput<typeof RewardRedeemSchema>;

/** How long a reward in a bag is set aside from the stock for it; after that another member may take the last one. */
export const REWARD_HOLD_MINUTES = 30;

/** A reward in the bag: a line that costs points, not money. */
export const CartRewardSchema = v.object({
  id: v.number(),
  name: v.string(),
  imageUrl: v.string(),
  pointsCost: Count,
  /** Null: its hold has lapsed and it is not set aside any more (placing the order takes it only if still there). */
  heldUntil: v.nullable(v.pipe(v.string(), v.isoTimestamp())),
});
export type CartReward = v.InferOutput<typeof CartRewardSchema>;
