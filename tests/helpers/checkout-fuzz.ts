import fc from 'fast-check';
import { expect } from 'vitest';
import { LINE_QUANTITY_LIMIT } from '../../src/config/cart.ts';
import type { Address } from '../../src/contract/checkout.ts';
import { TEST_CARDS } from '../../src/server/payments/test-cards.ts';
import { bagVersion, SG_ADDRESS } from './checkout.ts';
import { cartCall, type CartTarget } from './cart.ts';

/*
 * The pieces of tests/security/checkout-fuzz.test.ts: hostile values, a mutation that reaches every
 * field of a nested body, the bags the requests go to, the driver that counts the answers, and the
 * invariants that must hold whatever was sent.
 */

export const FUZZ_RUNS = 500;
export type FuzzCountry = 'sg' | 'au' | 'ph' | 'id';

/** An address that passes each country's rules (src/config/addresses.ts). */
export const ADDRESSES: Readonly<Record<FuzzCountry, Address>> = {
  sg: SG_ADDRESS,
  au: { fullName: 'Olivia Smith', phone: '0412 345 678', line1: '1 George St', line2: '', city: 'Sydney', state: 'AU-NSW', postcode: '2000' },
  ph: { fullName: 'Maria Santos', phone: '0917 123 4567', line1: '12 Ayala Ave', line2: '', city: 'Makati', state: 'PH-00', postcode: '1226' },
  id: { fullName: 'Budi Santoso', phone: '0812-3456-7890', line1: 'Jl. M.H. Thamrin No. 1', line2: '', city: 'Jakarta Pusat', state: 'ID-JK', postcode: '10310' },
};
/** A click & collect store of each country, and stores that are not (another country's, one without collection, none). */
export const STORES: Readonly<Record<FuzzCountry, string>> = { sg: 'sg-ion-orchard', au: 'au-westfield-sydney', ph: 'ph-sm-megamall', id: 'id-grand-indonesia' };
export const WRONG_STORES = ['sg-jewel-changi', 'hk-times-square', 'SG-ION-ORCHARD', 'nowhere', ''];

export const POISON_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];

/** Strings a shopper (or an attacker) may type: long, unicode, control characters, lone surrogates, injections. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '\ud800', 'Tan \udfff Mei', '\u0007\u0008\u001b[31m', '\r\n', '\t', '\u2028\u2029', '\u202eevil', '\ufeff', 'Z\u0351\u0352\u0353\u0354'),
  fc.constantFrom('a'.repeat(5_000), 'é'.repeat(300), '😀'.repeat(200), '９１２３ ４５６７', '+65 9123 4567', '２３８８０１', 'ＳＧ１０００００００'),
  fc.constantFrom("' OR 1=1 --", '<script>alert(1)</script>', '${7*7}', '../../etc/passwd', '%00', 'null', 'undefined', '__proto__', 'AU-NSW', 'SG10000001'),
);
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, 2_147_483_648, -2_147_483_649, -1, 0, 1, 12, 2031, 1e308, -0, 0.5, 4242424242424242, true, false, null),
  fc.constantFrom([], {}, [1, 2], { a: 1 }, ['4242424242424242']),
  fc.integer({ min: 1, max: 80 }).map((depth) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown),
);

/** Raw bodies that are not the endpoint's JSON at all. */
export const rawBody: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 100 }),
  fc.constantFrom('', '{', '[]', 'null', '""', '0', '{"bagVersion":', '{"a":1}garbage', '\uFEFF{}', '{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{"polluted":1}}}'),
  fc.integer({ min: 65_000, max: 70_000 }).map((n) => JSON.stringify({ email: `${'x'.repeat(n)}@example.com` })),
);

type Json = Record<string, unknown>;
/** One mutation: drop or replace the value at one of the body's paths, or give one of its objects a poison key. */
export type Step = ['drop' | 'set' | 'poison', number, unknown];
export const steps: fc.Arbitrary<Step[]> = fc.oneof(
  { weight: 3, arbitrary: fc.constant<Step[]>([]) },
  { weight: 4, arbitrary: fc.array(fc.tuple(fc.constantFrom('drop' as const, 'set' as const, 'set' as const, 'poison' as const), fc.nat(), hostileValue), { minLength: 1, maxLength: 3 }) },
);

function paths(value: unknown, at: string[] = []): string[][] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  return Object.keys(value).flatMap((key) => [[...at, key], ...paths((value as Json)[key], [...at, key])]);
}

/** The body with each step applied (on a copy): nested fields are reached as often as top-level ones. */
export function mutate(body: Json, list: readonly Step[]): string {
  const out = JSON.parse(JSON.stringify(body)) as Json;
  for (const [kind, pick, value] of list) {
    const all = paths(out);
    const path = all[pick % Math.max(1, all.length)] ?? [];
    const parentPath = kind === 'poison' ? path.slice(0, pick % (path.length + 1)) : path.slice(0, -1);
    let parent: unknown = out;
    for (const key of parentPath) parent = (parent as Json)[key];
    if (typeof parent !== 'object' || parent === null) continue;
    const key = kind === 'poison' ? (POISON_KEYS[pick % POISON_KEYS.length] ?? '__proto__') : path.at(-1);
    if (key === undefined) continue;
    if (kind === 'drop') Reflect.deleteProperty(parent, key);
    else Object.defineProperty(parent, key, { value: structuredClone(value), enumerable: true, configurable: true, writable: true });
  }
  return JSON.stringify(out);
}

/** Card details: the processor's test numbers (success, decline, challenge, …), bad expiries and CVCs. */
export const cardPayment = fc.record({
  number: fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(TEST_CARDS.success, TEST_CARDS.successMastercard, '4242 4242 4242 4242', '4242-4242-4242-4242') },
    { weight: 4, arbitrary: fc.constantFrom(TEST_CARDS.declined, TEST_CARDS.challenge, TEST_CARDS.insufficientFunds, TEST_CARDS.expired, TEST_CARDS.incorrectCvc) },
    fc.constantFrom('4242424242424241', '378282246310005', '0000000000000000', '4'.repeat(19), '424242424242', '４２４２４２４２４２４２４２４２'),
  ),
  expMonth: fc.oneof({ weight: 5, arbitrary: fc.constant(12) }, fc.constantFrom(1, 0, 13, 1.5)),
  expYear: fc.oneof({ weight: 5, arbitrary: fc.constant(2031) }, fc.constantFrom(2020, 2100, 1999, 99)),
  cvc: fc.oneof({ weight: 5, arbitrary: fc.constant('123') }, fc.constantFrom('1234', '12', ' 123', '１２３')),
  name: fc.oneof({ weight: 5, arbitrary: fc.constant('Tan Mei Ling') }, hostileString),
});
export const payment: fc.Arbitrary<Record<string, unknown>> = fc.oneof({ weight: 4, arbitrary: cardPayment.map((card) => ({ method: 'card', card })) }, fc.constantFrom('afterpay', 'klarna', 'atome').map((method) => ({ method })));

/** The `Idempotency-Key` header of a run: mostly a fresh key, else missing, out of bounds, odd bytes, or reused. */
export type KeyMode = 'fresh' | 'missing' | 'empty' | 'short' | 'max' | 'long' | 'odd' | 'same' | 'other';
export const keyModes: fc.Arbitrary<KeyMode> = fc.oneof({ weight: 12, arbitrary: fc.constant('fresh' as const) }, fc.constantFrom<KeyMode>('missing', 'empty', 'short', 'max', 'long', 'odd', 'same', 'other', 'other'));
/** Keys of unicode (sent as UTF-8 bytes), control characters a header may hold, padding, quotes. */
export const oddKeys = ['clé-ключ-🔑-00000000', 'key\u0001\u007f-00000000', '   padded-key   ', 'key with spaces inside', '"quoted-key-0000"', 'k'.repeat(8), '%00%00%00%00'];

/** A bag the fuzz writes to, and how many of its writes answered 2xx (its version). */
export interface FuzzBag {
  name: string;
  country: FuzzCountry;
  cookie: string;
  variant: number;
  writes: number;
}

/** Puts goods back in a bag an order spent, so that the next runs reach the order's transaction again. */
export async function refill(target: CartTarget, bag: FuzzBag, quantity = 1): Promise<void> {
  const response = await cartCall(target, 'POST', '/cart/line-items', { cookie: bag.cookie, country: bag.country, body: { variantId: bag.variant, quantity } });
  expect(response.status, await response.text()).toBe(201);
  bag.writes += 1;
}

export const LEAK = /"stack"|\n\s+at |\/work\/|node_modules|\.ts:\d+|\.js:\d+/;

export interface Sent {
  request: string;
  response: Response;
  text: string;
}

/** A header's text as the bytes of its UTF-8 (what a client puts on the wire, read as Latin-1 by fetch). */
export const headerBytes = (text: string) => Buffer.from(text, 'utf8').toString('latin1');

/**
 * One fuzzed request as a client can send it: what no client can put in a header (NUL, CR, LF) is
 * left out, the rest goes as its bytes; the request is summarised (who sent it) for a failure's message.
 */
export async function sendFuzzed(target: CartTarget, method: string, path: string, request: { who: string; cookie: string | undefined; headers: Record<string, string>; body?: string }): Promise<Sent> {
  const { who, cookie, headers, body } = request;
  const sendable = Object.entries(headers).map(([name, value]) => [name, headerBytes(value).replace(/[\0\r\n]/g, '')] as const);
  const response = await cartCall(target, method, path, { ...(cookie ? { cookie } : {}), headers: Object.fromEntries(sendable), ...(body === undefined ? {} : { body }) });
  return { request: `${method} ${path} ${JSON.stringify(headers)} ${who} ${body ?? ''}`.slice(0, 600), response, text: await response.text() };
}

/**
 * Sends FUZZ_RUNS generated requests (and the `examples`, first); logs the statuses (with the `code` of 4xx
 * answers). A 5xx or an answer with a stack or a path does not stop the run: each is listed at the
 * end (`expect.soft`, with the request and the server's log line), so one run reports all of them.
 */
export async function fuzz<T>(label: string, arbitrary: fc.Arbitrary<T>, send: (input: T) => Promise<Sent>, logs: readonly string[], examples: T[] = []): Promise<Map<string, number>> {
  const statuses = new Map<string, number>();
  const wrong: string[] = [];
  let count = 0;
  await fc.assert(
    fc.asyncProperty(arbitrary, async (input) => {
      count += 1;
      const logged = logs.length;
      const { request, response, text } = await send(input);
      const code = /^\{.*"code":"([a-z_]+)"/.exec(text)?.[1];
      const bucket = `${response.status}${code ? ` ${code}` : ''}`;
      statuses.set(bucket, (statuses.get(bucket) ?? 0) + 1);
      // The server's log line of a 500 (its reference id and error), without the stack.
      const log = logs.slice(logged).map((line) => line.split('\n').filter((l) => !/^\s+at /.test(l)).join(' ')).join('\n').slice(0, 400);
      if (response.status >= 500) wrong.push(`${response.status} ← ${request.slice(0, 400)}\n    ${text.slice(0, 200)}\n    ${log}`);
      if (LEAK.test(text)) wrong.push(`leak ← ${request.slice(0, 400)}\n    ${text.slice(0, 400)}`);
    }),
    { numRuns: FUZZ_RUNS + examples.length, endOnFailure: true, examples: examples.map((e) => [e] as [T]) },
  );
  console.log(`${label}: ${count} requests, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a.localeCompare(b))))}`);
  if (wrong.length > 0) console.log(`${label}: ${wrong.length} answers wrong\n  ${wrong.slice(0, 10).join('\n  ')}`);
  expect(count).toBeGreaterThanOrEqual(FUZZ_RUNS);
  expect(({} as Json)['polluted']).toBeUndefined();
  expect.soft(wrong, `${label}: 5xx or leaking answers`).toEqual([]);
  return statuses;
}

export const successes = (statuses: Map<string, number>) => [...statuses].filter(([bucket]) => bucket.startsWith('2')).reduce((sum, [, n]) => sum + n, 0);

/** What must hold whatever was sent: orders add up, stock never below 0, no hold left without its order, bags whole. */
export async function checkInvariants(target: CartTarget, bags: readonly FuzzBag[]): Promise<void> {
  const none = async (what: string, text: string) => expect.soft(await target.query(text), what).toEqual([]);
  await none('total = paid + gift cards', `select number from orders where total_minor <> paid_minor + gift_card_minor`);
  await none(
    "the lines' sum = subtotal",
    `select o.number, o.subtotal_minor, coalesce(sum(l.line_minor), 0)::int as lines from orders o left join order_lines l on l.order_id = o.id group by o.id having o.subtotal_minor <> coalesce(sum(l.line_minor), 0)`,
  );
  await none('stock never below 0', `select id, stock from variants where stock < 0`);
  await none('no line outside 1..limit', `select id, quantity from cart_lines where quantity < 1 or quantity > ${LINE_QUANTITY_LIMIT}`);
  // A hold is an order's (captured) or waits for its challenge; a refused order's is voided or declined.
  const noOrder = `not exists (select 1 from orders o where o.intent_key = substr(p.idempotency_key, 7))`;
  await none(
    'authorized without an order',
    `select p.id, p.idempotency_key from test_card_payments p where p.status = 'authorized' and ${noOrder} and not exists (select 1 from checkout_attempts a where a.intent_key = substr(p.idempotency_key, 7) and a.state = 'awaiting_challenge')`,
  );
  await none('captured without an order', `select p.id from test_card_payments p where p.status = 'captured' and ${noOrder}`);
  await none('a challenge without its attempt', `select p.id from test_card_payments p where p.status = 'requires_challenge' and not exists (select 1 from checkout_attempts a where a.payment_id = p.id)`);
  await none(
    "each order's payment captured for what it paid",
    `select o.number, o.status, p.status as payment from orders o left join test_card_payments p on p.id = o.payment_id where o.payment_id is not null and (p.id is null or p.status <> 'captured' or p.amount_minor <> o.paid_minor or p.idempotency_key <> 'order:' || o.intent_key)`,
  );
  for (const bag of bags) expect(await bagVersion(target, bag.cookie, bag.country), `${bag.name}: version vs 2xx writes`).toBe(bag.writes);
}
