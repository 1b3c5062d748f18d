import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderResponseSchema } from '../../src/contract/checkout.ts';
import { todayIn } from '../../src/contract/calendar-day.ts';
import { addMonths } from '../../src/server/loyalty/rules.ts';
import { appTarget, cartCall, variantsWithStock, type CartTarget } from '../helpers/cart.ts';
import { checkout } from '../helpers/checkout.ts';
import { addGoods, bagOf, balances, codeOf, newMember, redeem, rewardOf, stockOf } from '../helpers/rewards.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';

/*
 * Placing an order with a reward (issue 15): one transaction takes the reward's unit, debits its
 * points through the ledger, writes the order's reward and empties the bag of it; any refusal
 * (reward gone, points spent meanwhile, no goods) rolls all of it back and voids the payment.
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
const voided = async (key: string) => (await target.query<{ status: string }>(`select status from test_card_payments where idempotency_key = 'order:${key}'`)).map((r) => r.status);

describe('an order with a reward', () => {
  it('takes the unit and the points with the order, names the reward on it and in the email, and empties the bag of it', async () => {
    const member = await newMember(target, { points: 1_000, pointsActiveOn: addMonths(todayIn('SG'), -6) });
    const reward = await rewardOf(target, 'skincare-discovery-kit', { stock: 5 });
    await addGoods(target, member.cookie, variant(0));
    expect((await redeem(target, member.cookie, reward.id)).status).toBe(201);
    const placed = await checkout(target, member.cookie);
    expect(placed.status).toBe(201);
    const order = v.parse(OrderResponseSchema, await placed.json()).data;
    expect(order.reward).toEqual({ name: 'Skincare discovery kit', pointsCost: 600 });
    expect(order.pointsUsed).toBe(600);
    expect(order.cancellable).toBe(true);
    expect(await stockOf(target, reward.id)).toBe(4);
    // The ledger: the debit under its cause, the earn beside it; the row and the sum agree.
    const rows = await target.query<{ cause: string; amount: number; source: string }>(`select cause, amount, source from points_ledger where user_id = ${member.userId} order by id`);
    expect(rows.find((r) => r.cause.startsWith('redeem:order:'))).toMatchObject({ amount: -600, source: 'used_points' });
    const { row, ledger } = await balances(target, member.userId);
    expect(row).toBe(ledger);
    expect(row).toBe(1_000 - 600 + order.pointsEarned);
    // A redemption is activity: the points' clock restarts today.
    const [activity] = await target.query<{ on: string }>(`select points_active_on::text as on from beauty_pass_members where user_id = ${member.userId}`);
    expect(activity?.on).toBe(todayIn('SG'));
    const [email] = await target.query<{ text: string }>(`select text from outbox_emails where kind = 'order-confirmation' and text like '%${order.number}%'`);
    expect(email?.text).toContain('Beauty Pass reward: Skincare discovery kit, for 600 points');
    const bag = await bagOf(target, member.cookie);
    expect(bag.reward).toBeNull();
    expect(bag.points.spend).toBe(0);
    expect(Number((await target.query<{ n: number }>(`select count(*)::int as n from cart_rewards cr join carts c on c.id = cr.cart_id where c.user_id = ${member.userId}`))[0]?.n)).toBe(0);
    // The member's order page shows it too.
    const shown = await cartCall(target, 'GET', `/orders/${order.number}`, { cookie: member.cookie });
    expect(v.parse(OrderResponseSchema, await shown.json()).data.reward).toEqual({ name: 'Skincare discovery kit', pointsCost: 600 });
  });

  it('refuses with reward_unavailable when the last unit went meanwhile: nothing written, the payment voided', async () => {
    const member = await newMember(target, { points: 1_000 });
    const reward = await rewardOf(target, 'deluxe-serum-sample', { stock: 3 });
    await addGoods(target, member.cookie, variant(1));
    expect((await redeem(target, member.cookie, reward.id)).status).toBe(201);
    await target.query(`update rewards set stock = 0 where id = ${reward.id}`);
    const before = await variantStock(variant(1));
    const key = randomUUID();
    const refused = await checkout(target, member.cookie, {}, { key });
    expect(refused.status).toBe(409);
    expect(await codeOf(refused)).toBe('reward_unavailable');
    expect(await variantStock(variant(1))).toBe(before);
    expect(await voided(key)).toEqual(['voided']);
    expect(await balances(target, member.userId)).toEqual({ row: 1_000, ledger: 1_000 });
    expect((await bagOf(target, member.cookie)).reward).toMatchObject({ id: reward.id });
    await target.query(`update rewards set stock = 3 where id = ${reward.id}`);
  });

  it('lets a lapsed hold take a unit only when no other bag holds it', async () => {
    const reward = await rewardOf(target, 'lip-trio-minis', { stock: 1 });
    const late = await newMember(target, { points: 1_000 });
    const other = await newMember(target, { points: 1_000 });
    await addGoods(target, late.cookie, variant(2));
    expect((await redeem(target, late.cookie, reward.id)).status).toBe(201);
    await target.query(`update cart_rewards set held_until = now() - interval '1 minute' where reward_id = ${reward.id}`);
    expect((await redeem(target, other.cookie, reward.id)).status).toBe(201);
    const refused = await checkout(target, late.cookie);
    expect(await codeOf(refused)).toBe('reward_unavailable');
    // Once the other bag lets it go, the lapsed bag may still have it.
    expect((await cartCall(target, 'DELETE', `/cart/rewards/${reward.id}`, { cookie: other.cookie })).status).toBe(200);
    const placed = await checkout(target, late.cookie);
    expect(placed.status, t.logs.join('\n')).toBe(201);
    expect(await stockOf(target, reward.id)).toBe(0);
  });

  it('refuses with points_insufficient when the points were spent or expired meanwhile: the ledger check decides', async () => {
    const member = await newMember(target, { points: 500 });
    const reward = await rewardOf(target, 'travel-pouch', { stock: 2 });
    await addGoods(target, member.cookie, variant(3));
    expect((await redeem(target, member.cookie, reward.id)).status).toBe(201);
    // Points leave through the ledger meanwhile (another country's order, a manual adjustment).
    await target.query(`insert into points_ledger (user_id, source, amount, cause, created_at) values (${member.userId}, 'manual_points_adjustment', -300, 'test:spent', now())`);
    await target.query(`update beauty_pass_members set points = points - 300 where user_id = ${member.userId}`);
    const key = randomUUID();
    const refused = await checkout(target, member.cookie, {}, { key });
    expect(refused.status).toBe(409);
    expect(await codeOf(refused)).toBe('points_insufficient');
    expect(await stockOf(target, reward.id)).toBe(2);
    expect(await voided(key)).toEqual(['voided']);
    expect(await balances(target, member.userId)).toEqual({ row: 200, ledger: 200 });
    expect(Number((await target.query<{ n: number }>(`select count(*)::int as n from orders where user_id = ${member.userId}`))[0]?.n)).toBe(0);
  });

  it('refuses a reward with e-gift cards only: reward_without_goods, as the bag says', async () => {
    const member = await newMember(target, { points: 500 });
    const reward = await rewardOf(target, 'deluxe-serum-sample');
    const card = await cartCall(target, 'POST', '/cart/gift-cards', {
      cookie: member.cookie,
      body: { amount: 50, recipientName: 'Aisha', recipientEmail: 'aisha@example.com', senderName: 'Mei', message: 'Hi', sendOn: todayIn('SG') },
    });
    expect(card.status).toBe(201);
    expect((await redeem(target, member.cookie, reward.id)).status).toBe(201);
    const bag = await bagOf<{ version: number; checkout: unknown }>(target, member.cookie);
    expect(bag.checkout).toEqual({ allowed: false, blockedBy: 'reward_without_goods' });
    const refused = await checkout(target, member.cookie, {}, { bagVersion: bag.version });
    expect(refused.status).toBe(409);
    expect(await codeOf(refused)).toBe('reward_without_goods');
  });

  it("leaves a guest's order as it was: no reward, no points", async () => {
    const add = await cartCall(target, 'POST', '/cart/line-items', { body: { variantId: variant(4), quantity: 1 } });
    const cookie = add.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const placed = await checkout(target, cookie);
    expect(placed.status).toBe(201);
    expect(v.parse(OrderResponseSchema, await placed.json()).data).toMatchObject({ reward: null, pointsUsed: 0, pointsEarned: 0, cancellable: false });
  });
});
