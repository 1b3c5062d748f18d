import { describe, expect, test } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Order } from '../../src/contract/checkout.ts';
import {
  BAG_CHANGED,
  CHALLENGE,
  CHALLENGE_FAILED,
  CHALLENGE_GONE,
  CHECKOUT_BAG,
  CHECKOUT_INPUT,
  DECLINED,
  DELIVERY_UNAVAILABLE,
  GIFT_CARD,
  GIFT_CARD_BALANCE_CHANGED,
  GIFT_CARD_NOT_FOUND,
  GOOD_CARD,
  NETWORK,
  NEWER_BAG,
  ORDER,
  SAVED_ADDRESS,
  SOLD_OUT,
} from '../../machines/checkout/checkout.fixtures.ts';
import { checkoutFailureOf, failureStep } from '../../machines/checkout/checkout.failure.ts';
import { checkoutMachine, type AnswerChallengeInput, type CheckoutInput, type PlaceOrderInput } from '../../machines/checkout/checkout.machine.ts';
import { CARD_FIELDS, type ChallengeRequired } from '../../machines/checkout/checkout.types.ts';

/* Placing the order: the request, its key across retries and failures, and the bank's challenge. */

type Call<TInput, TOutput> = { input: TInput; resolve: (value: TOutput) => void; reject: (error: unknown) => void };
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A checkout whose requests wait for the test: every request is recorded with its answer to give. */
function startCheckout(input: Partial<CheckoutInput> = {}) {
  const places: Call<PlaceOrderInput, Order | ChallengeRequired>[] = [];
  const answers: Call<AnswerChallengeInput, Order>[] = [];
  const machine = checkoutMachine.provide({
    actors: {
      placeOrder: fromPromise<Order | ChallengeRequired, PlaceOrderInput>(({ input: request }) => new Promise((resolve, reject) => void places.push({ input: request, resolve, reject }))),
      answerChallenge: fromPromise<Order, AnswerChallengeInput>(({ input: request }) => new Promise((resolve, reject) => void answers.push({ input: request, resolve, reject }))),
    },
  });
  const actor = createActor(machine, { input: { ...CHECKOUT_INPUT, ...input } }).start();
  const state = () => JSON.stringify(actor.getSnapshot().value);
  const expectToBeIn = (step: string) => expect(state()).toBe(JSON.stringify(['placing', 'challenge', 'verifying', 'placed'].includes(step) ? step : { steps: step }));
  const context = () => actor.getSnapshot().context;
  /** Contact → review with the saved address, standard delivery and the good card. */
  const fillToReview = () => {
    actor.send({ type: 'checkout.next' });
    actor.send({ type: 'checkout.address.saved', index: 0 });
    actor.send({ type: 'checkout.next' });
    actor.send({ type: 'checkout.delivery.method', method: 'standard' });
    actor.send({ type: 'checkout.next' });
    actor.send({ type: 'checkout.next' });
    actor.send({ type: 'checkout.payment.method', method: 'card' });
    for (const field of CARD_FIELDS) actor.send({ type: 'checkout.card.field', field, value: GOOD_CARD[field] });
    actor.send({ type: 'checkout.next' });
  };
  const place = (idempotencyKey: string) => actor.send({ type: 'checkout.place', idempotencyKey });
  const failPlace = async (error: unknown) => {
    places.at(-1)?.reject(error);
    await tick();
  };
  return { actor, places, answers, state, expectToBeIn, context, fillToReview, place, failPlace };
}

describe('checkout: placing', () => {
  test('places the bag’s version with what was entered and the key of the place event', async () => {
    const { places, place, fillToReview, expectToBeIn, context } = startCheckout();
    fillToReview();
    place('key-1');
    expectToBeIn('placing');
    expect(places[0]?.input).toEqual({
      idempotencyKey: 'key-1',
      body: {
        bagVersion: CHECKOUT_BAG.version,
        email: 'mei@example.com',
        delivery: { method: 'standard', storeId: null, address: SAVED_ADDRESS },
        payment: { method: 'card', card: { number: '4242424242424242', cvc: '123', name: 'Tan Mei Ling', expMonth: 12, expYear: 2031 } },
      },
    });
    places[0]?.resolve(ORDER);
    await tick();
    expectToBeIn('placed');
    expect(context().order).toEqual(ORDER);
  });

  test('sends one request on a double click', () => {
    const { places, place, fillToReview } = startCheckout();
    fillToReview();
    place('key-1');
    place('key-2');
    expect(places).toHaveLength(1);
  });

  test('keeps every field when the card is declined', async () => {
    const { places, place, fillToReview, expectToBeIn, context, failPlace } = startCheckout();
    fillToReview();
    const inputs = context().inputs;
    place('key-1');
    await failPlace(DECLINED);
    expectToBeIn('payment');
    expect(context().failure).toEqual({ kind: 'declined', reason: 'insufficient_funds' });
    expect(context().inputs).toEqual(inputs);
    expect(places).toHaveLength(1);
  });

  test('drops the key after a decline', async () => {
    const { actor, places, place, fillToReview, failPlace, context } = startCheckout();
    fillToReview();
    place('key-1');
    await failPlace(DECLINED);
    expect(context().idempotencyKey).toBeNull();
    actor.send({ type: 'checkout.next' });
    expect(context().failure).toBeNull();
    place('key-2');
    expect(places.map((call) => call.input.idempotencyKey)).toEqual(['key-1', 'key-2']);
  });

  test('reuses the key on a network retry', async () => {
    const { places, place, fillToReview, failPlace, expectToBeIn, context } = startCheckout();
    fillToReview();
    place('key-1');
    await failPlace(NETWORK);
    expectToBeIn('review');
    expect(context().failure).toEqual({ kind: 'network' });
    place('key-2');
    expect(places.map((call) => call.input.idempotencyKey)).toEqual(['key-1', 'key-1']);
    expect(places[1]?.input.body).toEqual(places[0]?.input.body);
  });

  test('drops the key when an input changes after a network failure', async () => {
    const { actor, places, place, fillToReview, failPlace } = startCheckout();
    fillToReview();
    place('key-1');
    await failPlace(NETWORK);
    actor.send({ type: 'checkout.edit', step: 'contact' });
    actor.send({ type: 'checkout.email', value: 'mei.tan@example.com' });
    for (let step = 0; step < 5; step += 1) actor.send({ type: 'checkout.next' });
    place('key-2');
    expect(places.map((call) => call.input.idempotencyKey)).toEqual(['key-1', 'key-2']);
  });

  test('pays with gift cards first: they go in the order, and a refused one brings the shopper back to payment with every input', async () => {
    const { actor, places, place, fillToReview, failPlace, expectToBeIn, context } = startCheckout();
    fillToReview();
    actor.send({ type: 'checkout.edit', step: 'payment' });
    actor.send({ type: 'checkout.giftCard.add' });
    actor.send({ type: 'checkout.giftCard.field', index: 0, field: 'code', value: GIFT_CARD.code });
    actor.send({ type: 'checkout.giftCard.field', index: 0, field: 'pin', value: GIFT_CARD.pin });
    actor.send({ type: 'checkout.next' });
    const inputs = context().inputs;
    place('key-1');
    expect(places[0]?.input.body.giftCards).toEqual([{ code: 'ABCDEFGHJKLMNPQR', pin: GIFT_CARD.pin }]);
    await failPlace(GIFT_CARD_NOT_FOUND);
    expectToBeIn('payment');
    expect(context().failure).toEqual({ kind: 'gift_card', index: 0, reason: 'not_found' });
    expect(context().inputs).toEqual(inputs);
    // Another request: the card must change (or go), and the next place makes a new key.
    expect(context().idempotencyKey).toBeNull();
    actor.send({ type: 'checkout.next' });
    place('key-2');
    await failPlace(GIFT_CARD_BALANCE_CHANGED);
    expectToBeIn('payment');
    expect(context().failure).toEqual({ kind: 'gift_card', index: 0, reason: 'balance_changed' });
    actor.send({ type: 'checkout.next' });
    place('key-3');
    expect(places.map((call) => call.input.idempotencyKey)).toEqual(['key-1', 'key-2', 'key-3']);
    places[2]?.resolve({ ...ORDER, giftCards: { currency: 'SGD', amount: 10 }, giftCardPayments: [{ code: '••••-••••-••••-NPQR', amount: { currency: 'SGD', amount: 10 } }] });
    await tick();
    expectToBeIn('placed');
    expect(context().order?.giftCardPayments).toHaveLength(1);
  });

  test('a gift card typed after a network failure is a new request: the key kept for the retry is dropped', async () => {
    const { actor, place, fillToReview, failPlace, context } = startCheckout();
    fillToReview();
    place('key-1');
    await failPlace(NETWORK);
    expect(context().idempotencyKey).toBe('key-1');
    actor.send({ type: 'checkout.edit', step: 'payment' });
    actor.send({ type: 'checkout.giftCard.add' });
    expect(context().idempotencyKey).toBeNull();
  });

  test('names the sold-out lines at review and waits for a newer bag', async () => {
    const { actor, places, place, fillToReview, failPlace, expectToBeIn, context } = startCheckout();
    fillToReview();
    place('key-1');
    await failPlace(SOLD_OUT);
    expectToBeIn('review');
    expect(context().failure).toEqual({ kind: 'sold_out', lines: [{ productName: 'Product 1', variantName: 'Shade 11' }] });
    place('key-2');
    expect(places).toHaveLength(1);
    actor.send({ type: 'checkout.bag', bag: NEWER_BAG });
    expect(context().failure).toBeNull();
    place('key-3');
    expect(places.map((call) => [call.input.idempotencyKey, call.input.body.bagVersion])).toEqual([['key-1', 7], ['key-3', 8]]);
  });

  test('waits for the bag read again after bag_changed, then places with a new key', async () => {
    const { actor, places, place, fillToReview, failPlace, context } = startCheckout();
    fillToReview();
    place('key-1');
    await failPlace(BAG_CHANGED);
    expect(context()).toMatchObject({ failure: { kind: 'bag_changed' }, idempotencyKey: null });
    actor.send({ type: 'checkout.bag', bag: CHECKOUT_BAG });
    place('key-2');
    expect(places).toHaveLength(1);
    actor.send({ type: 'checkout.bag', bag: NEWER_BAG });
    place('key-3');
    expect(places.map((call) => call.input.idempotencyKey)).toEqual(['key-1', 'key-3']);
  });

  test('goes back to delivery when the method is no longer offered', async () => {
    const { place, fillToReview, failPlace, expectToBeIn, context } = startCheckout();
    fillToReview();
    place('key-1');
    await failPlace(DELIVERY_UNAVAILABLE);
    expectToBeIn('delivery');
    expect(context()).toMatchObject({ failure: { kind: 'delivery_unavailable' }, idempotencyKey: null });
  });
});

describe('checkout: what a failure says', () => {
  const http = (status: number, code: string | null, extra: Record<string, unknown> = {}) => ({ kind: 'http', status, body: code ? { code, message: '', status } : null, data: { code, ...extra } });

  test.each([
    ['a decline, with the processor’s reason', http(402, 'payment_declined', { reason: 'expired_card' }), { kind: 'declined', reason: 'expired_card' }, 'payment'],
    ['a decline with an unknown reason', http(402, null), { kind: 'declined', reason: 'card_declined' }, 'payment'],
    ['a BNPL refused by its provider', http(409, 'payment_unavailable', { reason: 'above_maximum' }), { kind: 'payment_unavailable', reason: 'above_maximum' }, 'payment'],
    ['a store no longer offered', http(400, 'delivery_unavailable'), { kind: 'delivery_unavailable' }, 'delivery'],
    ['a sold-out line the bag no longer has, by its name', http(409, 'sold_out', { lines: [{ variantId: 99, productName: 'Serum', variantName: '30 ml' }] }), { kind: 'sold_out', lines: [{ productName: 'Serum', variantName: '30 ml' }] }, 'review'],
    ['a blocked bag', http(409, 'bag_blocked', { blockedBy: 'empty' }), { kind: 'bag_blocked' }, 'review'],
    ['a promo code used up meanwhile', http(409, 'offer_used_up'), { kind: 'offer_unavailable' }, 'review'],
    ['a gift card not found, named by its place in the order', http(404, 'gift_card_not_found', { errors: [{ field: 'body.giftCards.1', message: 'no gift card with this code and PIN' }] }), { kind: 'gift_card', index: 1, reason: 'not_found' }, 'payment'],
    ['a gift card spent by another order meanwhile', http(409, 'gift_card_balance_changed', { errors: [{ field: 'body.giftCards.0', message: 'has less left' }] }), { kind: 'gift_card', index: 0, reason: 'balance_changed' }, 'payment'],
    ['an empty gift card', http(409, 'gift_card_empty', { errors: [{ field: 'body.giftCards.0', message: 'nothing left' }] }), { kind: 'gift_card', index: 0, reason: 'empty' }, 'payment'],
    ['a gift card of another country', http(409, 'gift_card_other_country', { errors: [{ field: 'body.giftCards.0', message: 'pays in MY only' }] }), { kind: 'gift_card', index: 0, reason: 'other_country' }, 'payment'],
    ['the same gift card twice', http(400, 'gift_card_duplicate', { errors: [{ field: 'body.giftCards.1', message: 'is given twice' }] }), { kind: 'gift_card', index: 1, reason: 'duplicate' }, 'payment'],
    ['too many wrong gift cards', http(429, 'too_many_attempts'), { kind: 'gift_card', index: null, reason: 'too_many_attempts' }, 'payment'],
    ['a 400 naming a gift card’s PIN', http(400, null, { errors: [{ field: 'body.giftCards.0.pin', message: 'must be 8 digits' }] }), { kind: 'gift_card', index: 0, reason: 'not_found' }, 'payment'],
    ['a 400 no step foresaw', http(400, null), { kind: 'rejected' }, 'review'],
    ['a 401', http(401, null), { kind: 'signed_out' }, 'review'],
    ['a 503', http(503, null), { kind: 'network' }, 'review'],
    ['no answer', NETWORK, { kind: 'network' }, 'review'],
  ])('reads %s', (_name, error, failure, step) => {
    expect(checkoutFailureOf(error, CHECKOUT_BAG)).toEqual(failure);
    expect(failureStep(checkoutFailureOf(error, CHECKOUT_BAG), 'placing')).toBe(step);
  });
});

describe('checkout: the bank’s challenge', () => {
  const toChallenge = async () => {
    const checkout = startCheckout();
    checkout.fillToReview();
    checkout.place('key-1');
    checkout.places[0]?.resolve(CHALLENGE);
    await tick();
    return checkout;
  };

  test('enters from a placed order that needs a challenge and places it after the answer', async () => {
    const { actor, answers, expectToBeIn, context } = await toChallenge();
    expectToBeIn('challenge');
    actor.send({ type: 'checkout.challenge.submit' });
    expectToBeIn('challenge');
    actor.send({ type: 'checkout.challenge.answer', value: ' 123456 ' });
    actor.send({ type: 'checkout.challenge.submit' });
    expectToBeIn('verifying');
    expect(answers[0]?.input).toEqual({ attempt: 'att_3220', answer: '123456' });
    answers[0]?.resolve(ORDER);
    await tick();
    expectToBeIn('placed');
    expect(context().order?.number).toBe('SG-100042');
  });

  test('a failed challenge goes back to payment and drops the key', async () => {
    const { actor, answers, expectToBeIn, context } = await toChallenge();
    actor.send({ type: 'checkout.challenge.answer', value: '000000' });
    actor.send({ type: 'checkout.challenge.submit' });
    answers[0]?.reject(CHALLENGE_FAILED);
    await tick();
    expectToBeIn('payment');
    expect(context()).toMatchObject({ failure: { kind: 'declined', reason: 'challenge_failed' }, idempotencyKey: null, challenge: null });
  });

  test('an expired challenge returns to review; no answer keeps the challenge and its answer', async () => {
    const gone = await toChallenge();
    gone.actor.send({ type: 'checkout.challenge.answer', value: '123456' });
    gone.actor.send({ type: 'checkout.challenge.submit' });
    gone.answers[0]?.reject(CHALLENGE_GONE);
    await tick();
    gone.expectToBeIn('review');
    expect(gone.context()).toMatchObject({ failure: { kind: 'challenge_gone' }, idempotencyKey: null });

    const offline = await toChallenge();
    offline.actor.send({ type: 'checkout.challenge.answer', value: '123456' });
    offline.actor.send({ type: 'checkout.challenge.submit' });
    offline.answers[0]?.reject(NETWORK);
    await tick();
    offline.expectToBeIn('challenge');
    expect(offline.context()).toMatchObject({ failure: { kind: 'network' }, idempotencyKey: 'key-1', challenge: { answer: '123456' } });
  });

  test('bails out to payment, leaving that attempt behind', async () => {
    const { actor, expectToBeIn, context } = await toChallenge();
    actor.send({ type: 'checkout.edit', step: 'payment' });
    expectToBeIn('payment');
    expect(context()).toMatchObject({ challenge: null, idempotencyKey: null });
  });
});
