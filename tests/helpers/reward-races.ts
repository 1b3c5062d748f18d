import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { LAST_UNIT_REWARD_SLUG } from '../../src/server/db/seed/rewards.ts';
import { cartCall, variantsWithStock, type CartTarget } from './cart.ts';
import { bagVersion, checkout, paymentsOf, SG_ADDRESS } from './checkout.ts';
import { addGoods, balances, codeOf, newMember, redeem, rewardOf, stockOf, type Member } from './rewards.ts';

/**
 * The rewards' races (issue 15: "50 concurrent redemptions of the last reward → exactly 1"),
 * registered once and run on PGlite (tests/api/reward-races.test.ts: one connection, transactions
 * queue) and PostgreSQL (tests/pg/reward-races.test.ts: a pool of 10, so they really run at once).
 * `offset` keeps each file's variants apart.
 */
export function rewardRaceTests(target: () => CartTarget, offset = 0): void {
  const members = (n: number, points: number) => Promise.all(Array.from({ length: n }, () => newMember(target(), { points })));
  const count = (codes: (string | undefined)[], code: string) => codes.filter((c) => c === code).length;

  it('50 members redeem the last unit of a reward at once: exactly 1 holds it, 49 are told it is out of stock', async () => {
    const { id } = await rewardOf(target(), LAST_UNIT_REWARD_SLUG, { stock: 1 });
    await target().query(`delete from cart_rewards where reward_id = ${id}`);
    const racers = await members(50, 1_000);
    const started = performance.now();
    const responses = await Promise.all(racers.map((m) => redeem(target(), m.cookie, id)));
    const elapsed = performance.now() - started;
    const codes = await Promise.all(responses.map(async (r) => (r.status === 201 ? 'held' : await codeOf(r))));
    const held = count(codes, 'held');
    const out = count(codes, 'out_of_stock');
    console.log(`50 concurrent redemptions of the last reward: ${held} held, ${out} out of stock, in ${elapsed.toFixed(0)} ms`);
    expect(held).toBe(1);
    expect(out).toBe(49);
    const [holds] = await target().query<{ n: number }>(`select count(*)::int as n from cart_rewards where reward_id = ${id} and held_until > now()`);
    expect(Number(holds?.n)).toBe(1);
    expect(await stockOf(target(), id)).toBe(1);
  }, 180_000);

  it('50 orders each holding the reward race for its 1 unit left: exactly 1 order, 49 refused reward_unavailable with their holds voided', async () => {
    const { id } = await rewardOf(target(), 'skincare-discovery-kit', { stock: 50 });
    await target().query(`delete from cart_rewards where reward_id = ${id}`);
    const racers = await members(50, 1_000);
    const [variant] = await variantsWithStock(target(), 1, 500, offset);
    for (const m of racers) {
      await addGoods(target(), m.cookie, variant ?? 0);
      expect((await redeem(target(), m.cookie, id)).status).toBe(201);
    }
    // Staff count the shelf again: one unit left for fifty bags that each hold one.
    await target().query(`update rewards set stock = 1 where id = ${id}`);
    const keys = racers.map(() => randomUUID());
    const started = performance.now();
    const responses = await Promise.all(racers.map((m, i) => checkout(target(), m.cookie, {}, { key: keys[i] })));
    const elapsed = performance.now() - started;
    const codes = await Promise.all(responses.map(async (r) => (r.status === 201 ? 'placed' : await codeOf(r))));
    const placed = count(codes, 'placed');
    const unavailable = count(codes, 'reward_unavailable');
    const payments = await paymentsOf(target(), keys);
    console.log(`50 concurrent orders for the reward's last unit: ${placed} placed, ${unavailable} reward unavailable (${payments.captured} captured, ${payments.voided} voided), in ${elapsed.toFixed(0)} ms`);
    expect(placed).toBe(1);
    expect(unavailable).toBe(49);
    expect(payments).toMatchObject({ captured: 1, voided: 49 });
    expect(await stockOf(target(), id)).toBe(0);
    const winner = racers[codes.indexOf('placed')] as Member;
    const [orders] = await target().query<{ n: number }>(`select count(*)::int as n from orders where reward_id = ${id}`);
    expect(Number(orders?.n)).toBe(1);
    // Every racer's balance is its ledger's sum; only the winner's moved by the reward's cost.
    for (const m of racers) {
      const { row, ledger } = await balances(target(), m.userId);
      expect(row).toBe(ledger);
      if (m !== winner) expect(row).toBe(1_000);
    }
  }, 300_000);

  it("a member's two bags (SG and MY), each with a reward their points pay for once: placed at once, one order, one points_insufficient", async () => {
    const [member] = await members(1, 400);
    if (!member) throw new Error('no member');
    const sg = await rewardOf(target(), 'travel-pouch', { stock: 10 });
    const my = await rewardOf(target(), 'travel-pouch', { country: 'MY', stock: 10 });
    const [sgVariant] = await variantsWithStock(target(), 1, 500, offset + 1);
    const [myVariant] = await variantsWithStock(target(), 1, 500, offset + 1, 'MY');
    await addGoods(target(), member.cookie, sgVariant ?? 0);
    await addGoods(target(), member.cookie, myVariant ?? 0, 'my');
    expect((await redeem(target(), member.cookie, sg.id)).status).toBe(201);
    expect((await redeem(target(), member.cookie, my.id, 'my')).status).toBe(201);
    const myAddress = { ...SG_ADDRESS, city: 'Kuala Lumpur', state: 'MY-14', postcode: '50450', phone: '012-345 6789' };
    const [sgVersion, myVersion] = [await bagVersion(target(), member.cookie), await bagVersion(target(), member.cookie, 'my')];
    const responses = await Promise.all([
      checkout(target(), member.cookie, {}, { bagVersion: sgVersion }),
      checkout(target(), member.cookie, { delivery: { method: 'standard', storeId: null, address: myAddress } }, { country: 'my', bagVersion: myVersion }),
    ]);
    const codes = await Promise.all(responses.map(async (r) => (r.status === 201 ? 'placed' : await codeOf(r))));
    console.log(`one member's two orders spending the same 400 points at once: ${codes.join(', ')}`);
    expect([...codes].sort()).toEqual(['placed', 'points_insufficient']);
    const { row, ledger } = await balances(target(), member.userId);
    expect(row).toBe(ledger);
    expect(row).toBeGreaterThanOrEqual(0);
  }, 120_000);

  it('10 cancels of one order at once: 1 cancels it, 9 are refused, the payment refunded once and the reward back once', async () => {
    const [member] = await members(1, 1_000);
    if (!member) throw new Error('no member');
    const { id } = await rewardOf(target(), 'deluxe-serum-sample', { stock: 20 });
    const [variant] = await variantsWithStock(target(), 1, 500, offset + 2);
    await addGoods(target(), member.cookie, variant ?? 0);
    expect((await redeem(target(), member.cookie, id)).status).toBe(201);
    const key = randomUUID();
    const placed = await checkout(target(), member.cookie, {}, { key });
    const { number } = ((await placed.json()) as { data: { number: string } }).data;
    const responses = await Promise.all(Array.from({ length: 10 }, () => cartCall(target(), 'POST', `/orders/${number}/cancel`, { cookie: member.cookie, body: {} })));
    const statuses = responses.map((r) => r.status);
    const [payment] = await target().query<{ refunded_minor: number; amount_minor: number }>(`select refunded_minor, amount_minor from test_card_payments where idempotency_key = 'order:${key}'`);
    console.log(`10 concurrent cancels of one order: ${statuses.filter((s) => s === 200).length} cancelled, ${statuses.filter((s) => s === 409).length} refused; refunded ${Number(payment?.refunded_minor)} of ${Number(payment?.amount_minor)}`);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    expect(Number(payment?.refunded_minor)).toBe(Number(payment?.amount_minor));
    expect(await stockOf(target(), id)).toBe(20);
    expect(await balances(target(), member.userId)).toEqual({ row: 1_000, ledger: 1_000 });
  }, 120_000);
}
