import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BeautyPassOfferListResponseSchema, BeautyPassOfferResponseSchema, RewardListResponseSchema } from '../../src/contract/beauty-pass.ts';
import { CartResponseSchema } from '../../src/contract/cart.ts';
import { LAST_UNIT_REWARD_SLUG, OUT_OF_STOCK_REWARD_SLUG, REWARD_SEEDS } from '../../src/server/db/seed/rewards.ts';
import { addMonths } from '../../src/server/loyalty/rules.ts';
import { todayIn } from '../../src/contract/calendar-day.ts';
import { appTarget, cartCall, variantsWithStock, type CartTarget } from '../helpers/cart.ts';
import { addGoods, bagOf, codeOf, newMember, redeem, rewardOf } from '../helpers/rewards.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';

/*
 * The rewards boutique and a reward in the bag (issue 15): the list and its refusals per caller,
 * redeeming with every refusal, holds that set a unit aside and lapse, taking a reward out, and the
 * Beauty Pass offers. Orders with a reward: rewards-checkout.test.ts; cancelling: order-cancel.test.ts.
 */

let t: TestApp;
let target: CartTarget;
beforeAll(async () => {
  t = await createTestApp({ seedProducts: 30 });
  target = appTarget(t);
});
afterAll(async () => {
  await t?.close();
});

const list = async (cookie?: string, query = '') => {
  const response = await cartCall(target, 'GET', `/rewards${query}`, cookie ? { cookie } : {});
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toContain('no-store');
  return v.parse(RewardListResponseSchema, await response.json());
};

describe('GET rewards', () => {
  it("lists the country's eight rewards cheapest first, each with its stock; a visitor is asked to sign in", async () => {
    const { data, meta } = await list();
    expect(data).toHaveLength(REWARD_SEEDS.length);
    expect(data.map((r) => r.pointsCost)).toEqual([...REWARD_SEEDS].map((s) => s.pointsCost).sort((a, b) => a - b));
    expect(data.every((r) => r.refusal === 'sign_in')).toBe(true);
    expect(meta).toEqual({ balance: null, tier: null });
    const gone = data.find((r) => r.name === 'Fragrance discovery set');
    expect(gone?.stock).toEqual({ state: 'out_of_stock', available: 0 });
    expect(data.find((r) => r.name === 'Beauty Pass travel pouch')?.stock).toEqual({ state: 'low_stock', available: 1 });
    expect(data[0]?.imageUrl).toMatch(/^data:image\/svg\+xml,/);
  });

  it('sorts by cost down with points_desc, names in the language asked, and refuses an unknown sort with 400', async () => {
    const { data } = await list(undefined, '?sort=points_desc');
    expect(data[0]?.pointsCost).toBe(2_000);
    const thai = await cartCall(target, 'GET', '/rewards', { headers: { 'Accept-Language': 'th-TH', 'X-Site-Country': 'th' } });
    const body = v.parse(RewardListResponseSchema, await thai.json());
    expect(body.data[0]?.name).toBe('เซรั่มเพิ่มความชุ่มชื้นขนาดดีลักซ์ 7 มล.');
    const bad = await cartCall(target, 'GET', '/rewards?sort=cheapest');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('query.sort');
  });

  it('tells a signed-in non-member to join, and a member why not per reward (tier, stock, points) with their balance', async () => {
    const outsider = await newMember(target, { member: false });
    expect((await list(outsider.cookie)).data.every((r) => r.refusal === 'not_member')).toBe(true);

    const pink = await newMember(target, { tier: 'pink', points: 500 });
    const { data, meta } = await list(pink.cookie);
    expect(meta).toEqual({ balance: 500, tier: 'pink' });
    const refusals = Object.fromEntries(data.map((r) => [r.pointsCost, r.refusal]));
    expect(refusals).toEqual({ 100: null, 250: null, 400: null, 600: 'points', 800: 'out_of_stock', 1200: 'tier', 1500: 'tier', 2000: 'tier' });
    const gold = await newMember(target, { tier: 'gold', points: 5_000 });
    expect((await list(gold.cookie)).data.filter((r) => r.refusal === null)).toHaveLength(REWARD_SEEDS.length - 1);
  });

  it('shows a balance whose expiry day has come as 0, before any job wrote it (reads never write)', { tags: ['clock'] }, async () => {
    const lapsed = await newMember(target, { points: 900, pointsActiveOn: addMonths(todayIn('SG'), -18) });
    const { meta, data } = await list(lapsed.cookie);
    expect(meta.balance).toBe(0);
    expect(data.find((r) => r.pointsCost === 100)?.refusal).toBe('points');
    expect((await bagOf(target, lapsed.cookie)).points.valid).toEqual({ amount: 0, expiresOn: null });
    const [row] = await target.query<{ points: number }>(`select points from beauty_pass_members where user_id = ${lapsed.userId}`);
    expect(Number(row?.points)).toBe(900);
  });
});

describe('POST cart/rewards', () => {
  it('puts the reward in the bag as a points line, held for 30 minutes; the bag says what it costs', { tags: ['clock'] }, async () => {
    const member = await newMember(target, { points: 1_000 });
    const { id } = await rewardOf(target, 'lip-trio-minis');
    const before = Date.now();
    const response = await redeem(target, member.cookie, id);
    expect(response.status).toBe(201);
    const bag = v.parse(CartResponseSchema, await response.json()).data;
    expect(bag.reward).toMatchObject({ id, name: 'Mini lip trio', pointsCost: 250 });
    const heldUntil = Date.parse(bag.reward?.heldUntil ?? '');
    expect(heldUntil - before).toBeGreaterThanOrEqual(29 * 60_000);
    expect(heldUntil - before).toBeLessThanOrEqual(31 * 60_000);
    expect(bag.points).toMatchObject({ spend: 250, valid: { amount: 1_000 } });
    expect(bag.count).toBe(0);
    // A reward comes with a purchase: on its own it cannot go to checkout, and says why.
    expect(bag.checkout).toEqual({ allowed: false, blockedBy: 'reward_without_goods' });
    const [variant] = await variantsWithStock(target, 1, 50, 0);
    await addGoods(target, member.cookie, variant ?? 0);
    expect((await bagOf<{ checkout: unknown }>(target, member.cookie)).checkout).toEqual({ allowed: true, blockedBy: null });
  });

  it('refuses a second reward in the same bag: 409 one_per_transaction, and the list says so', async () => {
    const member = await newMember(target, { points: 2_000 });
    const first = await rewardOf(target, 'deluxe-serum-sample');
    const second = await rewardOf(target, 'skincare-discovery-kit');
    expect((await redeem(target, member.cookie, first.id)).status).toBe(201);
    const again = await redeem(target, member.cookie, second.id);
    expect(again.status).toBe(409);
    expect(await codeOf(again)).toBe('one_per_transaction');
    const same = await redeem(target, member.cookie, first.id);
    expect(same.status).toBe(409);
    expect((await list(member.cookie)).data.filter((r) => r.refusal === null)).toEqual([]);
    expect((await list(member.cookie)).data.find((r) => r.id === second.id)?.refusal).toBe('one_per_transaction');
  });

  it('refuses with each reason in order: sign in (401), not a member, tier, out of stock, points', async () => {
    const cheap = await rewardOf(target, 'deluxe-serum-sample');
    const visitor = await redeem(target, '', cheap.id);
    expect(visitor.status).toBe(401);
    const outsider = await newMember(target, { member: false });
    const pink = await newMember(target, { tier: 'pink', points: 150 });
    const cases: [string, number, string][] = [
      [outsider.cookie, cheap.id, 'not_member'],
      [pink.cookie, (await rewardOf(target, 'gold-skin-ritual')).id, 'tier'],
      [pink.cookie, (await rewardOf(target, OUT_OF_STOCK_REWARD_SLUG)).id, 'out_of_stock'],
      [pink.cookie, (await rewardOf(target, 'lip-trio-minis')).id, 'points'],
    ];
    for (const [cookie, id, code] of cases) {
      const response = await redeem(target, cookie, id);
      expect(response.status, code).toBe(409);
      expect(await codeOf(response)).toBe(code);
    }
    expect((await bagOf(target, pink.cookie)).reward).toBeNull();
  });

  it("answers 404 for another country's reward or an unknown id, and 400 for a bad body", async () => {
    const member = await newMember(target, { points: 1_000 });
    const thai = await rewardOf(target, 'deluxe-serum-sample', { country: 'TH' });
    const other = await redeem(target, member.cookie, thai.id);
    expect(other.status).toBe(404);
    expect(await codeOf(other)).toBe('unknown_reward');
    expect((await redeem(target, member.cookie, 999_999)).status).toBe(404);
    for (const body of ['x', -1, 1.5, 2 ** 31, null]) expect((await redeem(target, member.cookie, body)).status).toBe(400);
  });

  it("sets the last unit aside for the bag that holds it: others see it out of stock until the hold lapses", async () => {
    const { id } = await rewardOf(target, LAST_UNIT_REWARD_SLUG, { stock: 1 });
    const first = await newMember(target, { points: 1_000 });
    const second = await newMember(target, { points: 1_000 });
    expect((await redeem(target, first.cookie, id)).status).toBe(201);
    const shown = (await list(second.cookie)).data.find((r) => r.id === id);
    expect(shown).toMatchObject({ stock: { state: 'out_of_stock', available: 0 }, refusal: 'out_of_stock' });
    // The holder still sees the unit (it is theirs); their bag already holds a reward.
    expect((await list(first.cookie)).data.find((r) => r.id === id)).toMatchObject({ stock: { available: 1 }, refusal: 'one_per_transaction' });
    const refused = await redeem(target, second.cookie, id);
    expect(refused.status).toBe(409);
    expect(await codeOf(refused)).toBe('out_of_stock');

    // Thirty minutes later the hold has lapsed: the unit is anyone's again, and the first bag says its hold is over.
    await target.query(`update cart_rewards set held_until = now() - interval '1 minute' where reward_id = ${id}`);
    expect((await bagOf(target, first.cookie)).reward).toMatchObject({ id, heldUntil: null });
    expect((await redeem(target, second.cookie, id)).status).toBe(201);
  });
});

describe('DELETE cart/rewards/{rewardId}', () => {
  it("takes the reward out (the bag answers without it), then 404 reward_not_in_bag; a visitor gets 401", async () => {
    const member = await newMember(target, { points: 1_000 });
    const { id } = await rewardOf(target, 'deluxe-serum-sample');
    expect((await redeem(target, member.cookie, id)).status).toBe(201);
    const { version } = await bagOf(target, member.cookie);
    const removed = await cartCall(target, 'DELETE', `/cart/rewards/${id}`, { cookie: member.cookie });
    expect(removed.status).toBe(200);
    const bag = v.parse(CartResponseSchema, await removed.json()).data;
    expect(bag.reward).toBeNull();
    expect(bag.points.spend).toBe(0);
    expect(bag.version).toBe(version + 1);
    const again = await cartCall(target, 'DELETE', `/cart/rewards/${id}`, { cookie: member.cookie });
    expect(again.status).toBe(404);
    expect(await codeOf(again)).toBe('reward_not_in_bag');
    expect((await cartCall(target, 'DELETE', `/cart/rewards/${id}`)).status).toBe(401);
    expect((await cartCall(target, 'DELETE', '/cart/rewards/99999999999', { cookie: member.cookie })).status).toBe(400);
    // Taken out, it can be redeemed again.
    expect((await redeem(target, member.cookie, id)).status).toBe(201);
  });
});

describe('Beauty Pass offers', () => {
  const offers = async (cookie?: string) => {
    const response = await cartCall(target, 'GET', '/beauty-pass/offers', cookie ? { cookie } : {});
    expect(response.status).toBe(200);
    return v.parse(BeautyPassOfferListResponseSchema, await response.json()).data;
  };

  it("lists the country's Beauty Pass offers valid today with whether the caller's tier may use them", { tags: ['clock'] }, async () => {
    const visitor = await offers();
    expect(visitor.map((o) => o.code).sort()).toEqual(['BPGOLD20', 'BPMEMBER15', 'BPPINK5']);
    expect(visitor.every((o) => !o.eligible)).toBe(true);
    expect(visitor.find((o) => o.code === 'BPGOLD20')).toMatchObject({ minimumSpend: null, tiers: ['gold'], validTill: '2030-12-31' });
    const gold = await newMember(target, { tier: 'gold' });
    expect((await offers(gold.cookie)).filter((o) => o.eligible).map((o) => o.code).sort()).toEqual(['BPGOLD20', 'BPMEMBER15']);
    const pink = await newMember(target, { tier: 'pink' });
    expect((await offers(pink.cookie)).filter((o) => o.eligible).map((o) => o.code)).toEqual(['BPPINK5']);
  });

  it("shows one by its code in any case; unknown or everyone's code: 404 'Offer not found'", async () => {
    const found = await cartCall(target, 'GET', '/beauty-pass/offers/bpgold20');
    expect(found.status).toBe(200);
    expect(v.parse(BeautyPassOfferResponseSchema, await found.json()).data.code).toBe('BPGOLD20');
    for (const code of ['NOPE', 'WELCOME10', 'SUMMER24', 'x'.repeat(41)]) {
      const missing = await cartCall(target, 'GET', `/beauty-pass/offers/${code}`);
      expect(missing.status, code).toBe(code.length > 40 ? 400 : 404);
      if (code.length <= 40) expect(await missing.json()).toMatchObject({ message: 'Offer not found', code: 'offer_not_found' });
    }
  });

  it("lives beside the member's own beauty-pass routes: both answer", async () => {
    expect((await cartCall(target, 'GET', '/beauty-pass')).status).toBe(401);
    expect((await cartCall(target, 'GET', '/beauty-pass/offers')).status).toBe(200);
  });
});
