import { describe, expect, test } from 'vitest';
import { fromPromise } from 'xstate';
import type { Order } from '../../src/contract/checkout.ts';
import { checkoutConnect } from '../../machines/checkout/checkout.connect.ts';
import {
  CHALLENGE,
  CHECKOUT_INPUT,
  CHECKOUT_OPTIONS,
  DECLINED,
  EMAIL_ONLY_BAG,
  EMAIL_ONLY_OPTIONS,
  GIFT_CARD,
  GIFT_CARD_NOT_FOUND,
  GOOD_CARD,
  NEWER_BAG,
  ORDER,
  persistedAt,
  SAVED_ADDRESS,
} from '../../machines/checkout/checkout.fixtures.ts';
import { checkoutMachine, type AnswerChallengeInput, type CheckoutInput, type PlaceOrderInput } from '../../machines/checkout/checkout.machine.ts';
import { CARD_FIELDS, type ChallengeRequired } from '../../machines/checkout/checkout.types.ts';
import { connectActor } from './connect-helpers.ts';

type Pending<T> = { resolve: (value: T) => void; reject: (error: unknown) => void };
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(input: Partial<CheckoutInput> = {}) {
  const places: Pending<Order | ChallengeRequired>[] = [];
  const answers: Pending<Order>[] = [];
  const machine = checkoutMachine.provide({
    actors: {
      placeOrder: fromPromise<Order | ChallengeRequired, PlaceOrderInput>(() => new Promise((resolve, reject) => void places.push({ resolve, reject }))),
      answerChallenge: fromPromise<Order, AnswerChallengeInput>(() => new Promise((resolve, reject) => void answers.push({ resolve, reject }))),
    },
  });
  const { actor, send, sent } = connectActor(machine, { ...CHECKOUT_INPUT, ...input });
  const view = () => checkoutConnect(actor.getSnapshot(), send);
  /** Through the view's intents only, as a screen would. */
  const toReview = () => {
    view().next();
    view().address.saved[0]?.select();
    view().next();
    view().delivery.choices.find((choice) => choice.method === 'standard')?.select();
    view().next();
    view().next();
    view().payment.choices.find((choice) => choice.method === 'card')?.select();
    for (const field of CARD_FIELDS) view().setCardField(field, GOOD_CARD[field]);
    view().next();
  };
  return { actor, sent, view, places, answers, toReview };
}

describe('checkoutConnect: the steps', () => {
  test('starts at contact with the account’s email, the later steps upcoming', () => {
    const { view } = start();
    expect(view()).toMatchObject({ state: 'steps.contact', status: 'editing', step: 'contact', busy: false, nextDisabledReason: null, failure: null, notice: null, order: null });
    expect(view().contact).toEqual({ email: 'mei@example.com', issue: null, fromAccount: true });
    expect(view().steps.map((step) => [step.step, step.state, step.canEdit])).toEqual([
      ['contact', 'current', false],
      ['address', 'upcoming', false],
      ['delivery', 'upcoming', false],
      ['extras', 'upcoming', false],
      ['payment', 'upcoming', false],
      ['review', 'upcoming', false],
    ]);
  });

  test('disables Continue with the guard’s reason, and the field issues of the country’s rules', () => {
    const { view, sent } = start();
    view().setEmail('mei@');
    expect(view()).toMatchObject({ nextDisabledReason: 'email_invalid', contact: { issue: 'invalid', fromAccount: false } });
    view().setEmail('mei@example.com');
    view().next();
    expect(view()).toMatchObject({ step: 'address', nextDisabledReason: 'address_incomplete', address: { street: true } });
    expect(view().address.issues).toEqual([
      { field: 'fullName', code: 'required' },
      { field: 'phone', code: 'required' },
      { field: 'line1', code: 'required' },
      { field: 'postcode', code: 'required' },
    ]);
    view().setAddressField('phone', '1234');
    expect(view().address.issues).toContainEqual({ field: 'phone', code: 'invalid_phone' });
    view().useSavedAddress(0);
    expect(view()).toMatchObject({ nextDisabledReason: null, address: { values: SAVED_ADDRESS, issues: [] } });
    expect(sent.at(-1)).toEqual({ type: 'checkout.address.saved', index: 0 });
  });

  test('lists the options’ methods and stores; click & collect asks for a store and not the street', () => {
    const { view } = start();
    view().next();
    view().useSavedAddress(0);
    view().next();
    expect(view().delivery.choices.map((choice) => [choice.method, choice.selected])).toEqual([
      ['standard', false],
      ['express', false],
      ['click_collect', false],
    ]);
    expect(view().nextDisabledReason).toBe('delivery_required');
    view().chooseDelivery('click_collect');
    expect(view()).toMatchObject({ nextDisabledReason: 'store_required', delivery: { storeRequired: true }, address: { street: false } });
    view().delivery.stores[1]?.select();
    expect(view().delivery.stores.map((store) => [store.id, store.selected])).toEqual([
      ['sg-ion-orchard', false],
      ['sg-vivocity', true],
    ]);
    expect(view().nextDisabledReason).toBeNull();
  });

  test('gives each payment method its refusal and instalments from the instalment rule for what is due', () => {
    const options = { ...CHECKOUT_OPTIONS, payment: [...CHECKOUT_OPTIONS.payment, { method: 'afterpay' as const, available: false, reason: 'above_maximum' as const, minimum: null, maximum: { currency: 'SGD', amount: 50 } }] };
    const { view } = start({ options });
    view().next();
    view().useSavedAddress(0);
    view().next();
    view().chooseDelivery('standard');
    view().next();
    view().next();
    // S$65 with free standard delivery: Atome takes it in three payments of S$21.67; Singapore has no Afterpay terms.
    expect(view().payment.choices.map((choice) => [choice.method, choice.disabledReason, choice.instalments])).toEqual([
      ['card', null, null],
      ['atome', null, { count: 3, amount: { currency: 'SGD', amount: 21.67 } }],
      ['afterpay', 'payment_unavailable', null],
    ]);
    view().choosePayment('afterpay');
    expect(view().nextDisabledReason).toBe('payment_required');
    view().choosePayment('card');
    expect(view()).toMatchObject({ nextDisabledReason: 'card_details_needed', payment: { showsCard: true } });
    expect(view().payment.cardIssues.map((issue) => issue.field)).toEqual(['number', 'cvc', 'expMonth', 'expYear']);
  });

  test('goes back through a done step’s edit, never to an upcoming one', () => {
    const { view, toReview } = start();
    toReview();
    expect(view().steps.map((step) => [step.state, step.canEdit])).toEqual([...Array(5).fill(['done', true]), ['current', false]]);
    view().steps[2]?.edit();
    expect(view().step).toBe('delivery');
    expect(view().steps[4]?.canEdit).toBe(false);
    view().edit('contact');
    expect(view().step).toBe('contact');
  });
});

describe('checkoutConnect: placing', () => {
  test('places with the view’s key, busy until the answer, then shows the order', async () => {
    const { view, toReview, places, sent } = start();
    toReview();
    expect(view()).toMatchObject({ step: 'review', placeDisabledReason: null, placeFixStep: null });
    view().place('key-1');
    expect(sent.at(-1)).toEqual({ type: 'checkout.place', idempotencyKey: 'key-1' });
    expect(view()).toMatchObject({ status: 'placing', step: 'review', busy: true });
    expect(view().steps.every((step) => !step.canEdit)).toBe(true);
    places[0]?.resolve(ORDER);
    await tick();
    expect(view()).toMatchObject({ status: 'placed', step: null, busy: false, order: ORDER });
  });

  test('shows a declined card’s reason at payment', async () => {
    const { view, toReview, places } = start();
    toReview();
    view().place('key-1');
    places[0]?.reject(DECLINED);
    await tick();
    expect(view()).toMatchObject({ step: 'payment', failure: { kind: 'declined', reason: 'insufficient_funds' }, nextDisabledReason: null });
  });

  test('asks for the challenge’s answer before it can be sent', async () => {
    const { view, toReview, places, answers } = start();
    toReview();
    view().place('key-1');
    places[0]?.resolve(CHALLENGE);
    await tick();
    expect(view()).toMatchObject({ status: 'challenge', challenge: { answer: '', expiresAt: CHALLENGE.expiresAt, submitDisabledReason: 'answer_required' } });
    view().setChallengeAnswer('123456');
    expect(view().challenge?.submitDisabledReason).toBeNull();
    view().submitChallenge();
    expect(view()).toMatchObject({ status: 'verifying', busy: true });
    answers[0]?.resolve(ORDER);
    await tick();
    expect(view().status).toBe('placed');
  });

  test('says which step to fix after a restore: the card’s number and CVC', () => {
    const { view } = start({ restored: { restored: persistedAt('review') } });
    expect(view()).toMatchObject({ step: 'review', placeDisabledReason: 'card_details_needed', placeFixStep: 'payment' });
  });

  test('shows the restore’s notice and takes the bag read again', () => {
    const { view, actor, sent } = start();
    view().restore({ notice: 'outdated' });
    expect(sent.at(-1)).toEqual({ type: 'checkout.restore', result: { notice: 'outdated' } });
    expect(view().notice).toBe('outdated');
    view().takeBag(NEWER_BAG);
    expect(actor.getSnapshot().context.bag.version).toBe(8);
    expect(view().bag.version).toBe(8);
  });
});

describe('checkoutConnect: e-gift cards', () => {
  test('a bag of e-gift cards only lists three steps (no samples step) and no shipping', () => {
    const { view } = start({ bag: EMAIL_ONLY_BAG, options: EMAIL_ONLY_OPTIONS });
    expect(view()).toMatchObject({ emailOnly: true, totals: { shipping: null, total: EMAIL_ONLY_BAG.total } });
    expect(view().steps.map((step) => step.step)).toEqual(['contact', 'payment', 'review']);
    expect(view().payment.giftCards).toMatchObject({ accepted: false, entries: [], addDisabledReason: 'gift_cards_not_accepted' });
    view().next();
    expect(view().step).toBe('payment');
    expect(view().steps.map((step) => [step.step, step.state, step.canEdit])).toEqual([
      ['contact', 'done', true],
      ['payment', 'current', false],
      ['review', 'upcoming', false],
    ]);
  });

  test('gift cards at payment: add, type, the rules’ issues per field, the limit, remove', () => {
    const { view, sent, toReview } = start();
    toReview();
    view().edit('payment');
    expect(view().payment.giftCards).toMatchObject({ accepted: true, entries: [], addDisabledReason: null });
    view().payment.giftCards.add();
    expect(sent.at(-1)).toEqual({ type: 'checkout.giftCard.add' });
    expect(view()).toMatchObject({ nextDisabledReason: 'gift_card_invalid' });
    expect(view().payment.giftCards.entries[0]).toMatchObject({ index: 0, code: '', pin: '', issues: { code: 'required', pin: 'required' }, refused: null });
    view().payment.giftCards.entries[0]?.setField('code', GIFT_CARD.code);
    view().setGiftCardField(0, 'pin', '123');
    expect(view().payment.giftCards.entries[0]?.issues).toEqual({ pin: 'invalid' });
    view().setGiftCardField(0, 'pin', GIFT_CARD.pin);
    expect(view().nextDisabledReason).toBeNull();
    view().addGiftCard();
    expect(view().payment.giftCards.addDisabledReason).toBe('gift_card_limit');
    view().payment.giftCards.entries[1]?.remove();
    expect(sent.at(-1)).toEqual({ type: 'checkout.giftCard.remove', index: 1 });
    expect(view().payment.giftCards.entries).toHaveLength(1);
  });

  test('the card the server refused is marked, every input kept', async () => {
    const { view, toReview, places } = start();
    toReview();
    view().edit('payment');
    view().addGiftCard();
    view().setGiftCardField(0, 'code', GIFT_CARD.code);
    view().setGiftCardField(0, 'pin', GIFT_CARD.pin);
    view().next();
    view().place('key-1');
    places[0]?.reject(GIFT_CARD_NOT_FOUND);
    await tick();
    expect(view()).toMatchObject({ step: 'payment', failure: { kind: 'gift_card', index: 0, reason: 'not_found' } });
    expect(view().payment.giftCards.entries[0]).toMatchObject({ code: GIFT_CARD.code, pin: GIFT_CARD.pin, refused: 'not_found' });
  });
});
