import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { LanguageCode } from '../../config/countries.ts';
import { carts } from './schema-cart.ts';
import { orders } from './schema-orders.ts';

/*
 * E-gift cards (issue 13): the cards, every change of their balance, and the cards waiting in a bag.
 * Money in minor units (1/100) of the card's currency. The database keeps a balance between 0 and
 * what was loaded whatever runs at once; spending is a conditional UPDATE under the row's lock
 * (src/server/gift-cards/redeem.ts).
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const giftCards = pgTable(
  'gift_cards',
  {
    id: serial('id').primaryKey(),
    /** 16 characters of an alphabet without look-alikes, stored without dashes; shown `XXXX-XXXX-XXXX-XXXX`. */
    code: text('code').notNull(),
    /**
     * scrypt hash of the PIN. Null until the card is emailed: the PIN is drawn when the sender job
     * writes the email (in the same transaction), so it exists in clear only in that email and a card
     * cannot be spent before its recipient has it.
     */
    pinHash: text('pin_hash'),
    /** Where it was bought and where it pays. */
    countryCode: text('country_code').notNull(),
    /** The language the buyer shopped in: the email's language once email texts are translated. */
    language: text('language').$type<LanguageCode>(),
    currency: text('currency').notNull(),
    initialMinor: integer('initial_minor').notNull(),
    balanceMinor: integer('balance_minor').notNull(),
    /** The order that bought it; null for a card issued otherwise (customer service, tests). */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    recipientName: text('recipient_name').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    senderName: text('sender_name').notNull(),
    message: text('message').notNull().default(''),
    /** The day it is emailed, in the card's country's calendar. */
    sendOn: date('send_on', { mode: 'string' }).notNull(),
    /** When the sender job wrote its email to the outbox; null: still to send. */
    sentAt: at('sent_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gift_cards_code_uq').on(t.code),
    index('gift_cards_order_idx').on(t.orderId),
    // The sender job's question: cards not sent yet, by date.
    index('gift_cards_unsent_idx').on(t.sendOn, t.id).where(sql`${t.sentAt} is null`),
    check('gift_cards_balance_check', sql`${t.initialMinor} > 0 and ${t.balanceMinor} between 0 and ${t.initialMinor}`),
  ],
);

/**
 * Every change of a card's balance, one row per spend (negative) or refund (positive), with its
 * order. Once per card, order and kind: a refund run twice returns the money once.
 */
export const giftCardTransactions = pgTable(
  'gift_card_transactions',
  {
    id: serial('id').primaryKey(),
    giftCardId: integer('gift_card_id')
      .notNull()
      .references(() => giftCards.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'spend' | 'refund'>().notNull(),
    amountMinor: integer('amount_minor').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gift_card_transactions_once_uq').on(t.giftCardId, t.orderId, t.kind),
    index('gift_card_transactions_order_idx').on(t.orderId),
    check('gift_card_transactions_kind_check', sql`(${t.kind} = 'spend' and ${t.amountMinor} < 0) or (${t.kind} = 'refund' and ${t.amountMinor} > 0)`),
  ],
);

/** E-gift cards in a bag (`POST cart/gift-cards`): at checkout each becomes a `gift_cards` row of the order. */
export const cartGiftCards = pgTable(
  'cart_gift_cards',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    amountMinor: integer('amount_minor').notNull(),
    recipientName: text('recipient_name').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    senderName: text('sender_name').notNull(),
    message: text('message').notNull().default(''),
    sendOn: date('send_on', { mode: 'string' }).notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('cart_gift_cards_cart_idx').on(t.cartId, t.id), check('cart_gift_cards_amount_check', sql`${t.amountMinor} > 0`)],
);
