import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../src/config/constants.ts';
import { EMPTY_BEAUTY_PROFILE } from '../../src/contract/account.ts';
import { createOidcVerifier } from '../../src/server/auth/oidc.ts';
import { registration, SPA_HEADERS } from '../helpers/account.ts';
import { startOidcIssuer, type OidcTestIssuer } from '../helpers/oidc-issuer.ts';
import { cookieHeader, cookieJar, insertUser } from '../helpers/auth.ts';
import { apiOperations, operationsUnder, pathParams, type ApiOperation } from '../helpers/openapi-operations.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';

/**
 * Issue 4: every auth and account endpoint gets at least 500 generated bodies — wrong types, huge
 * strings, `__proto__` keys, missing fields, malformed JSON — half signed in, half not. Every
 * answer must be a 4xx or 2xx JSON without a stack trace, and nothing may leak into prototypes.
 */
const RUNS = 500;

/**
 * The auth and account endpoints, each with a valid body the mutations start from (null: it takes
 * no body, and gets the hostile bodies anyway). A new endpoint of these resources must be added
 * here: the first test fails when the OpenAPI document has one this list lacks.
 */
const SEEDS: Record<string, Record<string, unknown> | null> = {
  'authToken.create': { grant_type: 'refresh_token', flow: 'client' },
  // Replaced by a genuine token of the test issuer before the runs.
  'authSocial.create': { provider: 'google', idToken: 'eyJhbGciOiJSUzI1NiJ9.e30.c2ln' },
  'sessions.create': { email: 'fuzz@example.com', password: 'Pandan cake 42' },
  'sessions.delete': null,
  'sessionsAll.delete': null,
  'user.index': null,
  'user.create': registration(),
  'user.update': { firstName: 'Mei', lastName: 'Tan', marketingConsent: true },
  'userPassword.replace': { currentPassword: 'Pandan cake 42', newPassword: 'Kaya toast 77' },
  'account.index': null,
  'beautyProfile.index': null,
  'beautyProfile.replace': { ...EMPTY_BEAUTY_PROFILE, skinType: 'dry', skinConcerns: ['acne'] },
  'passwordResets.create': { email: 'fuzz@example.com' },
  'passwordResets.show': null,
  'passwordResets.replace': { password: 'Kaya toast 77' },
  'userSegments.index': null,
  // Reviews, waitlist and "Notify me" of a member (issue 5).
  'reviews.create': { rating: 5, title: 'Lovely', text: 'Soft, light and lasts all day.' },
  'myReview.show': null,
  'waitlist.index': null,
  'waitlist.update': { waitlisted: true },
  'notificationSubscriptions.index': null,
  'notificationSubscriptions.create': { product: 'lip-tint', variantId: 1 },
};
const ACCOUNT_RESOURCES = /^(auth|sessions|user|account|beautyProfile|passwordResets)/;
const OPERATIONS = await apiOperations();
const FUZZED = OPERATIONS.filter((endpoint) => endpoint.id in SEEDS);
/** The auth and account resources' paths: every operation there must be in SEEDS, whatever its id. */
const ACCOUNT_PATHS = ['auth', 'sessions', 'user', 'account', 'beauty-profile', 'password-resets'];


let t: TestApp;
let issuer: OidcTestIssuer;
let sessionCookie = '';
beforeAll(async () => {
  // A real local OpenID issuer, so auth/social bodies get as far as token verification.
  issuer = await startOidcIssuer();
  t = await createTestApp({ seedProducts: 0, idTokens: createOidcVerifier({ issuer: issuer.issuer, clientId: issuer.clientId }) });
  SEEDS['authSocial.create'] = { provider: 'google', idToken: issuer.mint() };
}, 60_000);
/** A fresh session for each endpoint: one endpoint's fuzz (sign out everywhere) must not blunt the next. */
beforeEach(async () => {
  const user = await insertUser(t.db);
  const response = await t.api('/sessions', { method: 'POST', body: { email: user.email, password: user.password }, headers: { 'X-Forwarded-For': 'fresh' } });
  sessionCookie = cookieHeader(cookieJar(response));
});
afterAll(async () => {
  await issuer?.close();
  await t?.close();
});

const POISON_KEYS = ['__proto__', 'constructor', 'prototype', 'role', 'isAdmin', 'toString', 'hasOwnProperty'];

/** Values of every JSON type, plus the hostile ones: huge, deep, control characters, numbers out of range. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.constantFrom('', ' ', '\u0000', '\ud800', 'a'.repeat(5_000), '<script>alert(1)</script>', "' OR 1=1 --", '${7*7}', '../../etc/passwd'),
  fc.integer({ min: 1, max: 70_000 }).map((length) => 'x'.repeat(length)),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 1e308, -0, true, false, null),
  fc.integer({ min: 1, max: 200 }).map((depth) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown),
  fc.emailAddress(),
);

/** A body shaped like the endpoint's schema with fields dropped, retyped or poisoned. */
function shapedBody(endpoint: ApiOperation): fc.Arbitrary<string> {
  const names = endpoint.bodyFields;
  const keys = [...names, ...POISON_KEYS];
  return fc
    .dictionary(fc.constantFrom(...keys), hostileValue, { maxKeys: keys.length })
    .chain((object) =>
      fc.constantFrom(
        JSON.stringify(object),
        // JSON.stringify drops a `__proto__` own key set through a literal; write it into the text.
        `{"__proto__":{"role":"staff","polluted":true},${JSON.stringify(object).slice(1)}`.replace(',}', '}'),
        JSON.stringify({ constructor: { prototype: { polluted: true } }, ...object }),
      ),
    );
}

/** A valid body with fields dropped, retyped, emptied or joined by poison keys, one level deep and inside nested objects. */
function mutatedBody(seed: Record<string, unknown>): fc.Arbitrary<string> {
  const keys = Object.keys(seed);
  const mutation = fc.oneof(
    fc.record({ kind: fc.constant('drop' as const), key: fc.constantFrom(...keys) }),
    fc.record({ kind: fc.constant('set' as const), key: fc.constantFrom(...keys, ...POISON_KEYS), value: hostileValue }),
    fc.record({ kind: fc.constant('nested' as const), key: fc.constantFrom(...keys), inner: fc.string({ maxLength: 20 }), value: hostileValue }),
  );
  return fc.array(mutation, { minLength: 1, maxLength: 4 }).map((mutations) => {
    const body: Record<string, unknown> = structuredClone(seed);
    for (const step of mutations) {
      if (step.kind === 'drop') Reflect.deleteProperty(body, step.key);
      else if (step.kind === 'set') Object.defineProperty(body, step.key, { value: step.value, enumerable: true, configurable: true, writable: true });
      else {
        const inner = body[step.key];
        body[step.key] = typeof inner === 'object' && inner !== null ? { ...inner, [step.inner]: step.value } : { [step.inner]: step.value };
      }
    }
    return JSON.stringify(body);
  });
}

/** Whole bodies that are not objects, or not JSON at all. */
const rawBody: fc.Arbitrary<string> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value) ?? 'null'),
  fc.string({ maxLength: 200 }),
  fc.constantFrom('{', '{"email":', '[]', 'null', '""', '{"a":1}garbage', '\uFEFF{}', '{"email":"a@b.co","password":"x"'.repeat(3)),
  fc.integer({ min: 65_000, max: 90_000 }).map((length) => JSON.stringify({ email: `${'a'.repeat(length)}@example.com`, password: 'p' })),
);

function urlOf(endpoint: ApiOperation, token: string): string {
  const params = Object.fromEntries(pathParams(endpoint.path).map((name) => [name, token]));
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  return `${API_PREFIX}/${path}`;
}

interface Outcome {
  statuses: Map<number, number>;
}

async function send(endpoint: ApiOperation, body: string | null, signedIn: boolean, token: string, outcome: Outcome): Promise<void> {
  const headers: Record<string, string> = { ...SPA_HEADERS, ...(signedIn ? { Cookie: sessionCookie } : {}) };
  if (body === null) delete headers['Content-Type'];
  const response = await t.app.request(urlOf(endpoint, token), { method: endpoint.method, headers, ...(body === null ? {} : { body }) });
  outcome.statuses.set(response.status, (outcome.statuses.get(response.status) ?? 0) + 1);
  const text = await response.text();
  expect(response.status, `${endpoint.method} ${endpoint.path} answered ${response.status}: ${text.slice(0, 300)}`).toBeLessThan(500);
  if (endpoint.contentType === null && response.status === 204) return;
  expect(response.headers.get('content-type') ?? '').toMatch(/^application\/json/);
  const parsed = JSON.parse(text) as unknown;
  expect(typeof parsed).toBe('object');
  expect(text).not.toMatch(/"stack"|\n\s+at |\/work\/|node_modules|\.ts:\d+/);
}

describe(`fuzz: ${RUNS}+ generated bodies per auth and account endpoint`, () => {
  it(`covers all ${Object.keys(SEEDS).length} auth and account endpoints of the OpenAPI document, no more, no fewer`, () => {
    expect(FUZZED.map((endpoint) => endpoint.id).sort()).toEqual(Object.keys(SEEDS).sort());
    const unlisted = OPERATIONS.filter((endpoint) => ACCOUNT_RESOURCES.test(endpoint.id) && !(endpoint.id in SEEDS));
    expect(unlisted.map((endpoint) => endpoint.id)).toEqual([]);
    expect(operationsUnder(OPERATIONS, ACCOUNT_PATHS).filter((endpoint) => !(endpoint.id in SEEDS)).map((endpoint) => endpoint.id)).toEqual([]);
  });

  for (const endpoint of FUZZED) {
    it(`${endpoint.method} ${endpoint.path}: ${RUNS} bodies → zero 5xx, JSON errors without a stack`, { timeout: 240_000 }, async () => {
      const outcome: Outcome = { statuses: new Map() };
      const writes = endpoint.method !== 'GET';
      // Bodiless endpoints (GET, DELETE) get the same count of hostile bodies anyway: a body must never change what they do.
      const seed = SEEDS[endpoint.id] ?? null;
      const bodies = seed ? fc.oneof(mutatedBody(seed), shapedBody(endpoint), rawBody) : fc.oneof(shapedBody(endpoint), rawBody);
      const tokens = fc.oneof(fc.string({ maxLength: 60 }), fc.base64String({ minLength: 40, maxLength: 48 }), fc.constantFrom('..', '%2e%2e', 'a/b', ' '));
      let runs = 0;
      await fc.assert(
        fc.asyncProperty(bodies, fc.boolean(), tokens, async (body, signedIn, token) => {
          runs += 1;
          await send(endpoint, writes || endpoint.method === 'DELETE' ? body : null, signedIn, token || 'x', outcome);
        }),
        { numRuns: RUNS },
      );
      expect(runs).toBeGreaterThanOrEqual(RUNS);
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
      expect(({} as Record<string, unknown>)['role']).toBeUndefined();
      // Every answer was counted, and none of them was a 5xx.
      const statuses = Object.fromEntries([...outcome.statuses].sort());
      expect([...outcome.statuses.values()].reduce((sum, n) => sum + n, 0), JSON.stringify(statuses)).toBe(runs);
      expect(Object.keys(statuses).filter((status) => Number(status) >= 500)).toEqual([]);
    });
  }
});
