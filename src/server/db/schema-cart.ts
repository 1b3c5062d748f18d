import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { LINE_QUANTITY_LIMIT } from '../../config/cart.ts';
import { integerLiteral } from './sql-literal.ts';
import { countries, type Localized, products, variants } from './schema-catalogue.ts';
import { users } from './schema-accounts.ts';

/*
 * The bag and the wish list (issue 12), with the samples and offers a bag may hold. Money columns
 * are minor units (1/100) as everywhere else.
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A sample a shopper may pick with a purchase (spec §5), per country; free, never in the subtotal. */
export const samples = pgTable(
  'samples',
  {
    id: serial('id').primaryKey(),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    name: jsonb('name').$type<Localized>().notNull(),
    stock: integer('stock').notNull(),
    position: smallint('position').notNull(),
  },
  (t) => [index('samples_country_idx').on(t.countryCode, t.position), check('samples_stock_check', sql`${t.stock} >= 0`)],
);

/**
 * A promotion of one country (spec §3 Offer): `percent` off or an `amount` (minor units) off, from a
 * minimum spend or none, usable through `valid_till` in the country's calendar. `tiers`: a Beauty
 * Pass offer for those tiers only; null: everyone's.
 */
export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    title: jsonb('title').$type<Localized>().notNull(),
    description: jsonb('description').$type<Localized>().notNull(),
    kind: text('kind').$type<'percent' | 'amount'>().notNull(),
    /** Percent (1–100) or minor units, by `kind`. */
    value: integer('value').notNull(),
    minimumSpendMinor: integer('minimum_spend_minor'),
    /** First day the code works, in the country's calendar; null: from its creation. */
    validFrom: date('valid_from', { mode: 'string' }),
    validTill: date('valid_till', { mode: 'string' }).notNull(),
    tiers: text('tiers').array(),
    /** Most orders the code may discount in all (null: no limit), and per member or guest email (null: no limit). */
    usageLimitTotal: integer('usage_limit_total'),
    usageLimitPerCustomer: integer('usage_limit_per_customer'),
  },
  (t) => [
    uniqueIndex('offers_country_code_uq').on(t.countryCode, t.code),
    check('offers_kind_check', sql`${t.kind} in ('percent', 'amount') and ${t.value} > 0 and (${t.kind} = 'amount' or ${t.value} <= 100)`),
  ],
);

/**
 * One bag per shopper and country: a member's by `user_id`, a guest's by the sha256 of the opaque
 * token in its http-only cookie (a leaked table hands out no bags). Created on the first write only.
 */
export const carts = pgTable(
  'carts',
  {
    id: serial('id').primaryKey(),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    guestTokenHash: text('guest_token_hash'),
    /** Moves on with every write of the bag or its lines (one UPDATE … RETURNING in the write's transaction). */
    version: integer('version').notNull().default(0),
    appliedOfferId: integer('applied_offer_id').references(() => offers.id, { onDelete: 'set null' }),
    /** What the last guest-bag merge capped, shown once (cleared by the next read of the bag). */
    mergeNotice: jsonb('merge_notice').$type<MergeNoticeEntry[]>(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('carts_user_country_uq').on(t.userId, t.countryCode),
    uniqueIndex('carts_guest_country_uq').on(t.guestTokenHash, t.countryCode),
    check('carts_owner_check', sql`(${t.userId} is null) <> (${t.guestTokenHash} is null)`),
  ],
);

export interface MergeNoticeEntry {
  variantId: number;
  requested: number;
  kept: number;
}

export const cartLines = pgTable(
  'cart_lines',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_lines_cart_variant_uq').on(t.cartId, t.variantId),
    // The database holds the rule too: no write path can store a quantity the contract refuses.
    check('cart_lines_quantity_check', sql`${t.quantity} between 1 and ${integerLiteral(LINE_QUANTITY_LIMIT)}`),
  ],
);

export const cartSamples = pgTable(
  'cart_samples',
  {
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    sampleId: integer('sample_id')
      .notNull()
      .references(() => samples.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.sampleId] })],
);

/** A member's wish list: one entry per product, with the shade or size liked last (optional). */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id').references(() => variants.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);
