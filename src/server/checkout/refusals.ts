import { CART_ERROR_CODES } from '../../contract/cart.ts';
import { CHECKOUT_ERROR_CODES, type DeclineReason } from '../../contract/checkout.ts';
import { ApiError } from '../http/errors.ts';

/*
 * Checkout's 4xx answers, each with the machine-readable `code` the SPA says in the shopper's words.
 * Thrown inside the order's transaction, they roll it back.
 */

export function bagChanged(): ApiError {
  return new ApiError(409, 'The bag changed since it was reviewed', [{ field: 'body.bagVersion', message: 'is not the bag as it is now' }], { code: CHECKOUT_ERROR_CODES.bagChanged });
}

export function bagBlocked(blockedBy: string): ApiError {
  if (blockedBy === 'reward_without_goods') return rewardWithoutGoods();
  const message = blockedBy === 'empty' ? 'The bag is empty' : 'Out-of-stock item must be removed to proceed';
  return new ApiError(409, message, undefined, { code: CHECKOUT_ERROR_CODES.bagBlocked, blockedBy });
}

export interface ShortLine {
  variantId: number;
  productName: string;
  variantName: string;
  available: number;
}

/** The last units went to another order meanwhile: nothing was charged (the caller voids the hold). */
export function soldOut(lines: ShortLine[]): ApiError {
  return new ApiError(409, 'An item in the bag just sold out', undefined, { code: CHECKOUT_ERROR_CODES.soldOut, lines });
}

export function paymentDeclined(reason: DeclineReason): ApiError {
  return new ApiError(402, 'The payment was declined', [{ field: 'body.payment', message: reason }], { code: CHECKOUT_ERROR_CODES.paymentDeclined, reason });
}

/** `gift_cards_short`: the order was to be paid by its gift cards alone, and they leave something to pay. */
export function paymentUnavailable(reason: 'not_offered' | 'below_minimum' | 'above_maximum' | 'gift_cards_short'): ApiError {
  return new ApiError(409, 'This payment method is not available for this order', [{ field: 'body.payment.method', message: reason }], { code: CHECKOUT_ERROR_CODES.paymentUnavailable, reason });
}

export function deliveryUnavailable(field: 'body.delivery.method' | 'body.delivery.storeId'): ApiError {
  return new ApiError(400, 'This delivery is not offered here', [{ field, message: 'is not offered in this country' }], { code: CHECKOUT_ERROR_CODES.deliveryUnavailable });
}

export function challengeGone(): ApiError {
  return new ApiError(404, 'This payment check is over: place the order again', undefined, { code: CHECKOUT_ERROR_CODES.challengeGone });
}

/** The promo code reached its uses in all or for this customer meanwhile. */
export function promoLimitReached(which: 'total' | 'customer'): ApiError {
  return new ApiError(409, which === 'total' ? 'This code has been used as often as it may be' : 'You have used this code as often as it may be', undefined, {
    code: which === 'total' ? CART_ERROR_CODES.offerUsedUp : CART_ERROR_CODES.offerCustomerLimit,
  });
}

/** The bag's reward has no unit left for it (another order took the last, or its hold lapsed and others hold the rest): nothing was charged. */
export function rewardUnavailable(): ApiError {
  return new ApiError(409, 'The reward in the bag is no longer available: remove it to place the order', undefined, { code: CHECKOUT_ERROR_CODES.rewardUnavailable });
}

/** The member's points no longer cover the bag's reward (the ledger's `points >= 0` check refused the debit): nothing was charged. */
export function pointsInsufficient(): ApiError {
  return new ApiError(409, 'You no longer have enough points for the reward in the bag', undefined, { code: CHECKOUT_ERROR_CODES.pointsInsufficient });
}

/** A reward comes with a purchase: a bag of a reward without a product cannot be ordered. */
export function rewardWithoutGoods(): ApiError {
  return new ApiError(409, 'A reward comes with a purchase: add a product to the bag', undefined, { code: CHECKOUT_ERROR_CODES.rewardWithoutGoods, blockedBy: 'reward_without_goods' });
}

/**
 * The payment's hold was released before the order could be written on it (the request took longer
 * than the sweeper waits, settle.ts): nothing was charged. A conflict without a code, so the client
 * sends the same intent again, which authorizes anew.
 */
export function holdReleased(): ApiError {
  return new ApiError(409, 'The payment took too long and was released: placing the order again');
}
