import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { POINT_SOURCES, type PointSource } from '../../contract/points.ts';
import { TIER_CHANGE_REASONS, type TierChangeReason } from '../../contract/beauty-pass.ts';
import { TIER_CHANGES, TIER_NAMES, type TierChange, type TierName } from '../../contract/loyalty.ts';
import { users } from './schema-accounts.ts';
import { carts } from './schema-cart.ts';
import { countries, type Localized } from './schema-catalogue.ts';
import { orders } from './schema-orders.ts';
import { inList } from './sql-literal.ts';

/*
 * Beauty Pass, every table of it together: the members (tier, year, spend and balance), the points
 * ledger, the tier changes with their reasons, the daily job's runs, the rewards boutique and a
 * reward set aside in a bag.
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A registered Beauty Pass member (spec §6); a row exists only for members. Its row lock orders
 * every change of the member's points and tier (src/server/loyalty/ledger.ts): `points` is the
 * ledger's sum kept beside it, and its check is what keeps a balance from going below zero under
 * any interleaving. Dates are calendar days in the member's country (users.country).
 */
export const beautyPassMembers = pgTable(
  'beauty_pass_members',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tier: text('tier').notNull(),
    points: integer('points').notNull().default(0),
    /** The country's Beauty Pass terms variant the member agreed to. */
    termsVariant: text('terms_variant').notNull(),
    joinedAt: at('joined_at').notNull().defaultNow(),
    /** First and last day of the membership year (spend toward the next tier and renewal counts within it). */
    yearStart: date('year_start', { mode: 'string' }).notNull().default(sql`current_date`),
    yearEnd: date('year_end', { mode: 'string' }).notNull().default(sql`(current_date + interval '1 year' - interval '1 day')::date`),
    /** Spend of the membership year so far, in minor units of the country's currency. */
    spendMinor: bigint('spend_minor', { mode: 'number' }).notNull().default(0),
    /** The last purchase or reward redemption (joining, before any): every point expires 18 months after it (spec §9). */
    pointsActiveOn: date('points_active_on', { mode: 'string' }).notNull().default(sql`current_date`),
  },
  (t) => [check('beauty_pass_members_points_check', sql`${t.points} >= 0`), check('beauty_pass_members_year_check', sql`${t.yearStart} <= ${t.yearEnd}`)],
);

/**
 * Beauty Pass points, one row per change (spec §3 point log sources): earned (+), used or expired
 * (−). The balance is the sum. `cause` makes each cause pay once: a replayed event (the same order,
 * the same review) hits the unique index and writes nothing.
 */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source').$type<PointSource>().notNull(),
    amount: integer('amount').notNull(),
    /** What the change is for, once per cause: `order:42`, `review:7`, `profile`, `registration`. */
    cause: text('cause').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The order number or product name the history sentence shows (spec §3 keys `…_with_order_number`, `…_with_name`). */
    reference: text('reference'),
    /** Last day the points of an earning row can be used, in the member's country (issue 15 moves it with each purchase). */
    expiresOn: date('expires_on', { mode: 'string' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('points_ledger_cause_uq').on(t.userId, t.cause),
    index('points_ledger_user_idx').on(t.userId, t.createdAt.desc(), t.id),
    check('points_ledger_source_check', sql`${t.source} in (${inList(POINT_SOURCES)})`),
    check('points_ledger_amount_check', sql`${t.amount} <> 0`),
  ],
);

/**
 * Every tier change, with the facts its message needs. `cause` makes each decision once (an
 * upgrade `order:<id>`, a year end `year:<year_end>`): a second run of the job, or a second process,
 * hits the unique index. A downgrade takes effect after a notice period (`effective_on`); until
 * `applied_at` the member keeps the tier and sees the failed renewal.
 */
export const tierChanges = pgTable(
  'tier_changes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromTier: text('from_tier').$type<TierName>().notNull(),
    toTier: text('to_tier').$type<TierName>().notNull(),
    change: text('change').$type<TierChange>().notNull(),
    reason: text('reason').$type<TierChangeReason>().notNull(),
    /** The spend decided on, in minor units of the member's currency. */
    spendMinor: bigint('spend_minor', { mode: 'number' }).notNull(),
    /** The membership year the decision closed (a year end's) or ran in (an upgrade's): its last day. */
    yearEnd: date('year_end', { mode: 'string' }).notNull(),
    /** The member's calendar day it takes effect. */
    effectiveOn: date('effective_on', { mode: 'string' }).notNull(),
    appliedAt: at('applied_at'),
    /** When the member acknowledged its message; null while it is news. */
    seenAt: at('seen_at'),
    cause: text('cause').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tier_changes_cause_uq').on(t.userId, t.cause),
    index('tier_changes_user_idx').on(t.userId, t.effectiveOn.desc(), t.id),
    index('tier_changes_pending_idx').on(t.effectiveOn).where(sql`${t.appliedAt} is null`),
    check('tier_changes_tier_check', sql`${t.fromTier} in (${inList(TIER_NAMES)}) and ${t.toTier} in (${inList(TIER_NAMES)})`),
    check('tier_changes_change_check', sql`${t.change} in (${inList(TIER_CHANGES)})`),
    check('tier_changes_reason_check', sql`${t.reason} in (${inList(TIER_CHANGE_REASONS)})`),
  ],
);

/**
 * One row per country and calendar day the daily job has finished: written in the run's last
 * transaction, so a crashed run is run again and a finished one is never run twice (several
 * processes race for the row; the loser finds it there).
 */
export const loyaltyJobRuns = pgTable(
  'loyalty_job_runs',
  {
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    day: date('day', { mode: 'string' }).notNull(),
    expiredMembers: integer('expired_members').notNull(),
    closedYears: integer('closed_years').notNull(),
    appliedChanges: integer('applied_changes').notNull(),
    finishedAt: at('finished_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.countryCode, t.day] })],
);

/** The rewards boutique (spec §1): per country, bought with points, for some tiers, while stock lasts. */
export const rewards = pgTable(
  'rewards',
  {
    id: serial('id').primaryKey(),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    slug: text('slug').notNull(),
    name: jsonb('name').$type<Localized>().notNull(),
    description: jsonb('description').$type<Localized>().notNull(),
    imageUrl: text('image_url').notNull(),
    pointsCost: integer('points_cost').notNull(),
    tiers: text('tiers').array().$type<TierName[]>().notNull(),
    /** Units not yet taken by an order; a bag's hold sets one aside without taking it. */
    stock: integer('stock').notNull(),
  },
  (t) => [
    uniqueIndex('rewards_country_slug_uq').on(t.countryCode, t.slug),
    check('rewards_points_cost_check', sql`${t.pointsCost} > 0`),
    check('rewards_stock_check', sql`${t.stock} >= 0`),
  ],
);

/**
 * The reward in a bag: one per bag, so one per customer per transaction (spec §5). While
 * `held_until` lasts it is set aside: the stock others see is `stock` less the live holds.
 */
export const cartRewards = pgTable(
  'cart_rewards',
  {
    cartId: integer('cart_id')
      .primaryKey()
      .references(() => carts.id, { onDelete: 'cascade' }),
    rewardId: integer('reward_id')
      .notNull()
      .references(() => rewards.id, { onDelete: 'cascade' }),
    heldUntil: at('held_until').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('cart_rewards_reward_idx').on(t.rewardId, t.heldUntil)],
);
