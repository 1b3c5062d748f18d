import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { LanguageCode } from '../../config/countries.ts';
import type { Address, DeliveryMethod, OrderStatus, PaymentMethod } from '../../contract/checkout.ts';
import { LINE_QUANTITY_LIMIT } from '../../config/cart.ts';
import { users } from './schema-accounts.ts';
import { offers } from './schema-cart.ts';
import { inList, integerLiteral } from './sql-literal.ts';

/*
 * Orders, the points ledger and what checkout keeps between requests (issue 13). An order keeps
 * every figure as it was placed (prices, tax, discount, shipping, payment, address): it never
 * follows later changes of the catalogue.
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** What the shopper sees and quotes: country code and a number (`SG10000042`). */
    number: text('number').notNull(),
    /** The checkout intent's key: one order per key, whatever retries or tabs send it. */
    intentKey: text('intent_key').notNull(),
    countryCode: text('country_code').notNull(),
    language: text('language').$type<LanguageCode>().notNull(),
    /** Null: a guest's order (found by number and email), or one whose account was deleted (the order stays, for the books). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    status: text('status').$type<OrderStatus>().notNull(),
    currency: text('currency').notNull(),
    subtotalMinor: integer('subtotal_minor').notNull(),
    discountMinor: integer('discount_minor').notNull(),
    promoCode: text('promo_code'),
    taxLabel: text('tax_label'),
    taxPercent: integer('tax_percent'),
    taxMinor: integer('tax_minor'),
    deliveryMethod: text('delivery_method').$type<DeliveryMethod>().notNull(),
    shippingMinor: integer('shipping_minor').notNull(),
    storeId: text('store_id'),
    giftCardMinor: integer('gift_card_minor').notNull().default(0),
    totalMinor: integer('total_minor').notNull(),
    paymentMethod: text('payment_method').$type<PaymentMethod>().notNull(),
    paymentProvider: text('payment_provider').notNull(),
    /** The provider's payment id: what a refund or a void names. */
    paymentId: text('payment_id'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** What the card or BNPL provider was charged (total less gift cards). */
    paidMinor: integer('paid_minor').notNull(),
    address: jsonb('address').$type<Address>().notNull(),
    samples: jsonb('samples').$type<{ name: string }[]>().notNull(),
    pointsEarned: integer('points_earned').notNull().default(0),
    /** Points the order's reward cost (taken when it was placed, returned when it is cancelled). */
    pointsUsed: integer('points_used').notNull().default(0),
    /** The reward it redeemed, by name as it was (a reward may be withdrawn later). */
    rewardId: integer('reward_id'),
    rewardName: text('reward_name'),
    placedAt: at('placed_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_number_uq').on(t.number),
    uniqueIndex('orders_intent_key_uq').on(t.intentKey),
    index('orders_user_idx').on(t.userId, t.placedAt.desc(), t.id),
    // The payment sweeper finds the order of an authorization by its payment (src/server/jobs/payment-sweeper.ts).
    index('orders_payment_idx').on(t.paymentId),
    check('orders_status_check', sql`${t.status} in (${inList(['placed', 'paid', 'shipped', 'delivered', 'cancelled', 'refunded'])})`),
    check('orders_amounts_check', sql`${t.subtotalMinor} >= 0 and ${t.discountMinor} >= 0 and ${t.shippingMinor} >= 0 and ${t.giftCardMinor} >= 0 and ${t.paidMinor} >= 0 and ${t.totalMinor} = ${t.paidMinor} + ${t.giftCardMinor}`),
  ],
);

/** Gives order numbers: one sequence for every country, so numbers never repeat across them. */
export const ORDER_NUMBER_SEQUENCE = 'order_number_seq';

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    /** The variant as it was sold; null once it leaves the catalogue (the names below stay). */
    variantId: integer('variant_id'),
    productSlug: text('product_slug').notNull(),
    productName: text('product_name').notNull(),
    brandName: text('brand_name').notNull(),
    variantName: text('variant_name').notNull(),
    variantKind: text('variant_kind').$type<'shade' | 'size'>().notNull(),
    colorHex: text('color_hex'),
    sku: text('sku').notNull(),
    quantity: integer('quantity').notNull(),
    unitMinor: integer('unit_minor').notNull(),
    lineMinor: integer('line_minor').notNull(),
    imageUrl: text('image_url').notNull(),
  },
  (t) => [
    uniqueIndex('order_lines_order_position_uq').on(t.orderId, t.position),
    check('order_lines_quantity_check', sql`${t.quantity} between 1 and ${integerLiteral(LINE_QUANTITY_LIMIT)} and ${t.lineMinor} = ${t.unitMinor} * ${t.quantity}`),
  ],
);

/** Every status an order has had, with when: the order detail's timeline. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').$type<OrderStatus>().notNull(),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

/**
 * A checkout whose card asked for the bank's challenge: the payment is authorized up to the
 * challenge, the order not written yet. It keeps what the order needs except the card (never
 * stored), and expires with the challenge.
 */
export const checkoutAttempts = pgTable(
  'checkout_attempts',
  {
    /** Random, handed to the shopper's browser: answering needs it (and the bag's owner). */
    id: text('id').primaryKey(),
    intentKey: text('intent_key').notNull(),
    cartId: integer('cart_id').notNull(),
    paymentId: text('payment_id').notNull(),
    /** The order's request without the card, and the bag version it was priced from. */
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    cardBrand: text('card_brand').notNull(),
    cardLast4: text('card_last4').notNull(),
    state: text('state').$type<'awaiting_challenge' | 'done' | 'failed'>().notNull(),
    expiresAt: at('expires_at').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('checkout_attempts_intent_uq').on(t.intentKey)],
);

/** A member's delivery addresses, saved at checkout (the newest used first). */
export const memberAddresses = pgTable(
  'member_addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    countryCode: text('country_code').notNull(),
    address: jsonb('address').$type<Address>().notNull(),
    /** sha256 of the normalised address: the same address is saved once. */
    addressHash: text('address_hash').notNull(),
    lastUsedAt: at('last_used_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('member_addresses_uq').on(t.userId, t.countryCode, t.addressHash)],
);

/** Promo code uses: the limits per member and in total are counted here, in the order's transaction. */
export const offerRedemptions = pgTable(
  'offer_redemptions',
  {
    id: serial('id').primaryKey(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    redeemedOn: date('redeemed_on', { mode: 'string' }).notNull(),
  },
  (t) => [index('offer_redemptions_offer_idx').on(t.offerId, t.userId), uniqueIndex('offer_redemptions_order_uq').on(t.orderId)],
);
