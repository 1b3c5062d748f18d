import { CART_ERROR_CODES, type Cart } from '../../src/contract/cart.ts';
import { CHECKOUT_ERROR_CODES, DECLINE_REASONS, type DeclineReason } from '../../src/contract/checkout.ts';
import { GIFT_CARD_ERROR_CODES } from '../../src/contract/gift-cards.ts';

/*
 * Why placing the order (or answering the bank's challenge) failed, read from the API client's
 * error the way the bag reads its own (bag.failure.ts): `{ kind: 'http', status, body: { code } }`
 * or `{ kind: 'network' }`, without importing the client.
 */

export type { DeclineReason };

/** A line the order could not take any more (409 `sold_out`), named for the notice. */
export interface SoldOutLine {
  productName: string;
  variantName: string | null;
}

/** Why the server refused a gift card of the order (its `code`), or all of them (429: too many wrong codes and PINs). */
export type GiftCardFailureReason = 'not_found' | 'balance_changed' | 'empty' | 'other_country' | 'duplicate' | 'too_many_attempts';

/** Why the order refused the bag's reward (its `code`). */
export type RewardFailureReason = 'reward_unavailable' | 'points_insufficient' | 'reward_without_goods';
const REWARD_REASONS: readonly string[] = [CHECKOUT_ERROR_CODES.rewardUnavailable, CHECKOUT_ERROR_CODES.pointsInsufficient, CHECKOUT_ERROR_CODES.rewardWithoutGoods] satisfies RewardFailureReason[];

export type CheckoutFailure =
  /** Back at payment: every input kept, the shopper tries another card. */
  | { kind: 'declined'; reason: DeclineReason }
  /** Back at payment: the BNPL provider refused this total or country, or the gift cards leave something to pay after all (`gift_cards_short`). */
  | { kind: 'payment_unavailable'; reason: 'not_offered' | 'below_minimum' | 'above_maximum' | 'gift_cards_short' | null }
  /**
   * Back at payment, every input kept: the server refused the gift card at `index` of the order's
   * `giftCards` (`body.giftCards.N`): no card with this code and PIN, spent by another order
   * meanwhile, nothing left, bought in another country, given twice; or too many wrong codes and
   * PINs from this client (429, `index` null). Nothing was charged.
   */
  | { kind: 'gift_card'; index: number | null; reason: GiftCardFailureReason }
  /** Back at delivery: the method or store is not offered (any more). */
  | { kind: 'delivery_unavailable' }
  /** At review: someone else bought the last units; the bag must be changed first. */
  | { kind: 'sold_out'; lines: SoldOutLine[] }
  /** At review: the bag moved on (another tab); the screen reads it again (`checkout.bag`). */
  | { kind: 'bag_changed' }
  /** At review: the bag is empty or holds an out-of-stock line. */
  | { kind: 'bag_blocked' }
  /** At review: the bag's promo code was used up meanwhile (in all, or by this customer); the bag must drop it. */
  | { kind: 'offer_unavailable' }
  /**
   * At review: the bag's Beauty Pass reward (issue 15) is gone (its last unit went to another order),
   * the points no longer cover it, or it has no product beside it; the bag must change first.
   */
  | { kind: 'reward'; reason: RewardFailureReason }
  /** At review: the bank's challenge expired or was answered already; place again. */
  | { kind: 'challenge_gone' }
  /** At review: the server refused the request for a reason no step foresaw (a 400). */
  | { kind: 'rejected' }
  | { kind: 'signed_out' }
  /** No answer (offline, a 5xx, an unreadable answer): the retry sends the same request with the same key. */
  | { kind: 'network' };

export type FailureKind = CheckoutFailure['kind'];

/** Where the shopper lands after a failure; `challenge` only when answering it could not reach the server. */
export type FailureStep = 'payment' | 'delivery' | 'review' | 'challenge';

/** Failures that wait for a newer bag: placing again with this one would fail the same way. */
export const BAG_FAILURES = ['sold_out', 'bag_changed', 'bag_blocked', 'offer_unavailable', 'reward'] as const satisfies readonly FailureKind[];
export type BagFailureKind = (typeof BAG_FAILURES)[number];

export const waitsForBag = (failure: CheckoutFailure | null): failure is Extract<CheckoutFailure, { kind: BagFailureKind }> => failure !== null && (BAG_FAILURES as readonly FailureKind[]).includes(failure.kind);

/** Failures whose retry is the same request: the idempotency key is kept (every other one drops it). */
const SAME_REQUEST: readonly FailureKind[] = ['network', 'signed_out'];

export const keepsKey = (failure: CheckoutFailure): boolean => SAME_REQUEST.includes(failure.kind);

const record = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});

/**
 * The error's status, kind and body. The client parses `body` with the common error schema, which
 * drops what a code adds (`reason`, `lines`); those are read from the body as it arrived (`data`).
 */
function partsOf(error: unknown): { kind: unknown; status: unknown; body: Record<string, unknown> } {
  const { kind, status, body, data } = record(error);
  return { kind, status, body: { ...record(data), ...record(body) } };
}

/** The sold-out lines as the server names them (names, or ids of the bag's lines), with the bag's names where it has them. */
function soldOutLines(lines: unknown, bag: Cart): SoldOutLine[] {
  if (!Array.isArray(lines)) return [];
  return lines.flatMap((entry): SoldOutLine[] => {
    if (typeof entry === 'string') return [{ productName: entry, variantName: null }];
    const { lineId, variantId, productName, variantName } = record(entry);
    const line = bag.lines.find((candidate) => candidate.id === lineId || candidate.variant.id === variantId);
    if (line) return [{ productName: line.product.name, variantName: line.variant.name }];
    return typeof productName === 'string' ? [{ productName, variantName: typeof variantName === 'string' ? variantName : null }] : [];
  });
}

const GIFT_CARD_REASONS: Readonly<Record<string, GiftCardFailureReason>> = {
  [GIFT_CARD_ERROR_CODES.notFound]: 'not_found',
  [GIFT_CARD_ERROR_CODES.balanceChanged]: 'balance_changed',
  [GIFT_CARD_ERROR_CODES.empty]: 'empty',
  [GIFT_CARD_ERROR_CODES.otherCountry]: 'other_country',
  [GIFT_CARD_ERROR_CODES.duplicate]: 'duplicate',
};

/** The position N of the first `body.giftCards.N…` the answer names; null when it names none. */
function giftCardIndex(errors: unknown): number | null {
  if (!Array.isArray(errors)) return null;
  for (const entry of errors) {
    const { field } = record(entry);
    const match = typeof field === 'string' ? /^body\.giftCards\.(\d+)(?:\.|$)/.exec(field) : null;
    if (match) return Number(match[1]);
  }
  return null;
}

function giftCardFailure(status: unknown, code: unknown, errors: unknown): CheckoutFailure | null {
  const reason = typeof code === 'string' ? GIFT_CARD_REASONS[code] : undefined;
  if (reason) return { kind: 'gift_card', index: giftCardIndex(errors), reason };
  // Too many wrong codes and PINs from this client: the same limit as the balance check.
  if (status === 429) return { kind: 'gift_card', index: null, reason: 'too_many_attempts' };
  // A 400 about a card's code or PIN: the form checks them as the server does, so it names the card.
  const index = status === 400 ? giftCardIndex(errors) : null;
  return index === null ? null : { kind: 'gift_card', index, reason: 'not_found' };
}

const declineReason = (reason: unknown): DeclineReason => (DECLINE_REASONS as readonly unknown[]).includes(reason) ? (reason as DeclineReason) : 'card_declined';

export function checkoutFailureOf(error: unknown, bag: Cart): CheckoutFailure {
  const { kind, status, body } = partsOf(error);
  const { code, reason } = body;
  if (code === CHECKOUT_ERROR_CODES.paymentDeclined || status === 402) return { kind: 'declined', reason: declineReason(reason) };
  if (code === CHECKOUT_ERROR_CODES.paymentUnavailable) {
    return { kind: 'payment_unavailable', reason: reason === 'not_offered' || reason === 'below_minimum' || reason === 'above_maximum' || reason === 'gift_cards_short' ? reason : null };
  }
  if (code === CHECKOUT_ERROR_CODES.deliveryUnavailable) return { kind: 'delivery_unavailable' };
  if (code === CHECKOUT_ERROR_CODES.soldOut) return { kind: 'sold_out', lines: soldOutLines(body.lines, bag) };
  if (code === CHECKOUT_ERROR_CODES.bagChanged) return { kind: 'bag_changed' };
  if (code === CHECKOUT_ERROR_CODES.bagBlocked) return { kind: 'bag_blocked' };
  if (code === CHECKOUT_ERROR_CODES.challengeGone) return { kind: 'challenge_gone' };
  if (code === CART_ERROR_CODES.offerUsedUp || code === CART_ERROR_CODES.offerCustomerLimit) return { kind: 'offer_unavailable' };
  if (typeof code === 'string' && REWARD_REASONS.includes(code)) return { kind: 'reward', reason: code as RewardFailureReason };
  const giftCard = kind === 'http' ? giftCardFailure(status, code, body.errors) : null;
  if (giftCard) return giftCard;
  if (status === 401) return { kind: 'signed_out' };
  if (kind === 'http' && typeof status === 'number' && status >= 400 && status < 500) return { kind: 'rejected' };
  return { kind: 'network' };
}

/** Where a failure sends the shopper: while answering the challenge, an unreached server keeps them there. */
export function failureStep(failure: CheckoutFailure, during: 'placing' | 'verifying'): FailureStep {
  switch (failure.kind) {
    case 'declined':
    case 'payment_unavailable':
    case 'gift_card':
      return 'payment';
    case 'delivery_unavailable':
      return 'delivery';
    case 'network':
      return during === 'verifying' ? 'challenge' : 'review';
    default:
      return 'review';
  }
}
