import { eq, sql } from 'drizzle-orm';
import type { Site } from '../../config/countries.ts';
import { GIFT_CARD_ERROR_CODES, maskGiftCardCode, type GiftCardBalance, type GiftCardCredentials } from '../../contract/gift-cards.ts';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/query.ts';
import { giftCards } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { giftCardPinMatches } from './codes.ts';

/*
 * Spending e-gift cards. Before the payment: each card of `OrderCreate.giftCards` is checked (code
 * and PIN, the site's country, something left) and pays min(its balance, what is left), in the
 * order given; the payment is authorized for the rest. In the order's transaction
 * (`spendGiftCards`): the cards' rows are locked in id order and each is spent with a conditional
 * UPDATE, so two checkouts spending one card at once never take more than its balance: the one that
 * finds less than it counted on is refused (409 `gift_card_balance_changed`) and its hold voided.
 */

/** Wrong code-or-PIN guesses of the requesting client (`createRateLimit`, purpose `gift-card-balance`). */
export interface GiftCardGuesses {
  /** Throws 429 when the client has guessed wrong too often lately. */
  check(): Promise<void>;
  fail(): Promise<void>;
}

/** A card paying part of an order: its position in `body.giftCards`, and how much it pays. */
export interface AppliedGiftCard {
  index: number;
  id: number;
  amountMinor: number;
}

export interface CheckedCard {
  index: number;
  id: number;
  /** The code as stored, for the answer of `checkout/gift-cards` (masked there). */
  code: string;
  balanceMinor: number;
}

const field = (index: number) => `body.giftCards.${index}`;

export function giftCardNotFound(at: string): ApiError {
  return new ApiError(404, 'No gift card with this code and PIN', [{ field: at, message: 'no gift card with this code and PIN' }], { code: GIFT_CARD_ERROR_CODES.notFound });
}

export function giftCardBalanceChanged(index: number): ApiError {
  return new ApiError(409, 'The gift card was used meanwhile: less is left on it', [{ field: field(index), message: 'has less left than this order counted on' }], {
    code: GIFT_CARD_ERROR_CODES.balanceChanged,
  });
}

/** The card of this code when the PIN is its own (every miss costs one scrypt run); null otherwise. */
export async function findGiftCard(db: Db, credentials: GiftCardCredentials) {
  const [card] = await db.select().from(giftCards).where(eq(giftCards.code, credentials.code));
  return (await giftCardPinMatches(credentials.pin, card?.pinHash)) ? (card ?? null) : null;
}

/** `POST gift-cards/balance`: what is left on the card; null when the code and PIN name none. */
export async function giftCardBalance(db: Db, credentials: GiftCardCredentials): Promise<GiftCardBalance | null> {
  const card = await findGiftCard(db, credentials);
  if (!card) return null;
  const money = (minor: number) => ({ currency: card.currency, amount: minor / 100 });
  return { code: maskGiftCardCode(card.code), balance: money(card.balanceMinor), initial: money(card.initialMinor), expiresOn: null };
}

/** Checks the order's cards: each a card of this code and PIN (a miss counts against the client), of the site's country, with something left, once. */
export async function checkGiftCards(db: Db, site: Site, inputs: readonly GiftCardCredentials[], guesses?: GiftCardGuesses): Promise<CheckedCard[]> {
  if (inputs.length === 0) return [];
  await guesses?.check();
  const checked: CheckedCard[] = [];
  for (const [index, input] of inputs.entries()) {
    const card = await findGiftCard(db, input);
    if (!card) {
      await guesses?.fail();
      throw giftCardNotFound(field(index));
    }
    if (checked.some((c) => c.id === card.id)) {
      throw new ApiError(400, 'The same gift card is given twice', [{ field: field(index), message: 'is given twice' }], { code: GIFT_CARD_ERROR_CODES.duplicate });
    }
    if (card.countryCode !== site.country) {
      throw new ApiError(409, 'This gift card pays in the country it was bought in', [{ field: field(index), message: `pays in ${card.countryCode} only` }], { code: GIFT_CARD_ERROR_CODES.otherCountry, country: card.countryCode });
    }
    if (card.balanceMinor <= 0) throw new ApiError(409, 'Nothing is left on this gift card', [{ field: field(index), message: 'has nothing left' }], { code: GIFT_CARD_ERROR_CODES.empty });
    checked.push({ index, id: card.id, code: card.code, balanceMinor: card.balanceMinor });
  }
  return checked;
}

/** What each card pays of `payableMinor`, in order: min(its balance, what is left); a card with nothing to pay is left out. */
export function applyGiftCards(cards: readonly CheckedCard[], payableMinor: number): AppliedGiftCard[] {
  let left = Math.max(0, payableMinor);
  const applied: AppliedGiftCard[] = [];
  for (const card of cards) {
    const amountMinor = Math.min(card.balanceMinor, left);
    if (amountMinor <= 0) continue;
    applied.push({ index: card.index, id: card.id, amountMinor });
    left -= amountMinor;
  }
  return applied;
}

export const appliedTotal = (applied: readonly AppliedGiftCard[]): number => applied.reduce((sum, card) => sum + card.amountMinor, 0);

/**
 * In the order's transaction: locks the cards' rows in id order (two orders never wait on each
 * other crosswise), refuses when one has less left than the order counted on, spends each with a
 * conditional UPDATE and writes its transaction row. A refusal rolls the order back.
 */
export async function spendGiftCards(tx: Db, orderId: number, applied: readonly AppliedGiftCard[]): Promise<void> {
  if (applied.length === 0) return;
  const ids = [...applied.map((card) => card.id)].sort((a, b) => a - b);
  const rows = rowsOf<{ id: number; balance_minor: number }>(
    await tx.execute(sql`select id, balance_minor from gift_cards where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) order by id for update`),
  );
  const balances = new Map(rows.map((r) => [Number(r.id), Number(r.balance_minor)]));
  for (const card of applied) {
    if ((balances.get(card.id) ?? 0) < card.amountMinor) throw giftCardBalanceChanged(card.index);
  }
  for (const card of applied) {
    const spent = rowsOf(await tx.execute(sql`update gift_cards set balance_minor = balance_minor - ${card.amountMinor} where id = ${card.id} and balance_minor >= ${card.amountMinor} returning id`));
    if (spent.length === 0) throw giftCardBalanceChanged(card.index);
    await tx.execute(sql`insert into gift_card_transactions (gift_card_id, kind, amount_minor, order_id) values (${card.id}, 'spend', ${-card.amountMinor}, ${orderId})`);
  }
}

/**
 * Returns what an order spent of its gift cards to them (a cancelled or refunded order): one refund
 * row per card, once (a second call finds them written and returns nothing more). The card payment's
 * refund is the payment provider's, not this. Answers what was returned now.
 */
export async function refundOrderToGiftCards(db: Db, orderId: number): Promise<{ giftCardId: number; amountMinor: number }[]> {
  return db.transaction(async (tx) => {
    const spent = rowsOf<{ gift_card_id: number; amount_minor: number }>(
      await tx.execute(sql`select gift_card_id, -amount_minor as amount_minor from gift_card_transactions where order_id = ${orderId} and kind = 'spend' order by gift_card_id`),
    );
    if (spent.length === 0) return [];
    await tx.execute(sql`select id from gift_cards where id in (${sql.join(spent.map((s) => sql`${Number(s.gift_card_id)}`), sql`, `)}) order by id for update`);
    const refunded = rowsOf<{ gift_card_id: number; amount_minor: number }>(
      await tx.execute(sql`
        insert into gift_card_transactions (gift_card_id, kind, amount_minor, order_id)
        select gift_card_id, 'refund', -amount_minor, order_id from gift_card_transactions where order_id = ${orderId} and kind = 'spend'
        on conflict (gift_card_id, order_id, kind) do nothing
        returning gift_card_id, amount_minor`),
    );
    for (const row of refunded) await tx.execute(sql`update gift_cards set balance_minor = balance_minor + ${Number(row.amount_minor)} where id = ${Number(row.gift_card_id)}`);
    return refunded.map((row) => ({ giftCardId: Number(row.gift_card_id), amountMinor: Number(row.amount_minor) })).sort((a, b) => a.giftCardId - b.giftCardId);
  });
}
