import { CART_ERROR_CODES } from '../../src/contract/cart.ts';
import { GIFT_CARD_ERROR_CODES } from '../../src/contract/gift-cards.ts';

/** What the shopper was doing when a change failed: the notification names it. */
export type BagAction = 'quantity' | 'remove' | 'add' | 'samples' | 'merge' | 'removeGiftCard' | 'removeReward';

/** Why a change was refused, in the words the view needs (the server's codes, grouped). */
export type BagFailureReason = 'unavailable' | 'notOnSale' | 'bagFull' | 'gone' | 'sampleLimit' | 'signedOut' | 'failed';

/** A failed change, rolled back: what the notification says. */
export interface BagFailure {
  action: BagAction;
  /** The product's name when the change was about one line (an e-gift card's recipient). */
  productName: string | null;
  reason: BagFailureReason;
}

/** Why applying an offer code failed (spec §8 'Offer not found'); each reason the server names has its own words. */
export type OfferFailure = 'notFound' | 'expired' | 'notStarted' | 'usedUp' | 'customerLimit' | 'minimumSpend' | 'failed';

const OFFER_FAILURES: Readonly<Record<string, OfferFailure>> = {
  [CART_ERROR_CODES.offerExpired]: 'expired',
  [CART_ERROR_CODES.offerNotStarted]: 'notStarted',
  [CART_ERROR_CODES.offerUsedUp]: 'usedUp',
  [CART_ERROR_CODES.offerCustomerLimit]: 'customerLimit',
  [CART_ERROR_CODES.offerMinimumSpend]: 'minimumSpend',
  [CART_ERROR_CODES.offerNotFound]: 'notFound',
};

function statusAndCode(error: unknown): { status: unknown; code: unknown } {
  const { status, body } = (error ?? {}) as { status?: unknown; body?: { code?: unknown } | null };
  return { status, code: body?.code };
}

/** Reads the API client's error (`ApiError`: status and the contract's error body) without importing it. */
export function bagFailureReason(error: unknown): BagFailureReason {
  const { status, code } = statusAndCode(error);
  if (status === 401) return 'signedOut';
  if (code === CART_ERROR_CODES.bagFull) return 'bagFull';
  // A coming-soon product: not "out of stock" (it may have stock) and not gone (it will come).
  if (code === CART_ERROR_CODES.notOnSale) return 'notOnSale';
  if (code === CART_ERROR_CODES.quantityUnavailable || code === CART_ERROR_CODES.outOfStock || code === CART_ERROR_CODES.sampleUnavailable) return 'unavailable';
  if (code === CART_ERROR_CODES.sampleLimit) return 'sampleLimit';
  if (code === CART_ERROR_CODES.unknownLine || code === CART_ERROR_CODES.unknownVariant || code === GIFT_CARD_ERROR_CODES.unknownLine || status === 404) return 'gone';
  return 'failed';
}

export function offerFailureOf(error: unknown): OfferFailure {
  const { status, code } = statusAndCode(error);
  const named = typeof code === 'string' ? OFFER_FAILURES[code] : undefined;
  if (named) return named;
  return status === 404 ? 'notFound' : 'failed';
}
