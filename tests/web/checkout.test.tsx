// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Cart } from '../../src/contract/cart.ts';
import type { CheckoutOptions, OrderCreate } from '../../src/contract/checkout.ts';
import { apiFake } from '../../src/web/shared/api/api-provider.tsx';
import { ApiError } from '../../src/web/shared/api/errors.ts';
import { createBagCountStore } from '../../src/web/shared/bag/bag-count.tsx';
import { createCheckoutApi, type CheckoutApi } from '../../src/web/features/checkout/checkout-api.ts';
import {
  CHECKOUT_BAG,
  CHECKOUT_OPTIONS,
  EMAIL_ONLY_BAG,
  EMAIL_ONLY_OPTIONS,
  GIFT_CARD,
  GIFT_CARD_PAYS_ALL,
  GIFT_CARD_PAYS_PART,
  MEMBER_EMAIL,
  ORDER,
  ORDER_PAID_BY_GIFT_CARD,
  SAVED_ADDRESS,
} from '../../machines/checkout/checkout.fixtures.ts';
import { EMPTY_SCREEN } from '../../machines/bag/bag.fixtures.ts';
import { checkoutScreen, type ScreenGestures } from '../helpers/checkout-screen.ts';
import { renderApp } from '../helpers/render-app.tsx';
import { countStoreFake } from './bag-fakes.ts';

function checkoutApiFake(bag: Cart = CHECKOUT_BAG, options: CheckoutOptions = CHECKOUT_OPTIONS, overrides: Partial<CheckoutApi> = {}) {
  return {
    start: vi.fn<CheckoutApi['start']>(overrides.start ?? (async () => ({ bag, options }))),
    placeOrder: vi.fn<CheckoutApi['placeOrder']>(overrides.placeOrder ?? (async () => ORDER)),
    answerChallenge: vi.fn<CheckoutApi['answerChallenge']>(overrides.answerChallenge ?? (async () => ORDER)),
    checkGiftCards: vi.fn<CheckoutApi['checkGiftCards']>(overrides.checkGiftCards ?? (async () => GIFT_CARD_PAYS_ALL)),
  } satisfies CheckoutApi;
}

async function renderCheckout(api = checkoutApiFake()) {
  const count = countStoreFake(2);
  const result = await renderApp({ url: '/checkout', apis: new Map([apiFake(createCheckoutApi, api), apiFake(createBagCountStore, count.store)]) });
  await screen.findByRole('heading', { level: 1, name: 'Checkout' });
  return { ...result, api, count };
}

const stepHeading = () => screen.getByRole('heading', { level: 2, name: /^Step \d of \d/ });

type User = Awaited<ReturnType<typeof renderCheckout>>['user'];

/** Testing Library's gestures for the shared checkout driver (tests/helpers/checkout-screen.ts), as a shopper types. */
function gesturesOf(user: User): ScreenGestures {
  return {
    fill: async (label, value) => {
      const field = screen.getByLabelText(label);
      await user.clear(field);
      await user.type(field, value);
    },
    select: (label, option) => user.selectOptions(screen.getByLabelText(label), option),
    choose: (radio) => user.click(screen.getByRole('radio', { name: radio })),
    press: (button) => user.click(screen.getByRole('button', { name: button })),
  };
}

/** The checkout's steps as this test's shopper goes through them. */
const stepsOf = (user: User) => checkoutScreen(gesturesOf(user));
/** Card details as the payment step takes them (the test card that succeeds). */
const typeCard = (user: User) => stepsOf(user).card();

afterEach(() => window.localStorage.clear());

describe('/checkout', () => {
  test('an empty bag sends the shopper back to shopping', async () => {
    await renderCheckout(checkoutApiFake(EMPTY_SCREEN.bag));
    expect(await screen.findByText('Your bag is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
  });

  test('Continue says why it cannot go on, and trying marks the field', async () => {
    const { user } = await renderCheckout(checkoutApiFake(CHECKOUT_BAG, { ...CHECKOUT_OPTIONS, memberEmail: null, savedAddresses: [] }));
    const email = await screen.findByLabelText('Email address');
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toHaveAttribute('aria-disabled', 'true');
    expect(next).toHaveAccessibleDescription('Enter your email address.');
    await user.type(email, 'not-an-email');
    await user.click(next);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    // One message, saying what to type: the error takes the hint's place.
    expect(email).toHaveAccessibleDescription('Enter an email address like name@example.com.');
    await user.clear(email);
    await user.type(email, 'guest@example.com');
    await stepsOf(user).continue();
    expect(stepHeading()).toHaveTextContent('Step 2 of 6 Address');
    // The new step's heading takes the focus.
    await waitFor(() => expect(stepHeading()).toHaveFocus());
  });

  test('card fields tried empty or wrong say what to type, one message each', async () => {
    const { user } = await renderCheckout();
    await screen.findByLabelText('Email address');
    await stepsOf(user).continue();
    await user.click(screen.getByRole('button', { name: /^Use Tan Mei Ling/ }));
    await stepsOf(user).continue();
    await user.click(within(screen.getByRole('group', { name: 'How would you like to receive your order?' })).getByRole('radio', { name: /Express delivery/ }));
    await stepsOf(user).continue();
    await stepsOf(user).continue();
    await user.click(screen.getByRole('radio', { name: /Credit or debit card/ }));
    await user.type(screen.getByLabelText('Expiry month (MM)'), '13');
    await stepsOf(user).continue();
    expect(screen.getByLabelText('Card number')).toHaveAccessibleDescription('Enter the long number on the front of your card.');
    expect(screen.getByLabelText('Security code (CVC)')).toHaveAccessibleDescription('Enter the 3 or 4 digits of the security code on your card.');
    expect(screen.getByLabelText('Expiry month (MM)')).toHaveAccessibleDescription('Enter the expiry month as two digits, like 08.');
    expect(document.body).not.toHaveTextContent('Required field');
  });

  test("a member goes through every step with the account's email and a saved address, and places the order with the kept key", async () => {
    const { user, api, count } = await renderCheckout();
    expect(await screen.findByLabelText('Email address')).toHaveValue(MEMBER_EMAIL);
    await stepsOf(user).continue();
    await user.click(screen.getByRole('button', { name: /^Use Tan Mei Ling/ }));
    expect(screen.getByLabelText('Postcode')).toHaveValue(SAVED_ADDRESS.postcode);
    await stepsOf(user).continue();
    const delivery = screen.getByRole('group', { name: 'How would you like to receive your order?' });
    await user.click(within(delivery).getByRole('radio', { name: /Express delivery/ }));
    await stepsOf(user).continue();
    await stepsOf(user).continue();
    // Atome within its amounts, with its instalments.
    expect(screen.getByRole('radio', { name: /Atome/ })).toBeEnabled();
    await user.click(screen.getByRole('radio', { name: /Credit or debit card/ }));
    await user.type(screen.getByLabelText('Card number'), '4242 4242 4242 4242');
    await user.type(screen.getByLabelText('Name on card'), 'Tan Mei Ling');
    await user.type(screen.getByLabelText('Expiry month (MM)'), '12');
    await user.type(screen.getByLabelText('Expiry year (YYYY)'), '2031');
    await user.type(screen.getByLabelText('Security code (CVC)'), '123');
    await stepsOf(user).continue();
    expect(stepHeading()).toHaveTextContent('Review');
    const summary = within(screen.getByRole('complementary', { name: 'Your order' }));
    expect(summary.getByText('S$10.00')).toBeInTheDocument();
    expect(screen.getByText('Credit or debit card •••• 4242')).toBeInTheDocument();
    await stepsOf(user).place();
    expect(await screen.findByRole('heading', { level: 1, name: `Thank you! Your order ${ORDER.number} is placed.` })).toBeInTheDocument();
    const [body, key] = api.placeOrder.mock.calls[0] ?? [];
    expect((body as OrderCreate).delivery).toMatchObject({ method: 'express', address: SAVED_ADDRESS });
    expect((body as OrderCreate).payment).toMatchObject({ method: 'card', card: { number: '4242424242424242' } });
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(count.confirmed.at(-1)).toBe(0);
    // Nothing is left to resume.
    expect(window.localStorage.getItem('checkout:SG')).toBeNull();
  });

  test('a declined card brings the shopper back to payment with the reason; the kept checkout never holds the card number', async () => {
    const declined = new ApiError('http', 'declined', { status: 402, body: { code: 'payment_declined', message: 'The payment was declined', status: 402 }, data: { code: 'payment_declined', reason: 'insufficient_funds', message: 'x', status: 402 } });
    const api = checkoutApiFake(CHECKOUT_BAG, CHECKOUT_OPTIONS, { placeOrder: async () => Promise.reject(declined) });
    const { user } = await renderCheckout(api);
    await screen.findByLabelText('Email address');
    await stepsOf(user).continue();
    await user.click(screen.getByRole('button', { name: /^Use Tan Mei Ling/ }));
    await stepsOf(user).continue();
    await user.click(screen.getByRole('radio', { name: /Standard delivery/ }));
    await stepsOf(user).continue();
    await stepsOf(user).continue();
    await user.click(screen.getByRole('radio', { name: /Credit or debit card/ }));
    for (const [label, value] of [['Card number', '4000 0000 0000 9995'], ['Name on card', 'Tan'], ['Expiry month (MM)', '12'], ['Expiry year (YYYY)', '2031'], ['Security code (CVC)', '123']] as const) {
      await user.type(screen.getByLabelText(label), value);
    }
    await stepsOf(user).continue();
    await stepsOf(user).place();
    expect(await screen.findByText('Your card has insufficient funds. Try another card or payment method.')).toBeInTheDocument();
    expect(stepHeading()).toHaveTextContent('Payment');
    expect(screen.getByLabelText('Card number')).toHaveValue('4000 0000 0000 9995');
    const kept = window.localStorage.getItem('checkout:SG') ?? '';
    expect(kept).toContain('"step":"payment"');
    expect(kept).not.toContain('9995');
    expect(kept).not.toContain('"cvc"');
  });
});

describe('/checkout: e-gift cards', () => {
  test('a bag of e-gift cards only is no parcel: no address, delivery or samples step; sent with standard delivery and no address', async () => {
    const giftOrder = { ...ORDER, lines: [], total: EMAIL_ONLY_BAG.total, giftCardsBought: [{ amount: { currency: 'SGD', amount: 50 }, recipientName: 'Aisha Rahman', recipientEmail: 'aisha@example.com', sendOn: '2030-01-15', sent: false }] };
    const { user, api } = await renderCheckout(checkoutApiFake(EMAIL_ONLY_BAG, EMAIL_ONLY_OPTIONS, { placeOrder: async () => giftOrder }));
    await screen.findByLabelText('Email address');
    expect(within(screen.getByRole('navigation', { name: 'Checkout steps' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Contact', 'Payment', 'Review']);
    const summary = within(screen.getByRole('complementary', { name: 'Your order' }));
    expect(summary.getByText('E-gift card for Aisha Rahman')).toBeInTheDocument();
    expect(summary.queryByText('Shipping')).not.toBeInTheDocument();
    await stepsOf(user).continue();
    expect(stepHeading()).toHaveTextContent('Step 2 of 3 Payment');
    // Gift cards never pay for e-gift cards.
    expect(screen.queryByRole('button', { name: 'Add a gift card' })).not.toBeInTheDocument();
    await typeCard(user);
    await stepsOf(user).continue();
    expect(stepHeading()).toHaveTextContent('Step 3 of 3 Review');
    expect(screen.getByText("By email, on each card's send date")).toBeInTheDocument();
    await stepsOf(user).place();
    expect(await screen.findByText('The e-gift card for Aisha Rahman will be emailed to aisha@example.com on 15 Jan 2030.')).toBeInTheDocument();
    const [body] = api.placeOrder.mock.calls[0] ?? [];
    expect((body as OrderCreate).delivery).toEqual({ method: 'standard', storeId: null, address: { fullName: '', phone: '', line1: '', line2: '', city: '', state: '', postcode: '' } });
  });

  test('a gift card pays first: a wrong one brings the shopper back to payment naming it, every input kept; the PIN is never kept', async () => {
    const notFound = new ApiError('http', 'not found', {
      status: 404,
      body: { code: 'gift_card_not_found', message: 'No gift card with this code and PIN', status: 404, errors: [{ field: 'body.giftCards.0', message: 'no gift card with this code and PIN' }] },
      data: { code: 'gift_card_not_found', message: 'No gift card with this code and PIN', status: 404, errors: [{ field: 'body.giftCards.0', message: 'no gift card with this code and PIN' }] },
    });
    const paid = { ...ORDER, giftCards: { currency: 'SGD', amount: 10 }, giftCardPayments: [{ code: '••••-••••-••••-NPQR', amount: { currency: 'SGD', amount: 10 } }], payment: { ...ORDER.payment, amount: { currency: 'SGD', amount: 55 } } };
    let calls = 0;
    const api = checkoutApiFake(CHECKOUT_BAG, CHECKOUT_OPTIONS, { placeOrder: () => (calls++ === 0 ? Promise.reject(notFound) : Promise.resolve(paid)) });
    const { user } = await renderCheckout(api);
    await screen.findByLabelText('Email address');
    await stepsOf(user).continue();
    await user.click(screen.getByRole('button', { name: /^Use Tan Mei Ling/ }));
    await stepsOf(user).continue();
    await user.click(screen.getByRole('radio', { name: /Standard delivery/ }));
    await stepsOf(user).continue();
    await stepsOf(user).continue();
    await typeCard(user);
    await user.click(screen.getByRole('button', { name: 'Add a gift card' }));
    const card = within(screen.getByRole('group', { name: 'Gift card 1' }));
    await waitFor(() => expect(card.getByLabelText('Gift card code')).toHaveFocus());
    await user.type(card.getByLabelText('Gift card code'), GIFT_CARD.code);
    await user.type(card.getByLabelText('PIN'), '1234');
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toHaveAccessibleDescription('Check your gift cards: the fields marked below need your attention.');
    await user.click(next);
    expect(card.getByLabelText('PIN')).toHaveAccessibleDescription('Enter the 8-digit PIN from the gift card email');
    await user.type(card.getByLabelText('PIN'), '5678');
    await stepsOf(user).continue();
    expect(screen.getByText('••••-••••-••••-NPQR')).toBeInTheDocument();
    await stepsOf(user).place();
    expect(await screen.findByText('Gift card 1 (ending NPQR): We could not find a card with this code and PIN.')).toBeInTheDocument();
    expect(stepHeading()).toHaveTextContent('Payment');
    expect(within(screen.getByRole('group', { name: 'Gift card 1' })).getByLabelText('PIN')).toHaveValue(GIFT_CARD.pin);
    const kept = window.localStorage.getItem('checkout:SG') ?? '';
    expect(kept).toContain(GIFT_CARD.code);
    expect(kept).not.toContain(GIFT_CARD.pin);
    await stepsOf(user).continue();
    await stepsOf(user).place();
    const paidBy = within(await screen.findByRole('list', { name: 'How you paid' }));
    expect(paidBy.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['S$10.00 paid with the gift card ••••-••••-••••-NPQR.', 'S$55.00 paid with the card ending 4242.']);
    const [body] = api.placeOrder.mock.calls[1] ?? [];
    expect((body as OrderCreate).giftCards).toEqual([{ code: 'ABCDEFGHJKLMNPQR', pin: GIFT_CARD.pin }]);
  });
});

describe('/checkout: money in every line', () => {
  /** Contact → payment with the saved address and the delivery chosen. */
  async function toPayment(api: ReturnType<typeof checkoutApiFake>, delivery: RegExp) {
    const rendered = await renderCheckout(api);
    const { user } = rendered;
    await screen.findByLabelText('Email address');
    await stepsOf(user).continue();
    await user.click(screen.getByRole('button', { name: /^Use Tan Mei Ling/ }));
    await stepsOf(user).continue();
    await user.click(screen.getByRole('radio', { name: delivery }));
    await stepsOf(user).continue();
    await stepsOf(user).continue();
    expect(stepHeading()).toHaveTextContent('Payment');
    return rendered;
  }

  async function typeGiftCard(user: Awaited<ReturnType<typeof renderCheckout>>['user']) {
    await user.click(screen.getByRole('button', { name: 'Add a gift card' }));
    const card = within(screen.getByRole('group', { name: 'Gift card 1' }));
    await user.type(card.getByLabelText('Gift card code'), GIFT_CARD.code);
    await user.type(card.getByLabelText('PIN'), GIFT_CARD.pin);
  }

  test('delivery times in the plural of their count', async () => {
    const { user } = await renderCheckout();
    await screen.findByLabelText('Email address');
    await stepsOf(user).continue();
    await user.click(screen.getByRole('button', { name: /^Use Tan Mei Ling/ }));
    await stepsOf(user).continue();
    const delivery = within(screen.getByRole('group', { name: 'How would you like to receive your order?' }));
    expect(delivery.getByText('1 working day')).toBeInTheDocument();
    expect(delivery.getByText('2–4 working days')).toBeInTheDocument();
    expect(delivery.getByText('Ready in 1–2 working days')).toBeInTheDocument();
    expect(delivery.queryByText('1 working days')).not.toBeInTheDocument();
  });

  test('the instalments are of the order’s total with its delivery: S$65 and S$10 express, three payments of S$25.00', async () => {
    const { user } = await toPayment(checkoutApiFake(), /Express delivery/);
    expect(screen.getByRole('radio', { name: /Atome/ })).toHaveAccessibleDescription('3 interest-free payments of S$25.00');
    await user.click(screen.getByRole('radio', { name: /Atome/ }));
    await stepsOf(user).continue();
    expect(screen.getByText('Atome: 3 payments of S$25.00')).toBeInTheDocument();
  });

  test('gift cards that pay the whole order: applied, Continue and Place order without a card, sent as gift_cards', async () => {
    const api = checkoutApiFake(CHECKOUT_BAG, CHECKOUT_OPTIONS, { placeOrder: async () => ORDER_PAID_BY_GIFT_CARD });
    const { user } = await toPayment(api, /Standard delivery/);
    await typeGiftCard(user);
    // Until the card is applied only the server knows its balance: a method is asked.
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: 'Apply gift cards' }));
    expect(await screen.findByText('Your gift cards pay your whole order: nothing else to pay.')).toBeInTheDocument();
    expect(api.checkGiftCards).toHaveBeenCalledWith({ giftCards: [{ code: 'ABCDEFGHJKLMNPQR', pin: GIFT_CARD.pin }] });
    expect(screen.queryByRole('radio', { name: /Credit or debit card/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toHaveAttribute('aria-disabled', 'false');
    await user.click(next);
    expect(stepHeading()).toHaveTextContent('Review');
    const summary = within(screen.getByRole('complementary', { name: 'Your order' }));
    expect(summary.getByText('Left to pay').nextSibling).toHaveTextContent('S$0.00');
    await stepsOf(user).place();
    expect(await screen.findByRole('list', { name: 'How you paid' })).toHaveTextContent('S$65.00 paid with the gift card ••••-••••-••••-NPQR.');
    const [body] = api.placeOrder.mock.calls[0] ?? [];
    expect((body as OrderCreate).payment).toEqual({ method: 'gift_cards' });
    expect((body as OrderCreate).giftCards).toEqual([{ code: 'ABCDEFGHJKLMNPQR', pin: GIFT_CARD.pin }]);
  });

  test('a gift card that pays part: the rest is asked for, with the instalments of the rest', async () => {
    const api = checkoutApiFake(CHECKOUT_BAG, CHECKOUT_OPTIONS, { checkGiftCards: async () => GIFT_CARD_PAYS_PART });
    const { user } = await toPayment(api, /Standard delivery/);
    await typeGiftCard(user);
    await user.click(screen.getByRole('button', { name: 'Apply gift cards' }));
    expect(await screen.findByText('Your gift cards pay S$20.00. Left to pay: S$45.00.')).toBeInTheDocument();
    const methods = screen.getByRole('group', { name: 'How would you like to pay the remaining S$45.00?' });
    expect(within(methods).getByRole('radio', { name: /Atome/ })).toHaveAccessibleDescription('3 interest-free payments of S$15.00');
  });
});
