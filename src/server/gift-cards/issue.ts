import { COUNTRIES, type CountryCode, type Site } from '../../config/countries.ts';
import type { CartGiftCard } from '../../contract/gift-cards.ts';
import { todayIn } from '../../contract/calendar-day.ts';
import type { Db } from '../db/client.ts';
import { giftCards } from '../db/schema.ts';
import { hashGiftCardPin, newGiftCardCode, newGiftCardPin } from './codes.ts';

/*
 * Cards coming into being: the e-gift cards of an order, written in the order's transaction (each
 * a random code; its PIN is drawn when the sender job emails it), and a card issued directly (by
 * customer service, or a test) with its PIN at once. And what an order shows of its cards.
 */

const minorOf = (amount: number) => Math.round(amount * 100);

/** In the order's transaction: one `gift_cards` row per e-gift card of the bag, to be emailed on its date. */
export async function issueOrderGiftCards(tx: Db, orderId: number, { country, language }: Site, lines: readonly CartGiftCard[]): Promise<void> {
  if (lines.length === 0) return;
  await tx.insert(giftCards).values(
    lines.map((line) => ({
      code: newGiftCardCode(),
      countryCode: country,
      language,
      currency: COUNTRIES[country].currency,
      initialMinor: minorOf(line.amount.amount),
      balanceMinor: minorOf(line.amount.amount),
      orderId,
      recipientName: line.recipientName,
      recipientEmail: line.recipientEmail,
      senderName: line.senderName,
      message: line.message,
      sendOn: line.sendOn,
    })),
  );
}

export interface IssuedGiftCard {
  id: number;
  code: string;
  pin: string;
}

/**
 * A card issued outside checkout, already delivered (its PIN set, `sent_at` now): customer service's
 * goodwill card, a test's card. Sent today in the card's country, as the sender job counts days.
 */
export async function issueGiftCard(db: Db, card: { country: CountryCode; amountMinor: number; recipientEmail: string; recipientName?: string; sendOn?: string; pin?: string }, now = new Date()): Promise<IssuedGiftCard> {
  const code = newGiftCardCode();
  const pin = card.pin ?? newGiftCardPin();
  const [row] = await db
    .insert(giftCards)
    .values({
      code,
      pinHash: await hashGiftCardPin(pin),
      countryCode: card.country,
      currency: COUNTRIES[card.country].currency,
      initialMinor: card.amountMinor,
      balanceMinor: card.amountMinor,
      recipientName: card.recipientName ?? '',
      recipientEmail: card.recipientEmail,
      senderName: 'Beauty Pass',
      sendOn: card.sendOn ?? todayIn(card.country, now.getTime()),
      sentAt: now,
    })
    .returning({ id: giftCards.id });
  if (!row) throw new Error('the gift card was not written');
  return { id: row.id, code, pin };
}
