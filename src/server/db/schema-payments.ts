import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { DeclineReason } from '../payments/provider.ts';

/**
 * The test card processor's own records (src/server/payments/test-card-processor.ts): what a card
 * processor keeps on its side of the contract, kept here because this machine cannot reach one. A
 * real provider replaces the processor and this table with its API.
 */
export const testCardPayments = pgTable(
  'test_card_payments',
  {
    /** `tcp_…`: the processor's payment id. */
    id: text('id').primaryKey(),
    /** The merchant's key for the authorization: a retry with the same key gets the same payment. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** sha256 of what was asked (amount, currency, card): the same key for another request is refused. */
    requestHash: text('request_hash').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    status: text('status').$type<'requires_challenge' | 'authorized' | 'captured' | 'voided' | 'declined'>().notNull(),
    /** Why it was declined, null otherwise. */
    declineReason: text('decline_reason').$type<DeclineReason>(),
    refundedMinor: integer('refunded_minor').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** When the hold began (at the authorization, or when the bank's challenge was passed); null while none. */
    authorizedAt: timestamp('authorized_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // The holds still open, oldest first: what the payment sweeper asks for (`heldBefore`).
    index('test_card_payments_held_idx').on(t.authorizedAt).where(sql`${t.status} = 'authorized'`),
    check('test_card_payments_amount_check', sql`${t.amountMinor} > 0`),
    // The database decides: refunds never exceed what was captured, whatever runs at once.
    check('test_card_payments_refund_check', sql`${t.refundedMinor} >= 0 and ${t.refundedMinor} <= ${t.amountMinor}`),
  ],
);

/**
 * The store's side of every held payment (src/server/checkout/settle.ts): what is to become of the
 * hold, decided once. The order's transaction writes `capture` with the order (a lease of a minute
 * for its own request to capture); the payment sweeper writes `void` for a hold no order was written
 * for. The primary key makes the two exclusive: an order never commits on a hold the sweeper decided
 * to release, and the sweeper never releases a hold an order was written on. `lease_until` keeps a
 * second sweeper (or process) off a payment while one settles it; `settled_at` ends it.
 */
export const paymentSettlements = pgTable(
  'payment_settlements',
  {
    /** The provider's payment id. */
    paymentId: text('payment_id').primaryKey(),
    provider: text('provider').notNull(),
    decision: text('decision').$type<'capture' | 'void'>().notNull(),
    /** The order written on the hold (`capture`); null for a hold released without one. */
    orderId: integer('order_id'),
    /** Until when the request or sweeper that holds it settles it; after that, a sweeper takes over. */
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }).notNull(),
    /** What the provider holds now: `failed` when it refused in a way only staff can settle. */
    outcome: text('outcome').$type<'captured' | 'voided' | 'failed'>(),
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('payment_settlements_open_idx').on(t.leaseUntil).where(sql`${t.settledAt} is null`),
    check('payment_settlements_decision_check', sql`${t.decision} in ('capture', 'void')`),
    check('payment_settlements_outcome_check', sql`${t.outcome} is null or ${t.outcome} in ('captured', 'voided', 'failed')`),
  ],
);
