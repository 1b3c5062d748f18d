import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
  },
  (t) => [
    check('test_card_payments_amount_check', sql`${t.amountMinor} > 0`),
    // The database decides: refunds never exceed what was captured, whatever runs at once.
    check('test_card_payments_refund_check', sql`${t.refundedMinor} >= 0 and ${t.refundedMinor} <= ${t.amountMinor}`),
  ],
);
