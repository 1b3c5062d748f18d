import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appTarget, cartCall, variantsWithStock, type CartTarget } from '../helpers/cart.ts';
import { checkout } from '../helpers/checkout.ts';
import { fuzz, hostileString, mutate, rawBody, steps, successes, sendFuzzed, type Sent } from '../helpers/checkout-fuzz.ts';
import { addGoods, balances, newMember, redeem, rewardOf, type Member } from '../helpers/rewards.ts';
import { apiOperations, operationsUnder } from '../helpers/openapi-operations.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';

/**
 * Issue 15: every endpoint of the rewards, the Beauty Pass offers and order cancellation gets at
 * least 500 generated requests — hostile ids, codes, numbers, queries, countries, languages and
 * sessions; mutated and raw bodies on the writes. No answer may be a 5xx or leak a stack or a path;
 * afterwards every member's balance is its ledger's sum and never below 0, no reward is held beyond
 * its stock, no bag holds two, and every cancelled order has its history and its payment back.
 */

/** The operations of the OpenAPI document for rewards, the bag's reward, the Beauty Pass offers and cancelling an order. */
const REWARDS = operationsUnder(await apiOperations(), ['rewards', 'cart/rewards', 'beauty-pass/offers', 'orders/{number}/cancel']);

let t: TestApp;
let target: CartTarget;
const covered = new Set<string>();
let members: Member[] = [];
let outsider: Member;
/** Orders of `members[0]` to cancel (the first cancel of each succeeds, the rest are refused). */
const numbers: string[] = [];
const rewardIds: number[] = [];

beforeAll(async () => {
  t = await createTestApp({ seedProducts: 20 });
  target = appTarget(t);
  members = [await newMember(target, { tier: 'gold', points: 20_000 }), await newMember(target, { tier: 'pink', points: 300 }), await newMember(target, { tier: 'black', points: 0 })];
  outsider = await newMember(target, { member: false });
  rewardIds.push(...(await target.query<{ id: number }>(`select id from rewards where country_code in ('SG', 'TH') order by id`)).map((r) => Number(r.id)));
  const [variant] = await variantsWithStock(target, 1, 1_000, 0);
  const owner = members[0] as Member;
  const reward = await rewardOf(target, 'deluxe-serum-sample');
  for (let i = 0; i < 8; i += 1) {
    await addGoods(target, owner.cookie, variant ?? 0);
    if (i % 2 === 0) await redeem(target, owner.cookie, reward.id);
    const placed = await checkout(target, owner.cookie);
    numbers.push(((await placed.json()) as { data: { number: string } }).data.number);
  }
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const enc = (text: string) => encodeURIComponent(Buffer.from(text, 'utf8').toString());
const countries = fc.oneof({ weight: 8, arbitrary: fc.constant('sg') }, fc.constantFrom('th', 'my', 'xx', '', 'SG', 'sg,au'));
const languages = fc.constantFrom('en-SG', 'zh-HK', 'th-TH', 'id-ID', 'xx', '*', '', 'a'.repeat(300));
const GARBAGE_COOKIES = ['jwt-data=a.b.c; jwt-signature=zzz', 'jwt-data=; jwt-signature=', 'bag-token=../../etc'];

interface Call {
  who: 'visitor' | 'gold' | 'pink' | 'black' | 'outsider' | 'garbage';
  n: number;
  country: string;
  language: string;
}
const callArb = fc.record({
  who: fc.oneof({ weight: 4, arbitrary: fc.constant<Call['who']>('gold') }, fc.constantFrom<Call['who']>('visitor', 'pink', 'black', 'outsider', 'garbage')),
  n: fc.nat(),
  country: countries,
  language: languages,
});

function cookieOf(call: Call): string | undefined {
  if (call.who === 'gold') return members[0]?.cookie;
  if (call.who === 'pink') return members[1]?.cookie;
  if (call.who === 'black') return members[2]?.cookie;
  if (call.who === 'outsider') return outsider.cookie;
  if (call.who === 'garbage') return GARBAGE_COOKIES[call.n % GARBAGE_COOKIES.length];
  return undefined;
}

async function send(method: string, path: string, call: Call, body?: string): Promise<Sent> {
  return sendFuzzed(target, method, path, { who: call.who, cookie: cookieOf(call), headers: { 'X-Site-Country': call.country, 'Accept-Language': call.language, 'Idempotency-Key': randomUUID() }, ...(body === undefined ? {} : { body }) });
}

async function run<T>(id: string, arbitrary: fc.Arbitrary<T>, one: (input: T) => Promise<Sent>): Promise<Map<string, number>> {
  covered.add(id);
  return fuzz(id, arbitrary, one, t.logs);
}

const junk = fc.oneof(hostileString.map(enc), fc.constantFrom('..', '.', '%2e%2e', 'a%2Fb', '%', '%zz', ';', '%00', '0', '-1', '1.5', '2147483648', '99999999999999999999', '1e3', '0x10', ' 1'));
const rewardSegment = fc.oneof({ weight: 4, arbitrary: fc.nat().map((n) => String(rewardIds[n % rewardIds.length] ?? 1)) }, junk);

describe('fuzz: 500+ generated requests per rewards endpoint', { timeout: 600_000 }, () => {
  it('rewards.index: sorts, hostile queries, countries and callers', async () => {
    const query = fc.oneof(
      fc.constantFrom('', '?sort=points_asc', '?sort=points_desc', '?sort=POINTS_ASC', '?sort=', '?sort=points_asc&sort=points_desc', '?%zz', '?sort=%00', '?__proto__[x]=1'),
      fc.string({ maxLength: 30 }).map((q) => `?${enc(q)}=${enc(q)}`),
      hostileString.map((s) => `?sort=${enc(s)}`),
    );
    const statuses = await run('rewards.index', fc.record({ call: callArb, query }), ({ call, query: q }) => send('GET', `/rewards${q}`, call));
    expect(successes(statuses)).toBeGreaterThan(100);
  });

  it('bagRewards.create: real, foreign and hostile ids, mutated and raw bodies, bags emptied now and then', async () => {
    const input = fc.record({ call: callArb, n: fc.nat(), clear: fc.boolean(), steps, raw: fc.oneof({ weight: 12, arbitrary: fc.constant(null) }, rawBody) });
    const statuses = await run('bagRewards.create', input, async ({ call, n, clear, steps: list, raw }) => {
      // Half the time the bag is emptied of its reward first, so redemptions keep reaching the transaction.
      if (clear) await target.query(`delete from cart_rewards`);
      return send('POST', '/cart/rewards', call, raw ?? mutate({ rewardId: rewardIds[n % rewardIds.length] ?? 1 }, list));
    });
    expect(successes(statuses)).toBeGreaterThan(20);
  });

  it('bagRewards.delete: held, other and hostile ids', async () => {
    const input = fc.record({ call: callArb, segment: rewardSegment, hold: fc.boolean() });
    const statuses = await run('bagRewards.delete', input, async ({ call, segment, hold }) => {
      const cookie = cookieOf(call);
      if (hold && cookie && call.who === 'gold') {
        await target.query(`delete from cart_rewards`);
        await cartCall(target, 'POST', '/cart/rewards', { cookie, body: { rewardId: Number(segment) || 1 } });
      }
      return send('DELETE', `/cart/rewards/${segment}`, call);
    });
    expect(successes(statuses)).toBeGreaterThan(5);
  });

  it('beautyPassProgramOffers.index: countries, languages and callers', async () => {
    const query = fc.constantFrom('', '?x=1', '?%zz', '?code=BPGOLD20');
    const statuses = await run('beautyPassProgramOffers.index', fc.record({ call: callArb, query }), ({ call, query: q }) => send('GET', `/beauty-pass/offers${q}`, call));
    expect(successes(statuses)).toBeGreaterThan(100);
  });

  it('beautyPassProgramOffers.show: real, everyone’s, expired and hostile codes', async () => {
    const code = fc.oneof({ weight: 3, arbitrary: fc.constantFrom('BPGOLD20', 'bpmember15', 'BPPINK5', 'WELCOME10', 'SUMMER24', 'NEWYEAR30') }, junk, fc.constant('x'.repeat(41)));
    const statuses = await run('beautyPassProgramOffers.show', fc.record({ call: callArb, code }), ({ call, code: c }) => send('GET', `/beauty-pass/offers/${c}`, call));
    expect(successes(statuses)).toBeGreaterThan(50);
  });

  it('orderCancellations.create: own, foreign and hostile numbers, mutated and raw bodies', async () => {
    const number = fc.oneof({ weight: 4, arbitrary: fc.nat().map((n) => numbers[n % numbers.length] ?? 'SG1') }, fc.constantFrom('SG1', 'sg10000001', 'XX99'), junk);
    const input = fc.record({ call: callArb, number, steps, raw: fc.oneof({ weight: 12, arbitrary: fc.constant(null) }, rawBody) });
    const statuses = await run('orderCancellations.create', input, ({ call, number: n, steps: list, raw }) => send('POST', `/orders/${n}/cancel`, call, raw ?? mutate({}, list)));
    expect(successes(statuses)).toBeGreaterThan(0);
  });

  it('covered every endpoint, and the database still holds together', async () => {
    expect([...covered].sort()).toEqual(REWARDS.map((operation) => operation.id).sort());
    const none = async (what: string, text: string) => expect(await target.query(text), what).toEqual([]);
    for (const member of members) {
      const { row, ledger } = await balances(target, member.userId);
      expect(row).toBe(ledger);
      expect(row).toBeGreaterThanOrEqual(0);
    }
    await none('a reward held beyond its stock', `select r.id from rewards r where (select count(*) from cart_rewards cr where cr.reward_id = r.id and cr.held_until > now()) > greatest(r.stock, 1)`);
    await none('a cancelled order without its event', `select o.number from orders o where o.status = 'cancelled' and not exists (select 1 from order_events e where e.order_id = o.id and e.status = 'cancelled')`);
    await none(
      'a cancelled order whose payment was not given back',
      `select o.number from orders o join test_card_payments p on p.id = o.payment_id where o.status = 'cancelled' and not (p.status = 'voided' or p.refunded_minor = p.amount_minor)`,
    );
    await none('a cancelled order refunded twice', `select p.id from test_card_payments p where p.refunded_minor > p.amount_minor`);
  });
});
