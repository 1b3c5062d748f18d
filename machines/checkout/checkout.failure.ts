import { CART_ERROR_CODES, type Cart } from '../../src/contract/cart.ts';
import { CHECKOUT_ERROR_CODES, DECLINE_REASONS, type DeclineReason } from '../../src/contract/checkout.ts';

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

export type CheckoutFailure =
  /** Back at payment: every input kept, the shopper tries another card. */
  | { kind: 'declined'; reason: DeclineReason }
  /** Back at payment: the BNPL provider refused this total or country. */
  | { kind: 'payment_unavailable'; reason: 'not_offered' | 'below_minimum' | 'above_maximum' | null }
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
export const BAG_FAILURES = ['sold_out', 'bag_changed', 'bag_blocked', 'offer_unavailable'] as const satisfies readonly FailureKind[];
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

const declineReason = (reason: unknown): DeclineReason => (DECLINE_REASONS as readonly unknown[]).includes(reason) ? (reason as DeclineReason) : 'card_declined';

export function checkoutFailureOf(error: unknown, bag: Cart): CheckoutFailure {
  const { kind, status, body } = partsOf(error);
  const { code, reason } = body;
  if (code === CHECKOUT_ERROR_CODES.paymentDeclined || status === 402) return { kind: 'declined', reason: declineReason(reason) };
  if (code === CHECKOUT_ERROR_CODES.paymentUnavailable) return { kind: 'payment_unavailable', reason: reason === 'not_offered' || reason === 'below_minimum' || reason === 'above_maximum' ? reason : null };
  if (code === CHECKOUT_ERROR_CODES.deliveryUnavailable) return { kind: 'delivery_unavailable' };
  if (code === CHECKOUT_ERROR_CODES.soldOut) return { kind: 'sold_out', lines: soldOutLines(body.lines, bag) };
  if (code === CHECKOUT_ERROR_CODES.bagChanged) return { kind: 'bag_changed' };
  if (code === CHECKOUT_ERROR_CODES.bagBlocked) return { kind: 'bag_blocked' };
  if (code === CHECKOUT_ERROR_CODES.challengeGone) return { kind: 'challenge_gone' };
  if (code === CART_ERROR_CODES.offerUsedUp || code === CART_ERROR_CODES.offerCustomerLimit) return { kind: 'offer_unavailable' };
  if (status === 401) return { kind: 'signed_out' };
  if (kind === 'http' && typeof status === 'number' && status >= 400 && status < 500) return { kind: 'rejected' };
  return { kind: 'network' };
}

/** Where a failure sends the shopper: while answering the challenge, an unreached server keeps them there. */
export function failureStep(failure: CheckoutFailure, during: 'placing' | 'verifying'): FailureStep {
  switch (failure.kind) {
    case 'declined':
    case 'payment_unavailable':
      return 'payment';
    case 'delivery_unavailable':
      return 'delivery';
    case 'network':
      return during === 'verifying' ? 'challenge' : 'review';
    default:
      return 'review';
  }
}
