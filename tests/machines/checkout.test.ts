import { describe, expect, test } from 'vitest';
import { createActor } from 'xstate';
import { cartLine, cartOf, LIPSTICK } from '../../machines/bag/bag.fixtures.ts';
import { CHECKOUT_INPUT, CHECKOUT_OPTIONS, EMAIL_ONLY_BAG, EMAIL_ONLY_OPTIONS, GIFT_CARD, GOOD_CARD, SAVED_ADDRESS } from '../../machines/checkout/checkout.fixtures.ts';
import { checkoutMachine, type CheckoutInput } from '../../machines/checkout/checkout.machine.ts';
import { checkoutSteps, giftCardIssues, orderBody, placeRefusal, stepRefusal } from '../../machines/checkout/checkout.rules.ts';
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

  test('refuses an unavailable BNPL with its reason from the options', () => {
    const options = { ...CHECKOUT_OPTIONS, payment: [...CHECKOUT_OPTIONS.payment.filter((option) => option.method === 'card'), { method: 'atome' as const, available: false, reason: 'below_minimum' as const, minimum: { currency: 'SGD', amount: 100 }, maximum: null }] };
    const { actor, context } = startCheckout({ options });
    actor.send({ type: 'checkout.next' });
    actor.send({ type: 'checkout.address.saved', index: 0 });
    actor.send({ type: 'checkout.next' });
    actor.send({ type: 'checkout.delivery.method', method: 'standard' });
    actor.send({ type: 'checkout.next' });
    actor.send({ type: 'checkout.next' });
    actor.send({ type: 'checkout.payment.method', method: 'atome' });
    expect(context().inputs.payment.method).toBeNull();
    expect(stepRefusal({ ...context(), inputs: { ...context().inputs, payment: { ...context().inputs.payment, method: 'atome' } } }, 'payment')).toBe('below_minimum');
    actor.send({ type: 'checkout.payment.method', method: 'klarna' });
    expect(context().inputs.payment.method).toBeNull();
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

  test('has no address or delivery step: contact goes on to the samples and offers', () => {
    const { actor, expectToBeIn, context } = emailOnly();
    expect(checkoutSteps(context())).toEqual(['contact', 'extras', 'payment', 'review']);
    actor.send({ type: 'checkout.next' });
    expectToBeIn('extras');
    // Neither step can be gone back to: there is nothing to enter there.
    actor.send({ type: 'checkout.edit', step: 'address' });
    actor.send({ type: 'checkout.edit', step: 'delivery' });
    expectToBeIn('extras');
    actor.send({ type: 'checkout.edit', step: 'contact' });
    expectToBeIn('contact');
  });

  test('places the order without an address: standard delivery, empty address lines', () => {
    const { actor, expectToBeIn, context } = emailOnly();
    actor.send({ type: 'checkout.next' });
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
