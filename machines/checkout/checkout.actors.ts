import { fromPromise } from 'xstate';
import type { GiftCardCheck, GiftCardCheckResult, Order, OrderCreate } from '../../src/contract/checkout.ts';
import type { ChallengeRequired } from './checkout.types.ts';

/* The checkout machine's actors: each throws until the app provides it, so a missing wiring fails loudly. */

export interface PlaceOrderInput {
  body: OrderCreate;
  /** The `Idempotency-Key` header: the same for a retry of the same request, new once the request changes. */
  idempotencyKey: string;
}

/** `POST checkout/orders`: the order as placed, or the bank's challenge to answer first (202). */
export const placeOrder = fromPromise<Order | ChallengeRequired, PlaceOrderInput>(async () => {
  throw new Error('checkout: provide the `placeOrder` actor');
});

export interface AnswerChallengeInput {
  attempt: string;
  answer: string;
}

/** `POST checkout/orders/challenge`: the shopper's answer; the order as placed. */
export const answerChallenge = fromPromise<Order, AnswerChallengeInput>(async () => {
  throw new Error('checkout: provide the `answerChallenge` actor');
});

/** `POST checkout/gift-cards`: each gift card's balance, in the order typed (nothing is spent). */
export const checkGiftCards = fromPromise<GiftCardCheckResult, GiftCardCheck>(async () => {
  throw new Error('checkout: provide the `checkGiftCards` actor');
});
