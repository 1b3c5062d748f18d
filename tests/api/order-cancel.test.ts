import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderResponseSchema, type Order } from '../../src/contract/checkout.ts';
import { issueGiftCard } from '../../src/server/gift-cards/issue.ts';
import { appTarget, cartCall, variantsWithStock, type CartTarget } from '../helpers/cart.ts';
import { checkout, placedOrder } from '../helpers/checkout.ts';
import { dayIn } from '../helpers/gift-cards.ts';
import { addGoods, balances, bagOf, codeOf, newMember, redeem, rewardOf, stockOf } from '../helpers/rewards.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';

/*
 * A member cancels their own order (issue 15): everything the order took comes back in one
 * transaction (units, the reward's unit, points, spend, gift card payments), then the payment is
 * refunded or voided; a second cancel is refused and never refunds twice.
 */

let t: TestApp;
let target: CartTarget;
let variants: number[];
beforeAll(async () => {
  t = await createTestApp({ seedProducts: 30 });
  target = appTarget(t);
  variants = await variantsWithStock(target, 6, 100, 0);
});
afterAll(async () => {
  await t?.close();
});

const variant = (i: number) => variants[i] ?? 0;
const variantStock = async (id: number) => Number((await target.query<{ stock: number }>(`select stock from variants where id = ${id}`))[0]?.stock);
const cancel = (cookie: string, number: string) => cartCall(target, 'POST', `/orders/${number}/cancel`, { cookie, body: {} });
const payment = async (key: string) => (await target.query<{ status: string; refunded_minor: number; amount_minor: number }>(`select status, refunded_minor, amount_minor from test_card_payments where idempotency_key = 'order:${key}'`))[0];
const spendOf = async (userId: number) => Number((await target.query<{ spend: number }>(`select spend_minor as spend from beauty_pass_members where user_id = ${userId}`))[0]?.spend);

async function placed(cookie: string, key = randomUUID()): Promise<Order> {
  return placedOrder(await checkout(target, cookie, {}, { key }));
}

describe('POST orders/{number}/cancel', () => {
  it('returns units, the reward, points and spend in one go and refunds the captured payment', { tags: ['clock'] }, async () => {
    // Gold: the top tier, so the spend stays in the year (a lower tier's upgrade would start a new one).
    const member = await newMember(target, { tier: 'gold', points: 1_000 });
    const reward = await rewardOf(target, 'lip-trio-minis', { stock: 10 });
    const before = await variantStock(variant(0));
    await addGoods(target, member.cookie, variant(0));
    await addGoods(target, member.cookie, variant(0));
    expect((await redeem(target, member.cookie, reward.id)).status).toBe(201);
    const key = randomUUID();
    const order = await placed(member.cookie, key);
    expect(order.status).toBe('paid');
    expect(await variantStock(variant(0))).toBe(before - 2);
    expect(await stockOf(target, reward.id)).toBe(9);
    expect(await spendOf(member.userId)).toBeGreaterThan(0);

    const response = await cancel(member.cookie, order.number);
    expect(response.status).toBe(200);
    const cancelled = v.parse(OrderResponseSchema, await response.json()).data;
    expect(cancelled).toMatchObject({ status: 'cancelled', cancellable: false, reward: { pointsCost: 250 } });
    expect(cancelled.history.map((h) => h.status)).toEqual(['placed', 'paid', 'cancelled']);
    expect(await variantStock(variant(0))).toBe(before);
    expect(await stockOf(target, reward.id)).toBe(10);
    // The reward's points back, the earned ones reversed: the balance is where it started, the ledger agrees.
    expect(await balances(target, member.userId)).toEqual({ row: 1_000, ledger: 1_000 });
    const causes = (await target.query<{ cause: string }>(`select cause from points_ledger where user_id = ${member.userId} order by id`)).map((r) => r.cause.replace(/\d+$/, 'N'));
    expect(causes).toEqual(['test:grant', 'redeem:order:N', 'order:N', 'return:order:N', 'reverse:order:N']);
    expect(await spendOf(member.userId)).toBe(0);
    expect(await payment(key)).toMatchObject({ status: 'captured', refunded_minor: Math.round(order.payment.amount.amount * 100) });
  });

  it('is refused a second time (409 with the status), never refunding twice, also when two arrive at once', async () => {
    const member = await newMember(target, { points: 0 });
    await addGoods(target, member.cookie, variant(1));
    const key = randomUUID();
    const order = await placed(member.cookie, key);
    const both = await Promise.all([cancel(member.cookie, order.number), cancel(member.cookie, order.number)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const again = await cancel(member.cookie, order.number);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'order_not_cancellable', orderStatus: 'cancelled' });
    const paid = await payment(key);
    expect(Number(paid?.refunded_minor)).toBe(Number(paid?.amount_minor));
    expect(Number((await target.query<{ n: number }>(`select count(*)::int as n from order_events e join orders o on o.id = e.order_id where o.number = '${order.number}' and e.status = 'cancelled'`))[0]?.n)).toBe(1);
  });

  it('voids a payment that was only held (placed, not captured)', async () => {
    const member = await newMember(target);
    await addGoods(target, member.cookie, variant(2));
    const key = randomUUID();
    const order = await placed(member.cookie, key);
    // As if the capture had failed: the order stays placed with the hold on the card.
    await target.query(`update orders set status = 'placed' where number = '${order.number}'`);
    await target.query(`update test_card_payments set status = 'authorized' where idempotency_key = 'order:${key}'`);
    expect((await cancel(member.cookie, order.number)).status).toBe(200);
    expect((await payment(key))?.status).toBe('voided');
  });

  it('refuses an order that shipped, answers 404 for another member and 401 for a guest', async () => {
    const member = await newMember(target);
    await addGoods(target, member.cookie, variant(3));
    const order = await placed(member.cookie);
    const stranger = await newMember(target);
    expect((await cancel(stranger.cookie, order.number)).status).toBe(404);
    expect((await cartCall(target, 'POST', `/orders/${order.number}/cancel`, { body: {} })).status).toBe(401);
    expect((await cancel(member.cookie, 'not-a-number')).status).toBe(400);
    await target.query(`update orders set status = 'shipped' where number = '${order.number}'`);
    const shipped = await cancel(member.cookie, order.number);
    expect(shipped.status).toBe(409);
    expect(await shipped.json()).toMatchObject({ code: 'order_not_cancellable', orderStatus: 'shipped', reason: 'status' });
  });

  it('puts what gift cards paid back on them, and refunds only the card part', async () => {
    const member = await newMember(target);
    await addGoods(target, member.cookie, variant(4));
    const card = await issueGiftCard(t.db, { country: 'SG', amountMinor: 1_000, recipientEmail: 'cancel@example.com' });
    const { version } = await bagOf(target, member.cookie);
    const key = randomUUID();
    const response = await checkout(target, member.cookie, { giftCards: [{ code: card.code, pin: card.pin }] }, { bagVersion: version, key });
    expect(response.status).toBe(201);
    const order = v.parse(OrderResponseSchema, await response.json()).data;
    expect(order.giftCards.amount).toBe(10);
    expect((await cancel(member.cookie, order.number)).status).toBe(200);
    const [balance] = await target.query<{ balance_minor: number }>(`select balance_minor from gift_cards where code = '${card.code.replaceAll('-', '')}' or code = '${card.code}'`);
    expect(Number(balance?.balance_minor)).toBe(1_000);
    expect(Number((await payment(key))?.refunded_minor)).toBe(Math.round(order.payment.amount.amount * 100));
  });

  it("refuses an order that bought e-gift cards (one may be spent already): 409 reason gift_cards", { tags: ['clock'] }, async () => {
    const member = await newMember(target);
    await addGoods(target, member.cookie, variant(5));
    const add = await cartCall(target, 'POST', '/cart/gift-cards', {
      cookie: member.cookie,
      body: { amount: 50, recipientName: 'Aisha', recipientEmail: 'aisha@example.com', senderName: 'Mei', message: 'Hi', sendOn: dayIn('SG') },
    });
    expect(add.status).toBe(201);
    const order = await placed(member.cookie);
    expect(order.cancellable).toBe(false);
    const refused = await cancel(member.cookie, order.number);
    expect(refused.status).toBe(409);
    expect(await codeOf(refused)).toBe('order_not_cancellable');
  });
});
