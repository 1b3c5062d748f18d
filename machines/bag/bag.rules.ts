import type { Cart, CartLine, CartScreen, CheckoutBlock } from '../../src/contract/cart.ts';

/*
 * The bag's rules, read by the bag machine's guards and by its connect (so a disabled button says
 * the guard's reason, never a second copy of it). Quantities and stock are the server's: these
 * rules only read what the last answer said (`maxQuantity`, `inventory`, `checkout.blockedBy`).
 */

/** What the shopper asked a line to become and the server has not confirmed yet: a quantity, or 0 for removed. */
export interface LineWrite {
  /** The quantity on its way to the server (0: removal; for a variant not in the bag yet, the units added). */
  sent: number;
  /** A later click's quantity, sent when the one in flight returns (the last one wins). */
  wanted: number | null;
}

export type LineWrites = Readonly<Record<string, LineWrite>>;

export const lineKey = (variantId: number): string => String(variantId);

/** The quantity the shopper sees for a line: the latest wish, else what is on its way, else the server's. */
export function shownQuantity(line: Pick<CartLine, 'quantity' | 'variant'> | null, write: LineWrite | undefined): number {
  if (write) return write.wanted ?? write.sent;
  return line?.quantity ?? 0;
}

/** The bag's lines as the shopper sees them: the confirmed ones with the wished quantities, removed ones gone. */
export function shownLines(screen: CartScreen | null, writes: LineWrites): CartLine[] {
  if (screen === null) return [];
  return screen.bag.lines.flatMap((line) => {
    const quantity = shownQuantity(line, writes[lineKey(line.variant.id)]);
    return quantity === 0 ? [] : [quantity === line.quantity ? line : { ...line, quantity }];
  });
}

/** Why a line's quantity cannot be raised: the server's most for it (stock, or the line limit) is reached. */
export type IncreaseRefusal = 'maxQuantity';

export function increaseRefusal(line: Pick<CartLine, 'maxQuantity'>, shown: number): IncreaseRefusal | null {
  return shown < line.maxQuantity ? null : 'maxQuantity';
}

/**
 * A quantity the stepper may ask for: at least 1 (removing is its own action), and at most the
 * line's most, unless it lowers the quantity shown: a line holding more than the stock left is
 * fixed one step at a time (the server always allows lowering, src/server/cart/lines.ts).
 */
export function quantityAllowed(line: Pick<CartLine, 'maxQuantity'>, quantity: number, shown: number): boolean {
  return Number.isInteger(quantity) && quantity >= 1 && (quantity <= line.maxQuantity || quantity < shown);
}

/** Why the bag cannot go to checkout now: the server's reasons, or changes still being saved. */
/** `not_on_sale`: a line of a product switched to coming soon (the server's `blockedBy` says out_of_stock for it too: a line to remove). */
export type CheckoutRefusal = CheckoutBlock | 'saving' | 'not_on_sale';

/**
 * A line the order cannot take as it is (spec §4, issue 12): out of stock, or holding more than the
 * stock left ("reduced": the server's `checkout.blockedBy` says out_of_stock for both). A reduced
 * line stops blocking once the quantity the shopper sees is down to what is left.
 */
export function blocksCheckout(line: Pick<CartLine, 'inventory' | 'quantity'>): boolean {
  const { state, available } = line.inventory;
  return state === 'out_of_stock' || state === 'not_on_sale' || (state === 'reduced' && line.quantity > available);
}

/** What the lines that block checkout need: removing a line not on sale yet (said first), or removing or lowering a sold-out one; null: none blocks. */
export function blockingLines(shownLines: readonly Pick<CartLine, 'inventory' | 'quantity'>[]): 'not_on_sale' | 'out_of_stock' | null {
  if (shownLines.some((line) => line.inventory.state === 'not_on_sale')) return 'not_on_sale';
  return shownLines.some(blocksCheckout) ? 'out_of_stock' : null;
}

/**
 * The `canCheckout` guard's decision on the bag as the shopper sees it: nothing in it, a line the
 * stock cannot fill still in it (spec §4: it must be removed or lowered first), or a change not
 * saved yet. The server's `blockedBy` is trusted for the lines it knows; a line removed or lowered
 * optimistically no longer blocks, so removing the sold-out line lifts the block at once.
 */
export function checkoutRefusal(bag: Cart | null, shownLines: readonly Pick<CartLine, 'inventory' | 'quantity'>[], saving: boolean): CheckoutRefusal | null {
  const reward = bag?.reward ?? null;
  // E-gift cards are bought through checkout too: a bag of them only is not empty (nor is one of a reward).
  if (bag === null || (shownLines.length === 0 && bag.giftCards.length === 0 && reward === null)) return 'empty';
  const blocking = blockingLines(shownLines);
  if (blocking) return blocking;
  if (saving) return 'saving';
  // A reward comes with a purchase (issue 15): with no product left in the bag it cannot be ordered.
  if (reward !== null && shownLines.length === 0) return 'reward_without_goods';
  if (bag.checkout.blockedBy === 'empty') return 'empty';
  return null;
}

/** Why a sample cannot be picked: the country's limit is reached, or it is out of stock. */
export type SampleRefusal = 'limit' | 'outOfStock';

export function sampleRefusal(picked: readonly number[], limit: number, sample: { id: number; inStock: boolean }): SampleRefusal | null {
  if (picked.includes(sample.id)) return null; // unpicking always works
  if (!sample.inStock) return 'outOfStock';
  return picked.length >= limit ? 'limit' : null;
}

/** The picks after toggling `id`. */
export function toggledPicks(picked: readonly number[], id: number): number[] {
  return picked.includes(id) ? picked.filter((other) => other !== id) : [...picked, id];
}

export const samePicks = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((id) => b.includes(id));

/** A bag of e-gift cards only: emailed, so nothing is shipped (the server's checkout says `emailOnly` for it). */
export function deliveredByEmail(bag: Pick<Cart, 'giftCards'>, shownLines: readonly unknown[]): boolean {
  return shownLines.length === 0 && bag.giftCards.length > 0;
}

/** What the bag's e-gift cards cost together (the summary's line; the total already holds it), in minor units so cents never carry a binary fraction. */
export function giftCardsTotal(bag: Pick<Cart, 'giftCards' | 'total'>): Cart['total'] | null {
  if (bag.giftCards.length === 0) return null;
  const minor = bag.giftCards.reduce((sum, card) => sum + Math.round(card.amount.amount * 100), 0);
  return { currency: bag.total.currency, amount: minor / 100 };
}

/** The newer of two answers of the same bag: answers of different lines can come back out of order. */
export function newerBag(current: Cart | null, next: Cart): Cart {
  return current !== null && current.version > next.version ? current : next;
}
