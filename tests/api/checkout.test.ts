import { addMonths } from '../../src/server/loyalty/rules.ts';
import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutOptionsResponseSchema, OrderListResponseSchema, OrderResponseSchema } from '../../src/contract/checkout.ts';
import { todayIn } from '../../src/contract/calendar-day.ts';
import { TEST_CARDS, TEST_CHALLENGE_PASS } from '../../src/server/payments/test-cards.ts';
import { registration } from '../helpers/account.ts';
import { cookieHeader, cookieJar } from '../helpers/auth.ts';
import { appTarget, cartCall, guestBag, variantsWithStock, type CartTarget } from '../helpers/cart.ts';
import { bagVersion, CARD, checkout, orderBody, postOrder, SG_ADDRESS } from '../helpers/checkout.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';

/**
 * Issue 13: checkout's rules on PGlite — options per country, address and delivery checks, BNPL
 * limits, declines that keep the bag, the challenge step, the order as placed (prices kept, bag
 * spent, email written, points to the ledger), a member's orders and a guest's lookup.
 */
let t: TestApp;
let target: CartTarget;
let offset = 0;
const fresh = (count: number, stock: number, country = 'SG') => variantsWithStock(target, count, stock, (offset += count) - count, country);

beforeAll(async () => {
  t = await createTestApp({ seedProducts: 40 });
  target = appTarget(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function options(cookie: string, country = 'sg') {
  const response = await cartCall(target, 'GET', '/checkout/options', { cookie, country });
  expect(response.status).toBe(200);
  return v.parse(CheckoutOptionsResponseSchema, await response.json()).data;
}

async function member(country = 'SG'): Promise<{ cookie: string; id: number; email: string }> {
  const body = registration({}, country as 'SG');
  const response = await cartCall(target, 'POST', '/user', { body, country: country.toLowerCase() });
  expect(response.status).toBe(201);
  const { id } = ((await response.json()) as { data: { id: number } }).data;
  return { cookie: cookieHeader(cookieJar(response)), id, email: String(body.email) };
}

async function add(cookie: string, variantId: number, quantity = 1, country = 'sg'): Promise<number> {
  const response = await cartCall(target, 'POST', '/cart/line-items', { cookie, body: { variantId, quantity }, country });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { version: number } }).data.version;
}

describe('checkout options', () => {
  it('offers standard (free over the threshold), express and click & collect in SG, with card and Atome', async () => {
    const [cheap] = await fresh(1, 20);
    const cookie = await guestBag(target, cheap ?? 0);
    const data = await options(cookie);
    expect(data.delivery.map((d) => d.method)).toEqual(['standard', 'express', 'click_collect']);
    expect(data.stores.length).toBeGreaterThan(0);
    expect(data.payment.map((p) => p.method)).toEqual(['card', 'atome']);
    expect(data.savedAddresses).toEqual([]);
    expect(data.memberEmail).toBeNull();
    const standard = data.delivery.find((d) => d.method === 'standard');
    const bag = ((await (await cartCall(target, 'GET', '/cart/bag', { cookie })).json()) as { data: { shipping: { free: boolean } } }).data;
    expect(standard?.free).toBe(bag.shipping.free);
  });

  it('shows Afterpay and Klarna in AU and no BNPL in PH', async () => {
    const [au] = await fresh(1, 20, 'AU');
    const auBag = await guestBag(target, au ?? 0, 'au');
    expect((await options(auBag, 'au')).payment.map((p) => p.method)).toEqual(['card', 'afterpay', 'klarna']);
    const [ph] = await fresh(1, 20, 'PH');
    const phBag = await guestBag(target, ph ?? 0, 'ph');
    const ph_ = await options(phBag, 'ph');
    expect(ph_.payment.map((p) => p.method)).toEqual(['card']);
    // No express delivery in the Philippines (src/config/delivery.ts).
    expect(ph_.delivery.map((d) => d.method)).not.toContain('express');
  });
});

describe('placing an order', () => {
  it('needs an Idempotency-Key', async () => {
    const [variant] = await fresh(1, 20);
    const cookie = await guestBag(target, variant ?? 0);
    const response = await cartCall(target, 'POST', '/checkout/orders', { cookie, body: orderBody(await bagVersion(target, cookie)) });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain('header.idempotency-key');
  });

  it('names each bad address field by the country rules, and charges nothing', async () => {
    const [variant] = await fresh(1, 20);
    const cookie = await guestBag(target, variant ?? 0);
    const key = randomUUID();
    const response = await checkout(target, cookie, { delivery: { method: 'standard', storeId: null, address: { ...SG_ADDRESS, postcode: '12345', phone: '12' } } }, { key });
    expect(response.status).toBe(400);
    const fields = ((await response.json()) as { errors: { field: string }[] }).errors.map((e) => e.field).sort();
    expect(fields).toEqual(['body.delivery.address.phone', 'body.delivery.address.postcode']);
    const [payments] = await target.query<{ n: number }>(`select count(*)::int as n from test_card_payments where idempotency_key = 'order:${key}'`);
    expect(Number(payments?.n)).toBe(0);
    // The key names that request: repeated, it is refused the same way; corrected, it is another request (the SPA takes a new key).
    const repeated = await checkout(target, cookie, { delivery: { method: 'standard', storeId: null, address: { ...SG_ADDRESS, postcode: '12345', phone: '12' } } }, { key });
    expect(repeated.status).toBe(400);
    expect((await checkout(target, cookie, {}, { key })).status).toBe(422);
  });

  it('refuses express where it is not offered and a store without click & collect', async () => {
    const [ph] = await fresh(1, 20, 'PH');
    const cookie = await guestBag(target, ph ?? 0, 'ph');
    const address = { fullName: 'Maria Santos', phone: '0917 123 4567', line1: '12 Ayala Ave', line2: '', city: 'Makati', state: 'PH-00', postcode: '1226' };
    const express = await checkout(target, cookie, { delivery: { method: 'express', storeId: null, address } }, { country: 'ph' });
    expect(express.status).toBe(400);
    expect(((await express.json()) as { code: string }).code).toBe('delivery_unavailable');
    const [sg] = await fresh(1, 20);
    const sgBag = await guestBag(target, sg ?? 0);
    const collect = await checkout(target, sgBag, { delivery: { method: 'click_collect', storeId: 'sg-jewel-changi', address: SG_ADDRESS } });
    expect(collect.status).toBe(400);
  });

  it('refuses a BNPL provider below its minimum with the reason', async () => {
    const [variant] = await fresh(1, 20);
    // S$4 of goods and S$5 standard delivery: S$9 for Atome, under its S$10 minimum.
    await target.query(`update product_prices set amount_minor = 400, sale_amount_minor = null, effective_minor = 400 where country_code = 'SG' and product_id = (select product_id from variants where id = ${variant})`);
    const cookie = await guestBag(target, variant ?? 0);
    const response = await checkout(target, cookie, { payment: { method: 'atome' } });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ code: 'payment_unavailable', reason: 'below_minimum' });
  });

  it('declines a card with its reason and keeps the bag and the stock as they were', async () => {
    const [variant] = await fresh(1, 20);
    const cookie = await guestBag(target, variant ?? 0);
    const version = await bagVersion(target, cookie);
    const response = await checkout(target, cookie, { payment: CARD(TEST_CARDS.insufficientFunds) }, { bagVersion: version });
    expect(response.status).toBe(402);
    expect(await response.json()).toMatchObject({ code: 'payment_declined', reason: 'insufficient_funds' });
    expect(await bagVersion(target, cookie)).toBe(version);
    const [stock] = await target.query<{ stock: number }>(`select stock from variants where id = ${variant}`);
    expect(Number(stock?.stock)).toBe(20);
  });

  it('refuses a bag that changed since it was reviewed, and an out-of-stock bag', async () => {
    const [variant] = await fresh(1, 20);
    const cookie = await guestBag(target, variant ?? 0);
    const stale = (await bagVersion(target, cookie)) - 1;
    const changed = await checkout(target, cookie, {}, { bagVersion: stale });
    expect(changed.status).toBe(409);
    expect(((await changed.json()) as { code: string }).code).toBe('bag_changed');
    await target.query(`update variants set stock = 0 where id = ${variant}`);
    const blocked = await checkout(target, cookie, {}, { bagVersion: stale + 1 });
    expect(blocked.status).toBe(409);
    expect(await blocked.json()).toMatchObject({ code: 'bag_blocked', blockedBy: 'out_of_stock' });
  });

  it('asks for the challenge, refuses a wrong answer, and places the order after the right one', async () => {
    const [variant] = await fresh(1, 20);
    const cookie = await guestBag(target, variant ?? 0);
    const body = orderBody(await bagVersion(target, cookie), { payment: CARD(TEST_CARDS.challenge) });
    const first = await postOrder(target, cookie, body);
    expect(first.status).toBe(202);
    const { attempt } = ((await first.json()) as { data: { attempt: string } }).data;
    // Another shopper cannot answer it.
    const stranger = await guestBag(target, variant ?? 0);
    expect((await cartCall(target, 'POST', '/checkout/orders/challenge', { cookie: stranger, body: { attempt, answer: TEST_CHALLENGE_PASS } })).status).toBe(404);
    const wrong = await cartCall(target, 'POST', '/checkout/orders/challenge', { cookie, body: { attempt, answer: '000000' } });
    expect(wrong.status).toBe(402);
    expect(await wrong.json()).toMatchObject({ reason: 'challenge_failed' });
    // A new attempt (a new key) passes with the right answer.
    const second = await postOrder(target, cookie, body);
    const retry = ((await second.json()) as { data: { attempt: string } }).data.attempt;
    const placed = await cartCall(target, 'POST', '/checkout/orders/challenge', { cookie, body: { attempt: retry, answer: TEST_CHALLENGE_PASS } });
    expect(placed.status).toBe(201);
    const order = v.parse(OrderResponseSchema, await placed.json()).data;
    expect(order.payment).toMatchObject({ method: 'card', brand: 'visa', last4: '3220' });
    expect(order.history.map((h) => h.status)).toEqual(['placed', 'paid']);
  });

  it('keeps the order as placed: figures, tax line, shipping, masked card; the bag is spent and the email written', { tags: ['clock'] }, async () => {
    const [variant] = await fresh(1, 20);
    const cookie = await guestBag(target, variant ?? 0);
    await add(cookie, variant ?? 0, 1);
    const bag = ((await (await cartCall(target, 'GET', '/cart/bag', { cookie })).json()) as { data: { version: number; total: { amount: number }; subtotal: { amount: number }; shipping: { free: boolean } } }).data;
    const response = await checkout(target, cookie, {}, { bagVersion: bag.version });
    expect(response.status).toBe(201);
    const order = v.parse(OrderResponseSchema, await response.json()).data;
    expect(order.number).toMatch(/^SG\d{8,}$/);
    expect(order.lines).toHaveLength(1);
    expect(order.lines[0]?.quantity).toBe(2);
    expect(order.subtotal.amount).toBe(bag.subtotal.amount);
    const shipping = bag.shipping.free ? 0 : 5;
    expect(order.shipping).toMatchObject({ method: 'standard', fee: { currency: 'SGD', amount: shipping } });
    expect(order.total.amount).toBeCloseTo(bag.total.amount + shipping, 2);
    expect(order.tax).toMatchObject({ label: 'GST', percent: 9 });
    expect(order.tax?.amount.amount).toBeCloseTo(Math.round(((order.total.amount * 100 * 9) / 109)) / 100, 2);
    expect(order.payment).toMatchObject({ brand: 'visa', last4: '4242' });
    expect(JSON.stringify(order)).not.toContain('4242424242424242');
    expect(order.address).toEqual(SG_ADDRESS);
    expect(order.status).toBe('paid');
    const after = ((await (await cartCall(target, 'GET', '/cart/bag', { cookie })).json()) as { data: { count: number } }).data;
    expect(after.count).toBe(0);
    const [email] = await target.query<{ subject: string; text: string }>(`select subject, text from outbox_emails where kind = 'order-confirmation' and subject like '%${order.number}%'`);
    expect(email?.text).toContain(order.number);
    // A later price change does not touch the order.
    await target.query(`update product_prices set amount_minor = amount_minor * 2, effective_minor = effective_minor * 2 where product_id = (select product_id from variants where id = ${variant})`);
    const lookup = await cartCall(target, 'POST', '/orders/lookup', { body: { number: order.number, email: 'MEI.LING@example.com' } });
    expect(v.parse(OrderResponseSchema, await lookup.json()).data.total).toEqual(order.total);
  });
});

describe("a member's orders", () => {
  it('earns points to the ledger once, saves the address, and lists the order with its points', { tags: ['clock'] }, async () => {
    const shopper = await member();
    const [variant] = await fresh(1, 20);
    const version = await add(shopper.cookie, variant ?? 0, 2);
    const response = await checkout(target, shopper.cookie, { email: shopper.email }, { bagVersion: version });
    expect(response.status).toBe(201);
    const order = v.parse(OrderResponseSchema, await response.json()).data;
    expect(order.pointsEarned).toBeGreaterThan(0);
    // The order's row (registration paid its own, issue 15), with the last day its points can be used: the day before the 18 months are up.
    const ledger = await target.query<{ source: string; amount: number; reference: string; expires_on: string }>(
      `select source, amount, reference, expires_on::text from points_ledger where user_id = ${shopper.id} and cause like 'order:%'`,
    );
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ source: 'purchase_points_with_order_number', amount: order.pointsEarned, reference: order.number });
    // Counted from the day the order was placed in Singapore (the server's clock, the store's calendar), not from the database's clock.
    const expiry = new Date(`${addMonths(todayIn('SG', Date.parse(order.placedAt)), 18)}T00:00:00Z`);
    expiry.setUTCDate(expiry.getUTCDate() - 1);
    expect(ledger[0]?.expires_on).toBe(expiry.toISOString().slice(0, 10));
    // The balance is the ledger's sum.
    const [balance] = await target.query<{ points: number; sum: number }>(`select points, (select sum(amount)::int from points_ledger where user_id = ${shopper.id}) as sum from beauty_pass_members where user_id = ${shopper.id}`);
    expect(Number(balance?.points)).toBe(Number(balance?.sum));
    expect(Number(balance?.points)).toBeGreaterThanOrEqual(order.pointsEarned);

    const data = await options(shopper.cookie);
    expect(data.savedAddresses).toEqual([SG_ADDRESS]);
    expect(data.memberEmail).toBe(shopper.email);

    const list = v.parse(OrderListResponseSchema, await (await cartCall(target, 'GET', '/orders', { cookie: shopper.cookie })).json());
    expect(list.data[0]).toMatchObject({ number: order.number, pointsEarned: order.pointsEarned, itemCount: 2 });
    const detail = await cartCall(target, 'GET', `/orders/${order.number}`, { cookie: shopper.cookie });
    expect(detail.status).toBe(200);
    // Another member asking for it: not found, not forbidden.
    const other = await member();
    expect((await cartCall(target, 'GET', `/orders/${order.number}`, { cookie: other.cookie })).status).toBe(404);
    expect((await cartCall(target, 'GET', `/orders/${order.number}`)).status).toBe(401);
  });

  it('lists orders newest first, a page at a time', async () => {
    const shopper = await member();
    const numbers: string[] = [];
    for (const variant of await fresh(3, 20)) {
      const version = await add(shopper.cookie, variant);
      const response = await checkout(target, shopper.cookie, { email: shopper.email }, { bagVersion: version });
      numbers.push(v.parse(OrderResponseSchema, await response.json()).data.number);
    }
    const page = v.parse(OrderListResponseSchema, await (await cartCall(target, 'GET', '/orders?page=1&per_page=2', { cookie: shopper.cookie })).json());
    expect(page.data.map((o) => o.number)).toEqual([numbers[2], numbers[1]]);
    expect(page.meta).toEqual({ page: 1, perPage: 2, total: 3, totalPages: 2 });
  });
});

describe("a guest's lookup", () => {
  it('needs the number and the email it was placed with, and blocks guessing', async () => {
    const [variant] = await fresh(1, 20);
    const cookie = await guestBag(target, variant ?? 0);
    const order = v.parse(OrderResponseSchema, await (await checkout(target, cookie)).json()).data;
    const headers = { 'X-Forwarded-For': '203.0.113.9' };
    expect((await cartCall(target, 'POST', '/orders/lookup', { body: { number: order.number, email: 'someone@example.com' }, headers })).status).toBe(404);
    expect((await cartCall(target, 'POST', '/orders/lookup', { body: { number: order.number, email: order.email } })).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await cartCall(target, 'POST', '/orders/lookup', { body: { number: `SG${10000000 + i}`, email: 'guess@example.com' } })).status);
    expect(statuses.slice(0, 8).every((s) => s === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('promo code limits', () => {
  it('a once-per-customer code: refused at the second apply for a member, and at the second order for a guest email', { tags: ['clock'] }, async () => {
    const shopper = await member();
    const [a, b] = await fresh(2, 20);
    await add(shopper.cookie, a ?? 0);
    expect((await cartCall(target, 'POST', '/cart/offers', { cookie: shopper.cookie, body: { code: 'FIRSTORDER' } })).status).toBe(201);
    const placed = await checkout(target, shopper.cookie, { email: shopper.email });
    expect(v.parse(OrderResponseSchema, await placed.json()).data.promoCode).toBe('FIRSTORDER');
    await add(shopper.cookie, b ?? 0);
    const again = await cartCall(target, 'POST', '/cart/offers', { cookie: shopper.cookie, body: { code: 'FIRSTORDER' } });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { code: string }).code).toBe('offer_customer_limit');

    // A guest can apply it (no email yet); the order with an email that used it is refused, and nothing charged.
    const guest = await guestBag(target, b ?? 0);
    expect((await cartCall(target, 'POST', '/cart/offers', { cookie: guest, body: { code: 'FIRSTORDER' } })).status).toBe(201);
    const key = randomUUID();
    const refused = await checkout(target, guest, { email: shopper.email.toUpperCase() }, { key });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { code: string }).code).toBe('offer_customer_limit');
    const [held] = await target.query<{ status: string }>(`select status from test_card_payments where idempotency_key = 'order:${key}'`);
    expect(held?.status).toBe('voided');
  });

  it('a code limited in total: the orders past the limit are refused, at once or one by one', { tags: ['clock'] }, async () => {
    const variants = await fresh(5, 20);
    const bags = await Promise.all(variants.map((variant) => guestBag(target, variant)));
    for (const cookie of bags) expect((await cartCall(target, 'POST', '/cart/offers', { cookie, body: { code: 'FLASH5' } })).status).toBe(201);
    const responses = await Promise.all(bags.map(async (cookie, i) => checkout(target, cookie, { email: `flash${i}@example.com` })));
    const codes = await Promise.all(responses.map(async (r) => (r.status === 201 ? 'placed' : ((await r.json()) as { code: string }).code)));
    expect(codes.filter((c) => c === 'placed')).toHaveLength(3);
    expect(codes.filter((c) => c === 'offer_used_up')).toHaveLength(2);
    const late = await guestBag(target, variants[0] ?? 0);
    const refused = await cartCall(target, 'POST', '/cart/offers', { cookie: late, body: { code: 'FLASH5' } });
    expect(((await refused.json()) as { code: string }).code).toBe('offer_used_up');
  });
});

describe('idempotency keys belong to their caller', () => {
  it("another shopper sending the same key and body gets a 422, never the first shopper's order", async () => {
    const [variant] = await fresh(1, 20);
    const mine = await guestBag(target, variant ?? 0);
    const theirs = await guestBag(target, variant ?? 0);
    const key = randomUUID();
    const body = orderBody(await bagVersion(target, mine));
    expect((await postOrder(target, mine, body, key)).status).toBe(201);
    const replay = await postOrder(target, mine, body, key);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    // The same key with another body names another request.
    expect((await postOrder(target, mine, { ...body, email: 'someone.else@example.com' }, key)).status).toBe(422);
    const other = await postOrder(target, theirs, body, key);
    expect(other.status).toBe(422);
    expect(JSON.stringify(await other.json())).not.toContain('mei.ling@example.com');
  });
});
