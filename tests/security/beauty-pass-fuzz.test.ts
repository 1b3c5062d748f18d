import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BEAUTY_PASS_SEED_NON_MEMBER, BEAUTY_PASS_SEED_PASSWORD, beautyPassSeedEmail } from '../../src/server/db/seed/beauty-pass-members.ts';
import { signIn } from '../helpers/account.ts';
import { insertUser } from '../helpers/auth.ts';
import { appTarget, type CartTarget } from '../helpers/cart.ts';
import { fuzz, hostileString, mutate, rawBody, steps, successes, sendFuzzed, type Sent } from '../helpers/checkout-fuzz.ts';
import { apiOperations, operationsUnder } from '../helpers/openapi-operations.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';

/**
 * Issue 15: every `beauty-pass/…` endpoint of the loyalty core gets at least 500 generated
 * requests — visitors, members of every tier, non-members and broken sessions; hostile queries,
 * countries and languages; mutated and raw join bodies. No answer may be a 5xx or leak a stack or
 * a path; afterwards every balance is still its ledger's sum and never below zero.
 */

/** The `beauty-pass/…` operations of the OpenAPI document; its offers are the rewards fuzzer's (rewards-fuzz.test.ts). */
const BEAUTY_PASS = operationsUnder(await apiOperations(), ['beauty-pass'], ['beauty-pass/offers']);

let t: TestApp;
let target: CartTarget;
const covered = new Set<string>();
const members: string[] = [];
/** Shoppers who may join: each joins at most once, the rest of their calls answer 409. */
const joiners: string[] = [];
let nonMember = '';

beforeAll(async () => {
  t = await createTestApp({ seedProducts: 0 });
  target = appTarget(t);
  for (const key of ['pink-in-progress', 'black-failed-renewal', 'gold-just-upgraded', 'white-downgraded', 'points-expiring', 'rich']) members.push(await signIn(t.app, beautyPassSeedEmail(key), BEAUTY_PASS_SEED_PASSWORD));
  nonMember = await signIn(t.app, BEAUTY_PASS_SEED_NON_MEMBER, BEAUTY_PASS_SEED_PASSWORD);
  for (let i = 0; i < 40; i += 1) {
    const user = await insertUser(t.db, { country: ['SG', 'TH', 'ID', 'AU'][i % 4] ?? 'SG' });
    joiners.push(await signIn(t.app, user.email, user.password));
  }
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const enc = (text: string) => encodeURIComponent(Buffer.from(text, 'utf8').toString());
const GARBAGE_COOKIES = ['jwt-data=a.b.c; jwt-signature=zzz', 'jwt-data=; jwt-signature=', 'bag-token=../../etc'];

type Who = 'visitor' | 'member' | 'non-member' | 'joiner' | 'garbage';
interface Call {
  who: Who;
  n: number;
  country: string;
  language: string;
}
const callArb: fc.Arbitrary<Call> = fc.record({
  who: fc.oneof({ weight: 5, arbitrary: fc.constant<Who>('member') }, fc.constantFrom<Who>('visitor', 'non-member', 'joiner', 'garbage')),
  n: fc.nat(),
  country: fc.oneof({ weight: 6, arbitrary: fc.constant('sg') }, fc.constantFrom('th', 'nz', 'id', 'xx', '', 'SG', 'sg,au')),
  language: fc.constantFrom('en-SG', 'zh-HK', 'th-TH', 'id-ID', 'xx', '*', '', 'a'.repeat(300)),
});

function cookieOf(call: Call): string | undefined {
  if (call.who === 'member') return members[call.n % members.length];
  if (call.who === 'non-member') return nonMember;
  if (call.who === 'joiner') return joiners[call.n % joiners.length];
  if (call.who === 'garbage') return GARBAGE_COOKIES[call.n % GARBAGE_COOKIES.length];
  return undefined;
}

async function send(method: string, path: string, call: Call, body?: string): Promise<Sent> {
  return sendFuzzed(target, method, path, { who: call.who, cookie: cookieOf(call), headers: { 'X-Site-Country': call.country, 'Accept-Language': call.language }, ...(body === undefined ? {} : { body }) });
}

async function run<T>(id: string, arbitrary: fc.Arbitrary<T>, one: (input: T) => Promise<Sent>): Promise<Map<string, number>> {
  covered.add(id);
  return fuzz(id, arbitrary, one, t.logs);
}

const pageQuery = fc.oneof(
  fc.constant(''),
  fc.integer({ min: -3, max: 12 }).map((page) => `?page=${page}`),
  fc.constantFrom('?page=1&page=2', '?page=1.5', '?page=1e3', '?page=%00', '?page=10000', '?page=10001', '?page=99999999999999999999', '?%zz', '?__proto__[x]=1', `?page=${'9'.repeat(400)}`),
  hostileString.map((s) => `?page=${enc(s)}`),
);

describe('fuzz: 500+ generated requests per Beauty Pass endpoint', { timeout: 600_000 }, () => {
  it('beautyPass.index: every caller, country and language', async () => {
    const statuses = await run('beautyPass.index', fc.record({ call: callArb, query: fc.constantFrom('', '?x=1', '?%zz') }), async ({ call, query }) => send('GET', `/beauty-pass${query}`, call));
    expect(successes(statuses)).toBeGreaterThan(100);
  });

  it('beautyPassPoints.index: hostile pages', async () => {
    const statuses = await run('beautyPassPoints.index', fc.record({ call: callArb, query: pageQuery }), async ({ call, query }) => send('GET', `/beauty-pass/points${query}`, call));
    expect(successes(statuses)).toBeGreaterThan(50);
  });

  it('beautyPassTierSeen.create: bodies of any kind are ignored, the caller decides', async () => {
    const statuses = await run('beautyPassTierSeen.create', fc.record({ call: callArb, raw: fc.oneof({ weight: 3, arbitrary: fc.constant('{}') }, rawBody) }), async ({ call, raw }) => send('POST', '/beauty-pass/tier/seen', call, raw));
    expect(successes(statuses)).toBeGreaterThan(50);
  });

  it('beautyPassMembers.create: mutated and raw join bodies', async () => {
    const input = fc.record({ call: callArb, steps, raw: fc.oneof({ weight: 10, arbitrary: fc.constant(null) }, rawBody) });
    const statuses = await run('beautyPassMembers.create', input, async ({ call, steps: list, raw }) => send('POST', '/beauty-pass/members', call, raw ?? mutate({ beautyPassTerms: true }, list)));
    expect(successes(statuses)).toBeGreaterThan(0);
  });

  it('covered every endpoint, and every balance is its ledger sum, never below zero', async () => {
    expect([...covered].sort()).toEqual(BEAUTY_PASS.map((operation) => operation.id).sort());
    const wrong = await target.query(`select m.user_id from beauty_pass_members m left join (select user_id, sum(amount) as s from points_ledger group by user_id) l on l.user_id = m.user_id
      where m.points <> coalesce(l.s, 0) or m.points < 0`);
    expect(wrong).toEqual([]);
    const joinedTwice = await target.query(`select user_id from consents where kind = 'beautyPass' and granted group by user_id having count(*) > 1`);
    expect(joinedTwice).toEqual([]);
  });
});
