import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { expect } from 'vitest';
import { ADDRESS_RULES } from '../../src/config/addresses.ts';
import type { CountryCode } from '../../src/config/countries.ts';
import { CartResponseSchema } from '../../src/contract/cart.ts';
import { OrderResponseSchema, type Address, type Order, type OrderCreate } from '../../src/contract/checkout.ts';
import { TEST_CARDS } from '../../src/server/payments/test-cards.ts';
import { cartCall, type CartTarget } from './cart.ts';

/*
 * The checkout driver of the API tests. The SPA's four steps (contact, delivery, payment, place
 * order) reach the server as one request, `POST checkout/orders` for the bag at its version:
 * `checkout()` reads the version and sends it with SG standard delivery and the test card unless
 * told otherwise; `placedOrder()` reads the order it placed. Tests that send a body as it is (a
 * replay under one key, races that post at one instant, fuzzed bodies) use `orderBody()` and
 * `postOrder()`, the driver's two halves.
 */

/** A Singapore delivery that passes the country's rules. */
export const SG_ADDRESS = { fullName: 'Tan Mei Ling', phone: '9123 4567', line1: '2 Orchard Turn', line2: '#03-21', city: '', state: '', postcode: '238801' };

export const CARD = (number: string = TEST_CARDS.success) => ({ method: 'card' as const, card: { number, expMonth: 12, expYear: 2031, cvc: '123', name: 'Tan Mei Ling' } });

/** A delivery address that passes `country`'s rules (the examples of src/config/addresses.ts). */
export function addressFor(country: CountryCode): Address {
  const rule = ADDRESS_RULES[country];
  return {
    fullName: 'Test Shopper',
    phone: rule.phone.example,
    line1: '1 Test Street',
    line2: '',
    city: rule.city.required ? 'Central' : '',
    state: rule.states?.options[0]?.code ?? '',
    postcode: rule.postcode?.example ?? '',
  };
}

/** The order request for the bag at `bagVersion`: standard delivery in SG, paid by the test card. */
export function orderBody(bagVersion: number, overrides: Partial<OrderCreate> = {}): OrderCreate {
  return { bagVersion, email: 'mei.ling@example.com', delivery: { method: 'standard', storeId: null, address: SG_ADDRESS }, payment: CARD(), ...overrides };
}

/** The bag's version as `GET cart/bag` answers it (in `country`'s site when given). */
export async function bagVersion(target: CartTarget, cookie: string, country?: string): Promise<number> {
  const response = await cartCall(target, 'GET', '/cart/bag', { cookie, ...(country ? { country } : {}) });
  return v.parse(CartResponseSchema, await response.json()).data.version;
}

/** `POST checkout/orders` with its key (a new one unless given). */
export function postOrder(target: CartTarget, cookie: string, body: unknown, key: string = randomUUID(), country?: string): Promise<Response> {
  return cartCall(target, 'POST', '/checkout/orders', { cookie, body, headers: { 'Idempotency-Key': key }, ...(country ? { country } : {}) });
}

export interface CheckoutOptions {
  /** The site's country the requests name (`X-Site-Country`, lower case); none: the default site's. */
  country?: string;
  /** The `Idempotency-Key`: a new one unless given. */
  key?: string;
  /** The bag version to send; none: the bag's version now. */
  bagVersion?: number;
}

/**
 * Checks out the bag behind `cookie`: contact, delivery and payment of `orderBody` (SG standard
 * delivery, the test card) with `overrides` on top, for the bag's version, under a key.
 */
export async function checkout(target: CartTarget, cookie: string, overrides: Partial<OrderCreate> = {}, { country, key = randomUUID(), bagVersion: version }: CheckoutOptions = {}): Promise<Response> {
  return postOrder(target, cookie, orderBody(version ?? (await bagVersion(target, cookie, country)), overrides), key, country);
}

/** The order a checkout placed: the answer must be 201 (its body in the failure's message). */
export async function placedOrder(response: Response): Promise<Order> {
  expect(response.status, await response.clone().text()).toBe(201);
  return v.parse(OrderResponseSchema, await response.json()).data;
}

export interface PaymentCounts {
  captured: number;
  voided: number;
  authorized: number;
}

/** The test processor's payments of orders keyed `order:<key>` for these keys, by status. */
export async function paymentsOf(target: CartTarget, keys: readonly string[]): Promise<PaymentCounts> {
  const list = keys.map((key) => `'order:${key}'`).join(',');
  const rows = await target.query<{ status: string; n: number }>(`select status, count(*)::int as n from test_card_payments where idempotency_key in (${list}) group by status`);
  const of = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  return { captured: of('captured'), voided: of('voided'), authorized: of('authorized') };
}
