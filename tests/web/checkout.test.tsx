// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Cart } from '../../src/contract/cart.ts';
import type { CheckoutOptions, OrderCreate } from '../../src/contract/checkout.ts';
import { apiFake } from '../../src/web/shared/api/api-provider.tsx';
import { ApiError } from '../../src/web/shared/api/errors.ts';
import { createBagCountStore } from '../../src/web/shared/bag/bag-count.tsx';
import { createCheckoutApi, type CheckoutApi } from '../../src/web/features/checkout/checkout-api.ts';
import { CHECKOUT_BAG, CHECKOUT_OPTIONS, MEMBER_EMAIL, ORDER, SAVED_ADDRESS } from '../../machines/checkout/checkout.fixtures.ts';
import { EMPTY_SCREEN } from '../../machines/bag/bag.fixtures.ts';
import { renderApp } from '../helpers/render-app.tsx';
import { countStoreFake } from './bag-fakes.ts';

function checkoutApiFake(bag: Cart = CHECKOUT_BAG, options: CheckoutOptions = CHECKOUT_OPTIONS, overrides: Partial<CheckoutApi> = {}) {
  return {
    start: vi.fn<CheckoutApi['start']>(overrides.start ?? (async () => ({ bag, options }))),
    placeOrder: vi.fn<CheckoutApi['placeOrder']>(overrides.placeOrder ?? (async () => ORDER)),
    answerChallenge: vi.fn<CheckoutApi['answerChallenge']>(overrides.answerChallenge ?? (async () => ORDER)),
  } satisfies CheckoutApi;
}

async function renderCheckout(api = checkoutApiFake()) {
  const count = countStoreFake(2);
  const result = await renderApp({ url: '/checkout', apis: new Map([apiFake(createCheckoutApi, api), apiFake(createBagCountStore, count.store)]) });
  await screen.findByRole('heading', { level: 1, name: 'Checkout' });
  return { ...result, api, count };
}

const stepHeading = () => screen.getByRole('heading', { level: 2, name: /^Step \d of 6/ });

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
    expect(email).toHaveAccessibleDescription('We will send the order confirmation here. Invalid email');
    await user.clear(email);
    await user.type(email, 'guest@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(stepHeading()).toHaveTextContent('Step 2 of 6 Address');
    // The new step's heading takes the focus.
    await waitFor(() => expect(stepHeading()).toHaveFocus());
  });

  test("a member goes through every step with the account's email and a saved address, and places the order with the kept key", async () => {
    const { user, api, count } = await renderCheckout();
    expect(await screen.findByLabelText('Email address')).toHaveValue(MEMBER_EMAIL);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: /^Use Tan Mei Ling/ }));
    expect(screen.getByLabelText('Postcode')).toHaveValue(SAVED_ADDRESS.postcode);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const delivery = screen.getByRole('group', { name: 'How would you like to receive your order?' });
    await user.click(within(delivery).getByRole('radio', { name: /Express delivery/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // Atome within its amounts, with its instalments.
    expect(screen.getByRole('radio', { name: /Atome/ })).toBeEnabled();
    await user.click(screen.getByRole('radio', { name: /Credit or debit card/ }));
    await user.type(screen.getByLabelText('Card number'), '4242 4242 4242 4242');
    await user.type(screen.getByLabelText('Name on card'), 'Tan Mei Ling');
    await user.type(screen.getByLabelText('Expiry month (MM)'), '12');
    await user.type(screen.getByLabelText('Expiry year (YYYY)'), '2031');
    await user.type(screen.getByLabelText('Security code (CVC)'), '123');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(stepHeading()).toHaveTextContent('Review');
    const summary = within(screen.getByRole('complementary', { name: 'Your order' }));
    expect(summary.getByText('S$10.00')).toBeInTheDocument();
    expect(screen.getByText('Credit or debit card •••• 4242')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Place order' }));
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
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: /^Use Tan Mei Ling/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('radio', { name: /Standard delivery/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('radio', { name: /Credit or debit card/ }));
    for (const [label, value] of [['Card number', '4000 0000 0000 9995'], ['Name on card', 'Tan'], ['Expiry month (MM)', '12'], ['Expiry year (YYYY)', '2031'], ['Security code (CVC)', '123']] as const) {
      await user.type(screen.getByLabelText(label), value);
    }
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Your card has insufficient funds. Try another card or payment method.')).toBeInTheDocument();
    expect(stepHeading()).toHaveTextContent('Payment');
    expect(screen.getByLabelText('Card number')).toHaveValue('4000 0000 0000 9995');
    const kept = window.localStorage.getItem('checkout:SG') ?? '';
    expect(kept).toContain('"step":"payment"');
    expect(kept).not.toContain('9995');
    expect(kept).not.toContain('"cvc"');
  });
});
