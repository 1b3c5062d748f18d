import * as v from 'valibot';
import { CartResponseSchema, type Cart } from '../../../contract/cart.ts';
import {
  ChallengeRequiredSchema,
  CheckoutOptionsResponseSchema,
  GiftCardCheckResponseSchema,
  OrderResponseSchema,
  type CheckoutOptions,
  type GiftCardCheck,
  type GiftCardCheckResult,
  type Order,
  type OrderCreate,
} from '../../../contract/checkout.ts';
import type { ApiClient } from '../../shared/api/client.ts';
import type { ChallengeRequired } from '../../../../machines/checkout/checkout.types.ts';

/** Paths under /api/web/v1 (issue 13). */
export const CHECKOUT_PATHS = { bag: 'cart/bag', options: 'checkout/options', giftCards: 'checkout/gift-cards', orders: 'checkout/orders', challenge: 'checkout/orders/challenge' } as const;

/** What the checkout screen starts from: the bag as it is and what it may be delivered and paid with. */
export interface CheckoutStart {
  bag: Cart;
  options: CheckoutOptions;
}

export interface CheckoutApi {
  start(opts?: { signal?: AbortSignal }): Promise<CheckoutStart>;
  /** `POST checkout/orders` with the checkout's key: the order (201, or 200 for one placed before with this key), or the bank's challenge (202). */
  placeOrder(body: OrderCreate, idempotencyKey: string): Promise<Order | ChallengeRequired>;
  answerChallenge(attempt: string, answer: string): Promise<Order>;
  /** `POST checkout/gift-cards`: each gift card's balance (nothing spent). */
  checkGiftCards(body: GiftCardCheck): Promise<GiftCardCheckResult>;
}

/** Either answer of `POST checkout/orders`, told apart by their shapes (the order's number, the challenge's attempt). */
const PlacedSchema = v.union([OrderResponseSchema, ChallengeRequiredSchema]);

export function createCheckoutApi(client: ApiClient): CheckoutApi {
  const { request } = client;
  return {
    start: async (opts) => {
      const signal = opts?.signal ? { signal: opts.signal } : {};
      const [bag, options] = await Promise.all([request('GET', CHECKOUT_PATHS.bag, CartResponseSchema, signal), request('GET', CHECKOUT_PATHS.options, CheckoutOptionsResponseSchema, signal)]);
      return { bag: bag.data, options: options.data };
    },
    // The key is the checkout's own (kept by its machine): a retry of the client sends it again.
    placeOrder: (body, idempotencyKey) => request('POST', CHECKOUT_PATHS.orders, PlacedSchema, { body, idempotencyKey }).then((answer) => answer.data),
    // Reads only (nothing is spent), so a retry is harmless: a key of its own per check.
    checkGiftCards: (body) => request('POST', CHECKOUT_PATHS.giftCards, GiftCardCheckResponseSchema, { body, idempotencyKey: crypto.randomUUID() }).then((answer) => answer.data),
    answerChallenge: (attempt, answer) => request('POST', CHECKOUT_PATHS.challenge, OrderResponseSchema, { body: { attempt, answer }, idempotencyKey: crypto.randomUUID() }).then((placed) => placed.data),
  };
}
