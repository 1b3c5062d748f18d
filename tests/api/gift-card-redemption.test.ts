import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ChallengeRequiredSchema } from '../../src/contract/checkout.ts';
import { createApp } from '../../src/server/app.ts';
import { checkedApp } from '../helpers/api-contract.ts';
import { refundOrderToGiftCards } from '../../src/server/gift-cards/redeem.ts';
import { createTestCardProcessor } from '../../src/server/payments/test-card-processor.ts';
import type { PaymentProvider } from '../../src/server/payments/provider.ts';
import { TEST_CARDS, TEST_CHALLENGE_PASS } from '../../src/server/payments/test-cards.ts';
import { cookieHeader, cookieJar } from '../helpers/auth.ts';
import { appTarget, cartCall, type CartTarget } from '../helpers/cart.ts';
import { bagVersion, CARD, checkout, paymentsOf, placedOrder } from '../helpers/checkout.ts';
import { addGiftCard, balanceOf, cardWith, pricedVariant, purchaseBody, type TestCard } from '../helpers/gift-cards.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';

/**
 * Issue 13, spending e-gift cards at checkout: each card pays min(its balance, what is left) in the
 * order given, the card payment only the rest (none when the cards pay it all); every refusal names
 * `body.giftCards.N`; a card spent by another order between the authorization and the order's
 * transaction refuses the order and voids its hold; refunds return to the cards once.
 */
let t: TestApp;
let target: CartTarget;
let offset = 0;
beforeAll(async () => {
  t = await createTestApp({ seedProducts: 40 });
  target = appTarget(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await target.query(`delete from sign_in_failures where account_key = 'limit:gift-card-balance'`);
});

/** A guest bag of one S$20 item: with S$5 standard delivery, S$25 to pay. */
async function bagOf25(on: CartTarget = target): Promise<string> {
  const variant = await pricedVariant(on, 2_000, (offset += 1));
  const added = await cartCall(on, 'POST', '/cart/line-items', { body: { variantId: variant, quantity: 1 } });
  expect(added.status).toBe(201);
  return cookieHeader(cookieJar(added));
}

const using = (...cards: TestCard[]) => cards.map((card) => ({ code: card.code, pin: card.pin }));

async function place(cookie: string, giftCards: { code: string; pin: string }[], key = randomUUID(), on: CartTarget = target): Promise<{ response: Response; key: string }> {
  return { response: await checkout(on, cookie, { giftCards }, { key }), key };
}

describe('spending gift cards at checkout', () => {
  it('a card that covers part: it pays its balance, the card payment the rest', async () => {
    const card = await cardWith(target, 1_000);
    const { response, key } = await place(await bagOf25(), using(card));
    const order = await placedOrder(response);
    expect(order.total.amount).toBe(25);
    expect(order.giftCards).toEqual({ currency: 'SGD', amount: 10 });
    expect(order.payment).toMatchObject({ method: 'card', brand: 'visa', last4: '4242', amount: { amount: 15 } });
    expect(order.giftCardPayments).toEqual([{ code: `••••-••••-••••-${card.code.slice(-4)}`, amount: { currency: 'SGD', amount: 10 } }]);
    expect(await balanceOf(target, card.id)).toBe(0);
    const [held] = await target.query<{ amount_minor: number; status: string }>(`select amount_minor, status from test_card_payments where idempotency_key = 'order:${key}'`);
    expect(held).toMatchObject({ amount_minor: 1_500, status: 'captured' });
    const rows = await target.query<{ kind: string; amount_minor: number }>(`select kind, amount_minor from gift_card_transactions where gift_card_id = ${card.id}`);
    expect(rows).toEqual([{ kind: 'spend', amount_minor: -1_000 }]);
  });

  it('a card that covers everything: no card payment at all, the order paid', async () => {
    const card = await cardWith(target, 10_000);
    const { response, key } = await place(await bagOf25(), using(card));
    const order = await placedOrder(response);
    expect(order.status).toBe('paid');
    expect(order.giftCards.amount).toBe(25);
    expect(order.payment).toEqual({ method: 'card', brand: null, last4: null, amount: { currency: 'SGD', amount: 0 } });
    expect(await paymentsOf(target, [key])).toEqual({ captured: 0, voided: 0, authorized: 0 });
    expect(await balanceOf(target, card.id)).toBe(7_500);
    // Even then the method must be one the country offers.
    const cookie = await bagOf25();
    const afterpay = await checkout(target, cookie, { giftCards: using(card), payment: { method: 'afterpay' } });
    expect(await afterpay.json()).toMatchObject({ code: 'payment_unavailable', reason: 'not_offered' });
    expect(await balanceOf(target, card.id)).toBe(7_500);
  });

  it('two cards pay in the order given', async () => {
    const [small, large] = [await cardWith(target, 1_000), await cardWith(target, 10_000)];
    const order = await placedOrder((await place(await bagOf25(), using(small, large))).response);
    expect(order.giftCardPayments?.map((p) => p.amount.amount)).toEqual([10, 15]);
    expect(order.payment.amount.amount).toBe(0);
    expect([await balanceOf(target, small.id), await balanceOf(target, large.id)]).toEqual([0, 8_500]);
  });

  it('never pays for the e-gift cards an order buys: the card payment does', async () => {
    const cookie = await bagOf25();
    await addGiftCard(target, purchaseBody({ amount: 50 }), cookie);
    const card = await cardWith(target, 20_000);
    const order = await placedOrder((await place(cookie, using(card))).response);
    expect(order.total.amount).toBe(75);
    expect(order.giftCards.amount).toBe(25);
    expect(order.payment.amount.amount).toBe(50);
  });

  it('names the card it refuses (wrong code or PIN, another country, twice, nothing left) and charges nothing', async () => {
    const cookie = await bagOf25();
    const version = await bagVersion(target, cookie);
    const good = await cardWith(target, 500);
    const au = await cardWith(target, 5_000, { country: 'AU' });
    const otherCode = `${good.code.slice(0, -1)}${good.code.endsWith('A') ? 'B' : 'A'}`;
    const cases = [
      { giftCards: [...using(good), { code: otherCode, pin: good.pin }], status: 404, code: 'gift_card_not_found', field: 'body.giftCards.1' },
      { giftCards: [...using(good), { code: good.code, pin: '00000000' }], status: 404, code: 'gift_card_not_found', field: 'body.giftCards.1' },
      { giftCards: using(au), status: 409, code: 'gift_card_other_country', field: 'body.giftCards.0' },
      { giftCards: using(good, good), status: 400, code: 'gift_card_duplicate', field: 'body.giftCards.1' },
    ];
    for (const expected of cases) {
      const key = randomUUID();
      const response = await checkout(target, cookie, { giftCards: expected.giftCards }, { bagVersion: version, key });
      const body = (await response.json()) as { code?: string; errors?: { field: string }[] };
      expect(response.status, JSON.stringify(body)).toBe(expected.status);
      expect(body.code).toBe(expected.code);
      expect(body.errors?.map((e) => e.field)).toEqual([expected.field]);
      expect(await paymentsOf(target, [key])).toEqual({ captured: 0, voided: 0, authorized: 0 });
    }
    const three = await checkout(target, cookie, { giftCards: using(good, good, good) }, { bagVersion: version });
    expect(three.status).toBe(400);
    expect(((await three.json()) as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual(['body.giftCards']);
    await target.query(`update gift_cards set balance_minor = 0 where id = ${good.id}`);
    const empty = await checkout(target, cookie, { giftCards: using(good) }, { bagVersion: version });
    expect(empty.status).toBe(409);
    expect(await empty.json()).toMatchObject({ code: 'gift_card_empty', errors: [{ field: 'body.giftCards.0' }] });
    expect(await bagVersion(target, cookie)).toBe(version);
  });

  it("the bank's challenge keeps the cards (never their PINs) and pays the rest after it", async () => {
    const card = await cardWith(target, 1_000);
    const cookie = await bagOf25();
    const response = await checkout(target, cookie, { giftCards: using(card), payment: CARD(TEST_CARDS.challenge) });
    expect(response.status).toBe(202);
    const { attempt } = v.parse(ChallengeRequiredSchema, await response.json()).data;
    const [stored] = await target.query<{ request: unknown }>(`select request from checkout_attempts where id = '${attempt}'`);
    expect(JSON.stringify(stored?.request)).not.toContain(card.pin);
    const answered = await cartCall(target, 'POST', '/checkout/orders/challenge', { cookie, body: { attempt, answer: TEST_CHALLENGE_PASS } });
    const order = await placedOrder(answered);
    expect([order.giftCards.amount, order.payment.amount.amount]).toEqual([10, 15]);
    expect(await balanceOf(target, card.id)).toBe(0);
  });

  it('a card spent by another order after the authorization: 409 gift_card_balance_changed, the hold voided, the bag kept', async () => {
    const card = await cardWith(target, 1_000);
    const processor = createTestCardProcessor(t.db);
    // Another checkout spends the card while this one's payment is being authorized.
    const draining: PaymentProvider = {
      name: processor.name,
      authorize: async (request) => {
        await t.db.execute(sql`update gift_cards set balance_minor = 400 where id = ${card.id}`);
        return processor.authorize(request);
      },
      completeChallenge: (id, answer) => processor.completeChallenge(id, answer),
      capture: (id) => processor.capture(id),
      void: (id) => processor.void(id),
      refund: (id, amount) => processor.refund(id, amount),
    };
    const app = checkedApp(createApp({ db: t.db, log: () => undefined, payments: draining }));
    const other: CartTarget = { ...target, request: (url, init) => Promise.resolve(app.request(url, init)) };
    const cookie = await bagOf25(other);
    const version = await bagVersion(other, cookie);
    const { response, key } = await place(cookie, using(card), randomUUID(), other);
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ code: 'gift_card_balance_changed', errors: [{ field: 'body.giftCards.0' }] });
    expect(await paymentsOf(target, [key])).toEqual({ captured: 0, voided: 1, authorized: 0 });
    expect(await balanceOf(target, card.id)).toBe(400);
    expect(await bagVersion(target, cookie)).toBe(version);
  });
});

describe('refunds return to the gift cards', () => {
  it('returns what each card paid, once', async () => {
    const [first, second] = [await cardWith(target, 1_000), await cardWith(target, 5_000)];
    const order = await placedOrder((await place(await bagOf25(), using(first, second))).response);
    const [row] = await target.query<{ id: number }>(`select id from orders where number = '${order.number}'`);
    const orderId = Number(row?.id);
    expect(await refundOrderToGiftCards(t.db, orderId)).toEqual([
      { giftCardId: first.id, amountMinor: 1_000 },
      { giftCardId: second.id, amountMinor: 1_500 },
    ]);
    expect([await balanceOf(target, first.id), await balanceOf(target, second.id)]).toEqual([1_000, 5_000]);
    expect(await refundOrderToGiftCards(t.db, orderId)).toEqual([]);
    expect([await balanceOf(target, first.id), await balanceOf(target, second.id)]).toEqual([1_000, 5_000]);
    const rows = await target.query<{ kind: string; amount_minor: number }>(`select kind, amount_minor from gift_card_transactions where order_id = ${orderId} order by id`);
    expect(rows.map((r) => `${r.kind} ${r.amount_minor}`)).toEqual(['spend -1000', 'spend -1500', 'refund 1000', 'refund 1500']);
    // An order that spent no gift card has nothing to return.
    const plain = await placedOrder(await place(await bagOf25(), []).then((r) => r.response));
    const [plainRow] = await target.query<{ id: number }>(`select id from orders where number = '${plain.number}'`);
    expect(await refundOrderToGiftCards(t.db, Number(plainRow?.id))).toEqual([]);
  });
});
