import { CART_ERROR_CODES } from '../../src/contract/cart.ts';

/** What "Move to bag" adds: the liked shade or size, the only one's first in stock, or nothing until the shopper chooses. */
export type MoveTarget = { kind: 'variant'; variantId: number } | { kind: 'choose' } | { kind: 'outOfStock' };

/**
 * The item's own variant when the shopper liked one; else, for a product of one shade or size, the
 * first in stock; a product of several with none chosen sends the shopper to its page to choose.
 */
export function moveTarget(chosenVariantId: number | null, variants: readonly { id: number; stock: number }[]): MoveTarget {
  if (chosenVariantId !== null) return { kind: 'variant', variantId: chosenVariantId };
  if (variants.length > 1) return { kind: 'choose' };
  const inStock = variants.find((variant) => variant.stock > 0);
  return inStock ? { kind: 'variant', variantId: inStock.id } : { kind: 'outOfStock' };
}

/** Why a move failed; the view words it. The item stays on the wish list. */
export type MoveFailure = 'outOfStock' | 'notOnSale' | 'unavailable' | 'bagFull' | 'signedOut' | 'failed';

/** A thrown `{ moveFailure }` (decided before anything was sent) or the bag's answer. */
export function moveFailureOf(error: unknown): MoveFailure {
  const { status, body, moveFailure } = (error ?? {}) as { status?: unknown; body?: { code?: unknown } | null; moveFailure?: MoveFailure };
  if (moveFailure) return moveFailure;
  const code = body?.code;
  if (code === CART_ERROR_CODES.outOfStock || code === CART_ERROR_CODES.quantityUnavailable) return 'outOfStock';
  if (code === CART_ERROR_CODES.notOnSale) return 'notOnSale';
  if (code === CART_ERROR_CODES.unknownVariant || status === 404) return 'unavailable';
  if (code === CART_ERROR_CODES.bagFull) return 'bagFull';
  if (status === 401) return 'signedOut';
  return 'failed';
}
