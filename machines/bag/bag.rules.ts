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

/** A quantity the stepper may ask for: at least 1 (removing is its own action) and at most the line's most. */
export function quantityAllowed(line: Pick<CartLine, 'maxQuantity'>, quantity: number): boolean {
  return Number.isInteger(quantity) && quantity >= 1 && quantity <= line.maxQuantity;
}

/** Why the bag cannot go to checkout now: the server's reasons, or changes still being saved. */
export type CheckoutRefusal = CheckoutBlock | 'saving';

/**
 * The `canCheckout` guard's decision on the bag as the shopper sees it: nothing in it, an
 * out-of-stock line still in it (spec §4: it must be removed first), or a change not saved yet.
 * The server's `blockedBy` is trusted for the lines it knows; a line removed optimistically no
 * longer blocks, so removing the sold-out line lifts the block at once.
 */
export function checkoutRefusal(bag: Cart | null, shownLines: readonly Pick<CartLine, 'inventory'>[], saving: boolean): CheckoutRefusal | null {
  if (bag === null || shownLines.length === 0) return 'empty';
  if (shownLines.some((line) => line.inventory.state === 'out_of_stock')) return 'out_of_stock';
  if (saving) return 'saving';
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

/** The newer of two answers of the same bag: answers of different lines can come back out of order. */
export function newerBag(current: Cart | null, next: Cart): Cart {
  return current !== null && current.version > next.version ? current : next;
}
