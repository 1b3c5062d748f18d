import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { GiftCardCheckResult } from '../../src/contract/checkout.ts';
import { cartLine, cartOf, LIPSTICK } from '../../machines/bag/bag.fixtures.ts';
import {
  CHECKOUT_INPUT,
  CHECKOUT_OPTIONS,
  EMAIL_ONLY_BAG,
  EMAIL_ONLY_OPTIONS,
  GIFT_CARD,
  GIFT_CARD_NOT_FOUND,
  GIFT_CARD_PAYS_ALL,
  GIFT_CARD_PAYS_PART,
  GOOD_CARD,
  SAVED_ADDRESS,
} from '../../machines/checkout/checkout.fixtures.ts';
import { checkoutMachine, type CheckoutInput } from '../../machines/checkout/checkout.machine.ts';
import {
  amountDueMinor,
  checkoutSteps,
  giftCardCheckRefusal,
  giftCardCoverMinor,
  giftCardIssues,
  giftCardsPayAll,
  instalmentsDue,
  orderBody,
  paymentMethodRefusal,
  placeRefusal,
  stepRefusal,
} from '../../machines/checkout/checkout.rules.ts';
import { CARD_FIELDS } from '../../machines/checkout/checkout.types.ts';

/* The steps: what each one takes, when `checkout.next` goes on and why not, and going back. Placing is in checkout.placing.test.ts. */

function startCheckout(input: Partial<CheckoutInput> = {}) {
  const actor = createActor(checkoutMachine, { input: { ...CHECKOUT_INPUT, ...input } }).start();
  const expectToBeIn = (step: string) => expect(actor.getSnapshot().value).toEqual({ steps: step });
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
  return { actor, expectToBeIn, context, fillToReview };
}

describe('checkout: contact', () => {
  test('starts at contact with the member’s email filled in', () => {
    const { expectToBeIn, context } = startCheckout();
    expectToBeIn('contact');
    expect(context().inputs.email).toBe('mei@example.com');
  });

  test('stays at contact without a valid email, and the rule says why', () => {
    const { actor, expectToBeIn, context } = startCheckout();
    actor.send({ type: 'checkout.email', value: 'mei@' });
    actor.send({ type: 'checkout.next' });
    expectToBeIn('contact');
    expect(stepRefusal(context(), 'contact')).toBe('email_invalid');
    actor.send({ type: 'checkout.email', value: ' ' });
    expect(stepRefusal(context(), 'contact')).toBe('email_required');
  });
});

describe('checkout: address', () => {
  test('takes a saved address and goes on to delivery', () => {
    const { actor, expectToBeIn, context } = startCheckout();
    actor.send({ type: 'checkout.next' });
    actor.send({ type: 'checkout.address.saved', index: 0 });
    expect(context().inputs.address).toEqual(SAVED_ADDRESS);
    actor.send({ type: 'checkout.next' });
    expectToBeIn('delivery');
  });

  test('refuses an address the country’s rules refuse, and an unknown saved one', () => {
    const { actor, expectToBeIn, context } = startCheckout();
    actor.send({ type: 'checkout.next' });
    actor.send({ type: 'checkout.address.saved', index: 3 });
    expect(context().inputs.address.line1).toBe('');
    actor.send({ type: 'checkout.address.saved', index: 0 });
    actor.send({ type: 'checkout.address.field', field: 'postcode', value: '2388' });
    actor.send({ type: 'checkout.next' });
    expectToBeIn('address');
    expect(stepRefusal(context(), 'address')).toBe('address_incomplete');
  });
});

describe('checkout: delivery', () => {
  const toDelivery = (input: Partial<CheckoutInput> = {}) => {
    const checkout = startCheckout(input);
    checkout.actor.send({ type: 'checkout.next' });
    checkout.actor.send({ type: 'checkout.address.saved', index: 0 });
    checkout.actor.send({ type: 'checkout.next' });
    return checkout;
  };

  test('refuses a method the options do not offer', () => {
    const { actor, context } = toDelivery({ options: { ...CHECKOUT_OPTIONS, delivery: CHECKOUT_OPTIONS.delivery.filter((option) => option.method !== 'express') } });
    expect(actor.getSnapshot().can({ type: 'checkout.delivery.method', method: 'express' })).toBe(false);
    actor.send({ type: 'checkout.delivery.method', method: 'express' });
    expect(context().inputs.delivery.method).toBeNull();
    expect(stepRefusal(context(), 'delivery')).toBe('delivery_required');
  });

  test('click & collect needs one of the stores', () => {
    const { actor, expectToBeIn, context } = toDelivery();
    actor.send({ type: 'checkout.delivery.method', method: 'click_collect' });
    actor.send({ type: 'checkout.delivery.store', storeId: 'sg-nowhere' });
    actor.send({ type: 'checkout.next' });
    expect(stepRefusal(context(), 'delivery')).toBe('store_required');
    actor.send({ type: 'checkout.delivery.store', storeId: 'sg-vivocity' });
    actor.send({ type: 'checkout.next' });
    expectToBeIn('extras');
  });

  test('asks for the street again when home delivery follows a click & collect address', () => {
    const { actor, expectToBeIn, context } = toDelivery();
    actor.send({ type: 'checkout.delivery.method', method: 'click_collect' });
    actor.send({ type: 'checkout.edit', step: 'address' });
    actor.send({ type: 'checkout.address.field', field: 'line1', value: '' });
    actor.send({ type: 'checkout.next' });
    expectToBeIn('delivery');
    actor.send({ type: 'checkout.delivery.method', method: 'express' });
    expect(stepRefusal(context(), 'delivery')).toBe('address_incomplete');
  });
});

describe('checkout: extras and payment', () => {
  test('stays at extras while the bag holds an out-of-stock line', () => {
    const blocked = cartOf([LIPSTICK, cartLine(2, 21, 1, { inventory: { state: 'out_of_stock', available: 0 }, maxQuantity: 0 })], 7);
    const { actor, expectToBeIn } = startCheckout({ bag: blocked });
    actor.send({ type: 'checkout.next' });
    actor.send({ type: 'checkout.address.saved', index: 0 });
    actor.send({ type: 'checkout.next' });
    actor.send({ type: 'checkout.delivery.method', method: 'standard' });
    actor.send({ type: 'checkout.next' });
    actor.send({ type: 'checkout.next' });
    expectToBeIn('extras');
  });

  test('a BNPL provider’s limits apply to what is due: the bag with its delivery fee', () => {
    // S$8 of goods: under Atome's S$10 minimum on their own, over it with express delivery (S$10).
    const small = cartOf([cartLine(1, 11, 1, { unitPrice: { currency: 'SGD', amount: 8 }, lineTotal: { currency: 'SGD', amount: 8 } })], 7, { total: { currency: 'SGD', amount: 8 }, subtotal: { currency: 'SGD', amount: 8 } });
    const { actor, context } = startCheckout({ bag: small });
    actor.send({ type: 'checkout.next' });
    actor.send({ type: 'checkout.address.saved', index: 0 });
    actor.send({ type: 'checkout.next' });
    actor.send({ type: 'checkout.delivery.method', method: 'standard' });
    actor.send({ type: 'checkout.next' });
    actor.send({ type: 'checkout.next' });
    expect(paymentMethodRefusal(context(), 'atome')).toBe('below_minimum');
    actor.send({ type: 'checkout.payment.method', method: 'atome' });
    expect(context().inputs.payment.method).toBeNull();
    expect(stepRefusal({ ...context(), inputs: { ...context().inputs, payment: { ...context().inputs.payment, method: 'atome' } } }, 'payment')).toBe('below_minimum');
    // Express: S$18 due, three payments of S$6.00.
    actor.send({ type: 'checkout.edit', step: 'delivery' });
    actor.send({ type: 'checkout.delivery.method', method: 'express' });
    actor.send({ type: 'checkout.next' });
    actor.send({ type: 'checkout.next' });
    expect(amountDueMinor(context())).toBe(1_800);
    expect(instalmentsDue(context())).toMatchObject([{ provider: 'atome', instalments: 3, instalmentMinor: 600, refusal: null }]);
    actor.send({ type: 'checkout.payment.method', method: 'atome' });
    expect(context().inputs.payment.method).toBe('atome');
    // A provider the options do not offer stays refused.
    actor.send({ type: 'checkout.payment.method', method: 'klarna' });
    expect(context().inputs.payment.method).toBe('atome');
  });

  test('refuses a card without its number, and one that expired before today', () => {
    const { actor, context, fillToReview, expectToBeIn } = startCheckout();
    fillToReview();
    actor.send({ type: 'checkout.edit', step: 'payment' });
    actor.send({ type: 'checkout.card.field', field: 'number', value: '' });
    expect(stepRefusal(context(), 'payment')).toBe('card_details_needed');
    actor.send({ type: 'checkout.card.field', field: 'number', value: GOOD_CARD.number });
    actor.send({ type: 'checkout.card.field', field: 'expYear', value: '2029' });
    actor.send({ type: 'checkout.next' });
    expectToBeIn('payment');
    expect(stepRefusal(context(), 'payment')).toBe('card_invalid');
  });
});

describe('checkout: going back', () => {
  test('goes back to any earlier step and never forward', () => {
    const { actor, expectToBeIn, fillToReview } = startCheckout();
    fillToReview();
    actor.send({ type: 'checkout.edit', step: 'address' });
    expectToBeIn('address');
    actor.send({ type: 'checkout.edit', step: 'payment' });
    expectToBeIn('address');
    actor.send({ type: 'checkout.edit', step: 'contact' });
    expectToBeIn('contact');
  });

  test('keeps every input on the way back and forth', () => {
    const { actor, context, fillToReview, expectToBeIn } = startCheckout();
    fillToReview();
    const inputs = context().inputs;
    actor.send({ type: 'checkout.edit', step: 'contact' });
    for (let step = 0; step < 5; step += 1) actor.send({ type: 'checkout.next' });
    expectToBeIn('review');
    expect(context().inputs).toEqual(inputs);
  });
});

describe('checkout: a bag of e-gift cards only', () => {
  const emailOnly = () => startCheckout({ bag: EMAIL_ONLY_BAG, options: EMAIL_ONLY_OPTIONS });

  test('is not a parcel: no address, delivery or samples step; contact goes on to payment', () => {
    const { actor, expectToBeIn, context } = emailOnly();
    expect(checkoutSteps(context())).toEqual(['contact', 'payment', 'review']);
    actor.send({ type: 'checkout.next' });
    expectToBeIn('payment');
    // None of those steps can be gone back to: there is nothing to enter there.
    actor.send({ type: 'checkout.edit', step: 'address' });
    actor.send({ type: 'checkout.edit', step: 'delivery' });
    actor.send({ type: 'checkout.edit', step: 'extras' });
    expectToBeIn('payment');
    actor.send({ type: 'checkout.edit', step: 'contact' });
    expectToBeIn('contact');
  });

  test('places the order without an address: standard delivery, empty address lines', () => {
    const { actor, expectToBeIn, context } = emailOnly();
    actor.send({ type: 'checkout.next' });
    actor.send({ type: 'checkout.payment.method', method: 'card' });
    for (const field of CARD_FIELDS) actor.send({ type: 'checkout.card.field', field, value: GOOD_CARD[field] });
    actor.send({ type: 'checkout.next' });
    expectToBeIn('review');
    expect(placeRefusal(context())).toBeNull();
    expect(stepRefusal(context(), 'address')).toBeNull();
    expect(stepRefusal(context(), 'delivery')).toBeNull();
    expect(orderBody(context()).delivery).toEqual({ method: 'standard', storeId: null, address: { fullName: '', phone: '', line1: '', line2: '', city: '', state: '', postcode: '' } });
  });

  test('takes no gift card (they never pay for e-gift cards), and sends none kept from before', () => {
    const { actor, context } = emailOnly();
    actor.send({ type: 'checkout.next' });
    expect(actor.getSnapshot().can({ type: 'checkout.giftCard.add' })).toBe(false);
    actor.send({ type: 'checkout.payment.method', method: 'atome' });
    const kept = { ...context(), inputs: { ...context().inputs, giftCards: [{ code: GIFT_CARD.code, pin: '' }] } };
    expect(stepRefusal(kept, 'payment')).toBeNull();
    expect(orderBody(kept)).not.toHaveProperty('giftCards');
  });

  test('with goods in the bag, contact goes on to the address as before', () => {
    const { actor, expectToBeIn, context } = startCheckout();
    expect(checkoutSteps(context())).toHaveLength(6);
    actor.send({ type: 'checkout.next' });
    expectToBeIn('address');
  });
});

describe('checkout: gift cards at payment', () => {
  const toPayment = () => {
    const checkout = startCheckout();
    checkout.fillToReview();
    checkout.actor.send({ type: 'checkout.edit', step: 'payment' });
    return checkout;
  };

  test('up to two cards are typed, each refused until its code and PIN are the contract’s', () => {
    const { actor, context, expectToBeIn } = toPayment();
    actor.send({ type: 'checkout.giftCard.add' });
    expect(stepRefusal(context(), 'payment')).toBe('gift_card_invalid');
    expect(giftCardIssues(context().inputs.giftCards)).toEqual([
      { index: 0, field: 'code', code: 'required' },
      { index: 0, field: 'pin', code: 'required' },
    ]);
    actor.send({ type: 'checkout.giftCard.field', index: 0, field: 'code', value: 'ABCD-1234' });
    actor.send({ type: 'checkout.giftCard.field', index: 0, field: 'pin', value: '1234' });
    expect(giftCardIssues(context().inputs.giftCards).map((issue) => [issue.field, issue.code])).toEqual([
      ['code', 'invalid'],
      ['pin', 'invalid'],
    ]);
    actor.send({ type: 'checkout.giftCard.field', index: 0, field: 'code', value: GIFT_CARD.code });
    actor.send({ type: 'checkout.giftCard.field', index: 0, field: 'pin', value: GIFT_CARD.pin });
    expect(stepRefusal(context(), 'payment')).toBeNull();
    // The same card again, in lower case without dashes, is the same card.
    actor.send({ type: 'checkout.giftCard.add' });
    actor.send({ type: 'checkout.giftCard.field', index: 1, field: 'code', value: 'abcdefghjklmnpqr' });
    actor.send({ type: 'checkout.giftCard.field', index: 1, field: 'pin', value: GIFT_CARD.pin });
    expect(giftCardIssues(context().inputs.giftCards)).toEqual([{ index: 1, field: 'code', code: 'duplicate' }]);
    actor.send({ type: 'checkout.next' });
    expectToBeIn('payment');
    // A third is refused: an order takes two.
    actor.send({ type: 'checkout.giftCard.add' });
    expect(context().inputs.giftCards).toHaveLength(2);
    actor.send({ type: 'checkout.giftCard.remove', index: 1 });
    actor.send({ type: 'checkout.giftCard.remove', index: 5 });
    expect(context().inputs.giftCards).toEqual([GIFT_CARD]);
    actor.send({ type: 'checkout.next' });
    expectToBeIn('review');
  });

  test('the order sends the cards in the order typed, their codes as the contract reads them; none: no giftCards', () => {
    const { actor, context } = toPayment();
    expect(orderBody(context())).not.toHaveProperty('giftCards');
    actor.send({ type: 'checkout.giftCard.add' });
    actor.send({ type: 'checkout.giftCard.field', index: 0, field: 'code', value: 'abcd efgh jklm npqr' });
    actor.send({ type: 'checkout.giftCard.field', index: 0, field: 'pin', value: GIFT_CARD.pin });
    expect(orderBody(context()).giftCards).toEqual([{ code: 'ABCDEFGHJKLMNPQR', pin: GIFT_CARD.pin }]);
  });

});

describe('checkout: gift cards that pay the whole order', () => {
  /** At payment with the good card's method unchosen and one gift card typed. */
  const withGiftCard = (checkGiftCards: (input: unknown) => Promise<unknown>) => {
    const machine = checkoutMachine.provide({ actors: { checkGiftCards: fromPromise(({ input }) => checkGiftCards(input) as Promise<GiftCardCheckResult>) } });
    const actor = createActor(machine, { input: CHECKOUT_INPUT }).start();
    actor.send({ type: 'checkout.next' });
    actor.send({ type: 'checkout.address.saved', index: 0 });
    actor.send({ type: 'checkout.next' });
    actor.send({ type: 'checkout.delivery.method', method: 'express' });
    actor.send({ type: 'checkout.next' });
    actor.send({ type: 'checkout.next' });
    actor.send({ type: 'checkout.giftCard.add' });
    actor.send({ type: 'checkout.giftCard.field', index: 0, field: 'code', value: GIFT_CARD.code });
    actor.send({ type: 'checkout.giftCard.field', index: 0, field: 'pin', value: GIFT_CARD.pin });
    return { actor, context: () => actor.getSnapshot().context };
  };

  test('before the check a method is still asked: only the server knows the balance', () => {
    const { actor, context } = withGiftCard(async () => GIFT_CARD_PAYS_ALL);
    expect(giftCardCheckRefusal(context())).toBeNull();
    expect(stepRefusal(context(), 'payment')).toBe('payment_required');
    actor.send({ type: 'checkout.next' });
    expect(actor.getSnapshot().value).toEqual({ steps: 'payment' });
  });

  test('checked and paying it all (S$65 of goods and S$10 express): Continue and Place order without a card, sent as gift_cards', async () => {
    const sent: unknown[] = [];
    const { actor, context } = withGiftCard(async (input) => {
      sent.push(input);
      return GIFT_CARD_PAYS_ALL;
    });
    actor.send({ type: 'checkout.giftCards.check' });
    expect(actor.getSnapshot().value).toBe('checkingGiftCards');
    await waitFor(actor, (snapshot) => snapshot.matches({ steps: 'payment' }));
    // The code as the server reads it (dashes dropped).
    expect(sent).toEqual([{ giftCards: [{ code: 'ABCDEFGHJKLMNPQR', pin: GIFT_CARD.pin }] }]);
    expect(giftCardCoverMinor(context())).toBe(7_500);
    expect(amountDueMinor(context())).toBe(0);
    expect(giftCardsPayAll(context())).toBe(true);
    expect(giftCardCheckRefusal(context())).toBe('gift_cards_checked');
    expect(stepRefusal(context(), 'payment')).toBeNull();
    actor.send({ type: 'checkout.next' });
    expect(actor.getSnapshot().value).toEqual({ steps: 'review' });
    expect(placeRefusal(context())).toBeNull();
    expect(orderBody(context()).payment).toEqual({ method: 'gift_cards' });
    // Typing the card again differently: its balance is not known for it, a method is asked again.
    actor.send({ type: 'checkout.edit', step: 'payment' });
    actor.send({ type: 'checkout.giftCard.field', index: 0, field: 'pin', value: '87654321' });
    expect(giftCardsPayAll(context())).toBe(false);
    expect(stepRefusal(context(), 'payment')).toBe('payment_required');
  });

  test('checked and paying part: the rest is due, and the instalments are of the rest', async () => {
    const { actor, context } = withGiftCard(async () => GIFT_CARD_PAYS_PART);
    actor.send({ type: 'checkout.giftCards.check' });
    await waitFor(actor, (snapshot) => snapshot.matches({ steps: 'payment' }));
    // S$75 with express, S$20 on the card: S$55 left, three payments of S$18.34.
    expect(amountDueMinor(context())).toBe(5_500);
    expect(instalmentsDue(context())).toMatchObject([{ provider: 'atome', instalments: 3, instalmentMinor: 1_834, refusal: null }]);
    expect(stepRefusal(context(), 'payment')).toBe('payment_required');
    actor.send({ type: 'checkout.payment.method', method: 'atome' });
    actor.send({ type: 'checkout.next' });
    expect(actor.getSnapshot().value).toEqual({ steps: 'review' });
    expect(orderBody(context()).payment).toEqual({ method: 'atome' });
  });

  test('a card the server refuses: back at payment, named, every input kept', async () => {
    const { actor, context } = withGiftCard(async () => {
      throw GIFT_CARD_NOT_FOUND;
    });
    actor.send({ type: 'checkout.giftCards.check' });
    await waitFor(actor, (snapshot) => snapshot.matches({ steps: 'payment' }));
    expect(context().failure).toEqual({ kind: 'gift_card', index: 0, reason: 'not_found' });
    expect(context().inputs.giftCards).toEqual([GIFT_CARD]);
    expect(giftCardsPayAll(context())).toBe(false);
  });
});
