import { createHash, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../src/config/constants.ts';
import { CheckoutOptionsResponseSchema, OrderListResponseSchema, OrderResponseSchema } from '../../src/contract/checkout.ts';
import { MAX_BODY_BYTES } from '../../src/server/http/validate.ts';
import { TEST_CARDS, TEST_CHALLENGE_PASS } from '../../src/server/payments/test-cards.ts';
import { SPA_HEADERS } from '../helpers/account.ts';
import { cookieHeader, cookieJar, insertUser } from '../helpers/auth.ts';
import { appTarget, cartCall, guestBag, variantsWithStock, type CartTarget } from '../helpers/cart.ts';
import { bagVersion, CARD } from '../helpers/checkout.ts';
import {
  ADDRESSES, checkInvariants, FUZZ_RUNS, fuzz, headerBytes, hostileString, hostileValue, keyModes, mutate, oddKeys, payment, rawBody, refill, steps, STORES, successes, WRONG_STORES, type FuzzBag, type FuzzCountry, type Sent,
} from '../helpers/checkout-fuzz.ts';
import { apiOperations, operationsUnder } from '../helpers/openapi-operations.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';

/**
 * Issue 13: every checkout and order endpoint gets at least 500 generated requests — mutated valid
 * bodies (every field, poison keys, hostile strings), hostile Idempotency-Keys, path numbers, query
 * strings and cookies, from guest bags in SG, AU, PH and ID and a member's in SG. No answer may be a
 * 5xx or leak a stack or a path. Afterwards the orders add up, the stock taken is the units sold,
 * no payment is held without its order, and each bag's version moved on once per 2xx write.
 */
/** The `checkout/…` and `orders/…` operations of the OpenAPI document; cancelling an order is the rewards fuzzer's (rewards-fuzz.test.ts). */
const FUZZED = operationsUnder(await apiOperations(), ['checkout', 'orders'], ['orders/{number}/cancel']);
const STOCK = 100_000;
const FIELDS = ['fullName', 'phone', 'line1', 'line2', 'city', 'state', 'postcode', 'card.name'] as const;

let t: TestApp;
let target: CartTarget;
const bags: Record<'sg' | 'au' | 'ph' | 'id' | 'member', FuzzBag> = {} as never;
/** Orders to list, show and look up: the member's numbers, a guest's number and email. */
const memberNumbers: string[] = [];
const guestOrders: { number: string; email: string }[] = [];

async function placeOne(bag: FuzzBag, email = `buyer-${randomUUID()}@example.com`): Promise<string> {
  const body = { bagVersion: await bagVersion(target, bag.cookie, bag.country), email, delivery: { method: 'standard', storeId: null, address: ADDRESSES[bag.country] }, payment: CARD() };
  const response = await cartCall(target, 'POST', '/checkout/orders', { cookie: bag.cookie, country: bag.country, body, headers: { 'Idempotency-Key': randomUUID() } });
  const text = await response.text();
  expect(response.status, text).toBe(201);
  bag.writes += 1;
  await refill(target, bag);
  return v.parse(OrderResponseSchema, JSON.parse(text)).data.number;
}

beforeAll(async () => {
  t = await createTestApp({ seedProducts: 30 });
  target = appTarget(t);
  const countries: FuzzCountry[] = ['sg', 'au', 'ph', 'id'];
  for (const [i, country] of countries.entries()) {
    const [variant = 0] = await variantsWithStock(target, 1, STOCK, i, country.toUpperCase());
    bags[country] = { name: `guest ${country}`, country, cookie: await guestBag(target, variant, country), variant, writes: 1 };
  }
  const user = await insertUser(t.db);
  const signIn = await t.app.request(`${API_PREFIX}/sessions`, { method: 'POST', headers: SPA_HEADERS, body: JSON.stringify({ email: user.email, password: user.password }) });
  bags.member = { name: 'member sg', country: 'sg', cookie: cookieHeader(cookieJar(signIn)), variant: bags.sg.variant, writes: 0 };
  await refill(target, bags.member);
  for (let i = 0; i < 3; i++) memberNumbers.push(await placeOne(bags.member));
  for (const bag of [bags.sg, bags.au]) {
    const email = `Guest.${bag.country}@Example.com`;
    guestOrders.push({ number: await placeOne(bag, email), email });
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** Header values travel as bytes (`headerBytes`); a URL as its percent-encoded UTF-8. */
const bytes = headerBytes;
const enc = (text: string) => encodeURIComponent(Buffer.from(text, 'utf8').toString());
const own = <T,>(other: fc.Arbitrary<T>) => fc.oneof({ weight: 12, arbitrary: fc.constant('own' as const) }, other);
const countryHeaders = fc.constantFrom('sg', 'au', 'ph', 'id', 'xx', 'SG', '', 'sg,au', 'ｓｇ');
const queries = fc.oneof(
  fc.constant(''),
  fc.string({ maxLength: 40 }).map((q) => `?${enc(q)}=${enc(q)}`),
  fc.constantFrom('?page=-1', '?%zz', '?a=%00', '?__proto__[x]=1', '?page=1&page=2', `?${'a'.repeat(3_000)}=1`),
);
const GARBAGE_COOKIES = ['bag-token=' + 'x'.repeat(43), 'bag-token=%%%; ;;=', 'jwt-data=a.b.c; jwt-signature=zzz', 'jwt-data=; jwt-signature=', 'bag-token=../../etc'];
type Who = FuzzCountry | 'member' | 'none' | 'garbage';
const cookieOf = (who: Who, n: number) => (who === 'none' ? undefined : who === 'garbage' ? GARBAGE_COOKIES[n % GARBAGE_COOKIES.length] : bags[who].cookie);
const request = (method: string, path: string, cookie?: string, headers: Record<string, string> = {}, body?: string) =>
  cartCall(target, method, path, { ...(cookie ? { cookie } : {}), headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, bytes(value)])), ...(body === undefined ? {} : { body }) });
const sent = async (line: string, response: Response): Promise<Sent> => ({ request: line, response, text: await response.text() });
const writeOf = async (bag: FuzzBag, response: Response, text: string) => {
  // A new order spends the bag (one write); a replayed answer wrote nothing.
  if (response.status !== 201 || response.headers.get('idempotent-replayed') === 'true') return;
  const order = v.parse(OrderResponseSchema, JSON.parse(text)).data;
  expect(order.country).toBe(bag.country.toUpperCase());
  expect.soft(order.status, `order ${order.number}: a new order is paid (its payment captured)`).toBe('paid');
  bag.writes += 1;
  await refill(target, bag, 1 + (bag.writes % 3));
};

describe(`fuzz: ${FUZZ_RUNS}+ generated requests per checkout and order endpoint`, () => {
  it('covers every checkout and order operation of the OpenAPI document', () => {
    expect(FUZZED.map((e) => e.id).sort()).toEqual(['checkoutGiftCards.create', 'checkoutOptions.show', 'checkoutOrderChallenges.create', 'checkoutOrders.create', 'orderLookups.create', 'orders.index', 'orders.show']);
  });

  it('GET checkout/options: guests with and without a bag, a member, garbage cookies; queries and countries', { timeout: 240_000 }, async () => {
    const input = fc.record({ who: fc.constantFrom<Who>('sg', 'au', 'ph', 'id', 'member', 'none', 'garbage'), n: fc.nat(), country: own(countryHeaders), query: queries, language: fc.constantFrom('en-SG', 'zh-HK', 'th-TH', 'id-ID', 'xx', '*', '', 'en;q=abc', 'a'.repeat(500)) });
    await fuzz('GET checkout/options', input, async ({ who, n, country, query, language }) => {
      const header = country === 'own' ? (who in bags ? bags[who as FuzzCountry].country : 'sg') : country;
      const response = await request('GET', `/checkout/options${query}`, cookieOf(who, n), { 'X-Site-Country': header, 'Accept-Language': language });
      const result = await sent(`${who} ${header} ${query}`, response);
      if (who !== 'garbage' && ['sg', 'au', 'ph', 'id'].includes(header)) {
        expect(response.status, result.text).toBe(200);
        v.parse(CheckoutOptionsResponseSchema, JSON.parse(result.text));
      }
      return result;
    }, t.logs);
  });

  it('POST checkout/orders: mutated bodies, every payment, hostile Idempotency-Keys, four countries → no 5xx, invariants', { timeout: 600_000 }, async () => {
    const used: string[] = [];
    let last: { key: string | undefined; text: string; bag: FuzzBag; headers: Record<string, string> } | null = null;
    const input = fc.record({
      bag: fc.constantFrom<keyof typeof bags>('sg', 'sg', 'member', 'member', 'au', 'ph', 'id'),
      shift: fc.oneof({ weight: 10, arbitrary: fc.constant(0) }, fc.constantFrom(-1, 1, 1_000_000)),
      email: fc.oneof({ weight: 8, arbitrary: fc.constantFrom('mei.ling@example.com', 'MEI.Ling@Example.COM', '  pad@example.com  ') }, hostileString, fc.constantFrom('a@b', `${'a'.repeat(250)}@example.com`, 'мей@пример.рф', 'x@example.com\n')),
      method: fc.constantFrom('standard', 'standard', 'standard', 'express', 'click_collect', 'click_collect'),
      store: fc.oneof({ weight: 4, arbitrary: fc.constant('own') }, fc.constantFrom(null, ...WRONG_STORES), hostileString),
      payment,
      steps,
      key: keyModes,
      n: fc.nat(),
      country: own(countryHeaders),
      /** One field of the address or the card set to a hostile string, the rest of the body valid. */
      field: fc.oneof({ weight: 2, arbitrary: fc.constant(null) }, fc.tuple(fc.constantFrom(...FIELDS), hostileString)),
      raw: fc.oneof({ weight: 12, arbitrary: fc.constant(null) }, rawBody),
    });
    type Input = typeof input extends fc.Arbitrary<infer T> ? T : never;
    // Run first whatever the seed: a lone surrogate in each address field, by card and by a card that asks for the challenge.
    const valid: Input = { bag: 'sg', shift: 0, email: 'mei.ling@example.com', method: 'standard', store: 'own', payment: CARD(), steps: [], key: 'fresh', n: 0, country: 'own', field: null, raw: null };
    const examples = FIELDS.filter((f) => f !== 'card.name').flatMap((f) => [CARD(), CARD(TEST_CARDS.challenge)].map((pay): Input => ({ ...valid, payment: pay, field: [f, 'Tan \udfff Mei'] })));
    // Then the first two examples' keys again with the address corrected (the answers were not kept): by the same card, then by another.
    examples.push({ ...valid, key: 'other', n: 0 }, { ...valid, key: 'other', n: 1 });
    const statuses = await fuzz('POST checkout/orders', input, async ({ bag: name, shift, email, method, store, payment: pay, steps: list, key: mode, n, country, field, raw }) => {
      if (mode === 'same' && last) {
        const again = await request('POST', '/checkout/orders', last.bag.cookie, last.headers, last.text);
        const result = await sent(`(same again) ${JSON.stringify(last.headers)} ${last.text}`, again);
        await writeOf(last.bag, again, result.text);
        return result;
      }
      const bag = bags[name];
      const version = await bagVersion(target, bag.cookie, bag.country);
      const storeId = method === 'click_collect' ? (store === 'own' ? STORES[bag.country] : store) : store === 'own' ? null : store;
      const address: Record<string, unknown> = { ...ADDRESSES[bag.country] };
      const body = { bagVersion: version + shift, email, delivery: { method, storeId, address }, payment: structuredClone(pay) as Record<string, unknown> };
      if (field?.[0] === 'card.name' && body.payment['card']) Object.assign(body.payment['card'], { name: field[1] });
      else if (field) address[field[0]] = field[1];
      const text = raw ?? mutate(body, list);
      const keys: Record<string, string | undefined> = {
        fresh: randomUUID(), missing: undefined, empty: '', short: 'k'.repeat(7), max: 'k'.repeat(219) + randomUUID(), long: 'k'.repeat(264) + randomUUID(),
        odd: `${oddKeys[n % oddKeys.length]}${n % 2 ? randomUUID() : ''}`, same: randomUUID(), other: used[n % Math.max(1, used.length)] ?? randomUUID(),
      };
      const key = keys[mode];
      const headers: Record<string, string> = { 'X-Site-Country': country === 'own' ? bag.country : country, ...(key === undefined ? {} : { 'Idempotency-Key': key }) };
      // A key already answered with another body is refused (422) once the headers and the body's size pass.
      const [stored] = mode === 'other' && key ? await target.query<{ body_hash: string }>(`select body_hash from idempotency_keys where key = '${bytes(key).trim().replaceAll("'", "''")}'`) : [];
      const response = await request('POST', '/checkout/orders', bag.cookie, headers, text);
      const result = await sent(`${bag.name} ${JSON.stringify(headers)} ${text}`, response);
      const checked = Buffer.byteLength(text) <= MAX_BODY_BYTES && ['sg', 'au', 'ph', 'id'].includes(headers['X-Site-Country'] ?? '');
      if (stored && checked && stored.body_hash !== createHash('sha256').update(text).digest('hex')) expect(response.status, result.text).toBe(422);
      if (key && key.trim().length >= 8) used.push(key);
      last = { key, text, bag, headers };
      await writeOf(bag, response, result.text);
      return result;
    }, t.logs, examples);
    expect(successes(statuses), JSON.stringify(Object.fromEntries(statuses))).toBeGreaterThanOrEqual(20);
    await checkInvariants(target, Object.values(bags));
  });

  it('POST checkout/orders/challenge: real and fake attempts, hostile answers, the wrong shopper', { timeout: 600_000 }, async () => {
    const attempts: { id: string; bag: FuzzBag }[] = [];
    const input = fc.record({
      source: fc.constantFrom('fresh', 'fresh', 'fresh', 'old', 'fake'),
      bag: fc.constantFrom<keyof typeof bags>('sg', 'member', 'au', 'id'),
      who: fc.oneof({ weight: 5, arbitrary: fc.constant('owner' as const) }, fc.constantFrom('stranger' as const, 'none' as const, 'garbage' as const)),
      answer: fc.oneof({ weight: 4, arbitrary: fc.constant(TEST_CHALLENGE_PASS) }, fc.constantFrom('000000', ' 123456 ', '123456\n', '１２３４５６', '1234567', '12345'), hostileValue),
      fake: fc.oneof(fc.constantFrom('att_', `att_${'A'.repeat(24)}`, '', ' ', 'a'.repeat(81), "att_' OR 1=1 --", '%00'), hostileString),
      n: fc.nat(),
      steps,
      country: own(countryHeaders),
      raw: fc.oneof({ weight: 12, arbitrary: fc.constant(null) }, rawBody),
    });
    const statuses = await fuzz('POST checkout/orders/challenge', input, async ({ source, bag: name, who, answer, fake, n, steps: list, country, raw }) => {
      let attempt: { id: string; bag: FuzzBag } | undefined = attempts[n % Math.max(1, attempts.length)];
      if (source === 'fresh') {
        const bag = bags[name];
        const body = { bagVersion: await bagVersion(target, bag.cookie, bag.country), email: 'mei.ling@example.com', delivery: { method: 'standard', storeId: null, address: ADDRESSES[bag.country] }, payment: CARD(TEST_CARDS.challenge) };
        const held = await request('POST', '/checkout/orders', bag.cookie, { 'X-Site-Country': bag.country, 'Idempotency-Key': randomUUID() }, JSON.stringify(body));
        const text = await held.text();
        expect(held.status, text).toBe(202);
        attempt = { id: (JSON.parse(text) as { data: { attempt: string } }).data.attempt, bag };
        attempts.push(attempt);
      }
      const id = source === 'fake' || !attempt ? fake : attempt.id;
      const owner = attempt?.bag ?? bags[name];
      const cookie = who === 'owner' ? owner.cookie : who === 'stranger' ? bags.ph.cookie : cookieOf(who, n);
      const text = raw ?? mutate({ attempt: id, answer }, list);
      const headers = { 'X-Site-Country': country === 'own' ? owner.country : country };
      const response = await request('POST', '/checkout/orders/challenge', cookie, headers, text);
      const result = await sent(`${who} of ${owner.name} ${JSON.stringify(headers)} ${text}`, response);
      if (response.status < 300) expect(who).toBe('owner');
      await writeOf(owner, response, result.text);
      return result;
    }, t.logs);
    expect(successes(statuses), JSON.stringify(Object.fromEntries(statuses))).toBeGreaterThanOrEqual(20);
    await checkInvariants(target, Object.values(bags));
  });

  it("GET orders: a member's pages with hostile page and per_page", { timeout: 240_000 }, async () => {
    const param = fc.oneof(fc.constant(undefined), fc.constantFrom('1', '2', '0', '-1', '50', '51', '10000', '10001', '1.5', '1e2', '0x10', ' 1', '', '١', '99999999999999999999', 'NaN', 'Infinity', '1,2'), hostileString);
    const input = fc.record({ who: fc.oneof({ weight: 6, arbitrary: fc.constant<Who>('member') }, fc.constantFrom<Who>('none', 'garbage', 'sg')), n: fc.nat(), page: param, perPage: param, extra: fc.constantFrom('', '&page=2', '&per_page[]=1', '&%zz', '&__proto__=1') });
    await fuzz('GET orders', input, async ({ who, n, page, perPage, extra }) => {
      const query = [page === undefined ? '' : `page=${enc(page)}`, perPage === undefined ? '' : `per_page=${enc(perPage)}`].filter(Boolean).join('&');
      const response = await request('GET', `/orders?${query}${extra}`, cookieOf(who, n));
      const result = await sent(`${who} ?${query}${extra}`, response);
      if (response.status === 200) {
        const list = v.parse(OrderListResponseSchema, JSON.parse(result.text));
        expect(list.meta.total).toBeGreaterThanOrEqual(memberNumbers.length);
        for (const order of list.data) expect(guestOrders.map((g) => g.number)).not.toContain(order.number);
      }
      if (who === 'member' && /^\d{1,4}$/.test(page ?? '1') && Number(page ?? 1) >= 1 && /^\d{1,2}$/.test(perPage ?? '10') && Number(perPage ?? 10) >= 1 && Number(perPage ?? 10) <= 50 && extra === '') expect(response.status, result.text).toBe(200);
      return result;
    }, t.logs);
  });

  it('GET orders/{number}: real, foreign and hostile numbers', { timeout: 240_000 }, async () => {
    const junk = fc.constantFrom('..', '.', '%2e%2e', 'a%2Fb', '%2F', '%', '%zz', ';', 'SG', 'SG0', `SG${'9'.repeat(13)}`, 'S1', '١٢٣', 'lookup', '%00', 'SG10000001%00');
    const input = fc.record({ who: fc.oneof({ weight: 6, arbitrary: fc.constant<Who>('member') }, fc.constantFrom<Who>('none', 'garbage', 'sg')), n: fc.nat(), kind: fc.constantFrom('mine', 'mine', 'lower', 'padded', 'guest', 'junk', 'hostile'), junk, text: hostileString });
    await fuzz('GET orders/{number}', input, async ({ who, n, kind, junk: raw, text }) => {
      const mine = memberNumbers[n % memberNumbers.length] ?? '';
      const guest = guestOrders[n % guestOrders.length]?.number ?? '';
      const segment = { mine, lower: mine.toLowerCase(), padded: enc(` ${mine} `), guest, junk: raw, hostile: enc(text) }[kind];
      const response = await request('GET', `/orders/${segment}`, cookieOf(who, n));
      const result = await sent(`${who} /orders/${segment}`, response);
      // `orders/.` is `orders` once the URL is resolved: the member's list.
      const data = response.status === 200 ? (JSON.parse(result.text) as { data: unknown }).data : null;
      if (data && !Array.isArray(data)) expect(memberNumbers).toContain(v.parse(OrderResponseSchema, { data }).data.number);
      if (who === 'member' && (kind === 'mine' || kind === 'lower')) expect(response.status, result.text).toBe(200);
      if (who === 'member' && kind === 'guest') expect(response.status, result.text).toBe(404);
      return result;
    }, t.logs);
  });

  it('POST orders/lookup: hostile numbers and emails (the limiter cleared, so the code behind it answers)', { timeout: 240_000 }, async () => {
    const input = fc.record({
      n: fc.nat(),
      number: fc.oneof({ weight: 4, arbitrary: fc.constantFrom('real', 'lower', 'padded', 'member') }, fc.constantFrom('SG10000000', 'SG', `SG${'1'.repeat(40)}`, 'ＳＧ１０００００００'), hostileString),
      email: fc.oneof({ weight: 4, arbitrary: fc.constantFrom('real', 'upper', 'padded') }, fc.constantFrom('someone@example.com', 'a@b'), hostileString),
      steps,
      raw: fc.oneof({ weight: 12, arbitrary: fc.constant(null) }, rawBody),
    });
    const statuses = await fuzz('POST orders/lookup', input, async ({ n, number, email, steps: list, raw }) => {
      await target.query(`delete from sign_in_failures where account_key = 'limit:order-lookup'`);
      const order = guestOrders[n % guestOrders.length] ?? { number: '', email: '' };
      const numbers: Record<string, string> = { real: order.number, lower: order.number.toLowerCase(), padded: ` ${order.number} `, member: memberNumbers[0] ?? '' };
      const emails: Record<string, string> = { real: order.email, upper: order.email.toUpperCase(), padded: `  ${order.email}\t` };
      const text = raw ?? mutate({ number: Object.hasOwn(numbers, number) ? numbers[number] : number, email: Object.hasOwn(emails, email) ? emails[email] : email }, list);
      const response = await request('POST', '/orders/lookup', undefined, {}, text);
      const result = await sent(text, response);
      if (response.status === 200) expect(v.parse(OrderResponseSchema, JSON.parse(result.text)).data.number).toBe(order.number);
      if (raw === null && list.length === 0 && Object.hasOwn(numbers, number) && number !== 'member' && Object.hasOwn(emails, email)) expect(response.status, result.text).toBe(200);
      return result;
    }, t.logs);
    expect(successes(statuses)).toBeGreaterThanOrEqual(20);
    expect(statuses.get('429 too_many_attempts') ?? 0).toBe(0);
  });

  it('afterwards: orders add up, the stock taken is the units sold, no hold without its order, the bags whole', async () => {
    await checkInvariants(target, Object.values(bags));
    const taken = await target.query<{ id: number; stock: number; sold: number }>(
      `select v.id, v.stock, coalesce((select sum(l.quantity) from order_lines l where l.variant_id = v.id), 0)::int as sold from variants v where v.id in (${[...new Set(Object.values(bags).map((b) => b.variant))].join(',')})`,
    );
    for (const row of taken) expect(Number(row.stock) + Number(row.sold), `variant ${row.id}`).toBe(STOCK);
  });
});
