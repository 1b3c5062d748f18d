import { randomUUID } from 'node:crypto';
import { TEST_CARDS } from '../../src/server/payments/test-cards.ts';
import type { OrderCreate } from '../../src/contract/checkout.ts';
import { cartCall, type CartTarget } from './cart.ts';

/** A Singapore delivery that passes the country's rules. */
export const SG_ADDRESS = { fullName: 'Tan Mei Ling', phone: '9123 4567', line1: '2 Orchard Turn', line2: '#03-21', city: '', state: '', postcode: '238801' };

export const CARD = (number: string = TEST_CARDS.success) => ({ method: 'card' as const, card: { number, expMonth: 12, expYear: 2031, cvc: '123', name: 'Tan Mei Ling' } });

/** The order request for the bag at `bagVersion`: standard delivery in SG, paid by the test card. */
export function orderBody(bagVersion: number, overrides: Partial<OrderCreate> = {}): OrderCreate {
  return { bagVersion, email: 'mei.ling@example.com', delivery: { method: 'standard', storeId: null, address: SG_ADDRESS }, payment: CARD(), ...overrides };
}

export async function bagVersion(target: CartTarget, cookie: string, country?: string): Promise<number> {
  const response = await cartCall(target, 'GET', '/cart/bag', { cookie, ...(country ? { country } : {}) });
  return ((await response.json()) as { data: { version: number } }).data.version;
}

/** `POST checkout/orders` with its key (a new one unless given). */
export function postOrder(target: CartTarget, cookie: string, body: unknown, key: string = randomUUID(), country?: string): Promise<Response> {
  return cartCall(target, 'POST', '/checkout/orders', { cookie, body, headers: { 'Idempotency-Key': key }, ...(country ? { country } : {}) });
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
