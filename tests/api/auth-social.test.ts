import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PREFIX, CLIENT_HEADERS } from '../../src/config/constants.ts';
import { ACCOUNT_MESSAGES, NotLinkedSchema } from '../../src/contract/account.ts';
import { CurrentUserResponseSchema } from '../../src/contract/sign-in.ts';
import { createApp } from '../../src/server/app.ts';
import { checkedApp } from '../helpers/api-contract.ts';
import { createOidcVerifier } from '../../src/server/auth/oidc.ts';
import { userIdentities } from '../../src/server/db/schema.ts';
import { cookieHeader, cookieJar, insertUser, type TestUser } from '../helpers/auth.ts';
import { startOidcIssuer, type OidcTestIssuer } from '../helpers/oidc-issuer.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';

/** The verifier's and the issuer's clock; the rotation test moves it past the 60 s refetch limit. */
let offsetMs = 0;
const now = () => Date.now() + offsetMs;
const nowSeconds = () => Math.floor(now() / 1000);

let issuer: OidcTestIssuer;
let t: TestApp;
beforeAll(async () => {
  issuer = await startOidcIssuer({ nowSeconds });
  t = await createTestApp({ seedProducts: 0, idTokens: createOidcVerifier({ issuer: issuer.issuer, clientId: issuer.clientId, now }) });
});
afterAll(async () => {
  await t?.close();
  await issuer?.close();
});
beforeEach(() => {
  issuer.user = { sub: `sub-${Math.random().toString(36).slice(2)}`, email: 'mei.google@example.com', emailVerified: true, givenName: 'Mei', familyName: 'Tan' };
});

function post(path: string, body: unknown, cookie?: string, app = t.app): Promise<Response> {
  return Promise.resolve(
    app.request(`${API_PREFIX}${path}`, { method: 'POST', headers: { ...CLIENT_HEADERS, ...(cookie ? { Cookie: cookie } : {}) }, body: typeof body === 'string' ? body : JSON.stringify(body) }),
  );
}
const social = (idToken: string, app = t.app) => post('/auth/social', { provider: 'google', idToken }, undefined, app);
const getUser = (cookie: string) => t.app.request(`${API_PREFIX}/user`, { headers: { Cookie: cookie } });

async function link(user: TestUser, subject = issuer.user.sub, issuerId = issuer.issuer): Promise<void> {
  await t.db.insert(userIdentities).values({ userId: user.id, issuer: issuerId, subject, email: issuer.user.email });
}

async function expectAuthFailed(response: Response): Promise<void> {
  expect(response.status).toBe(401);
  expect(response.headers.getSetCookie()).toEqual([]);
  expect(await response.json()).toEqual({ message: 'Authentication failed', status: 401 });
}

describe('POST auth/social (Google sign-in)', () => {
  it('a genuine token of a linked identity signs in: 201, 4 session cookies, GET user answers the member', async () => {
    const user = await insertUser(t.db);
    await link(user);
    const response = await social(issuer.mint());
    expect(response.status).toBe(201);
    const body = v.parse(CurrentUserResponseSchema, await response.json());
    expect(body.data).toMatchObject({ id: user.id, email: user.email });
    const jar = cookieJar(response);
    expect([...jar.keys()].sort()).toEqual(['device-id', 'jwt-data', 'jwt-refresh-token', 'jwt-signature']);
    const me = await getUser(cookieHeader(jar));
    expect(me.status).toBe(200);
    expect(((await me.json()) as { data: { id: number } }).data.id).toBe(user.id);
  });

  it('a genuine token not linked yet → 404 social_not_linked with the email and names for the register form, no cookies', async () => {
    const response = await social(issuer.mint());
    expect(response.status).toBe(404);
    expect(response.headers.getSetCookie()).toEqual([]);
    const body = v.parse(NotLinkedSchema, await response.json());
    expect(body).toEqual({ message: ACCOUNT_MESSAGES.notLinked, status: 404, code: 'social_not_linked', email: 'mei.google@example.com', firstName: 'Mei', lastName: 'Tan' });
  });

  it('never links by email: a store account with the same email still gets 404 and 0 identity rows are written', async () => {
    const owner = await insertUser(t.db, { email: `owner.${Date.now()}@example.com` });
    issuer.user = { ...issuer.user, email: owner.email };
    const before = await t.db.select().from(userIdentities).where(eq(userIdentities.userId, owner.id));
    const response = await social(issuer.mint());
    expect(response.status).toBe(404);
    expect(((await response.json()) as { email: string }).email).toBe(owner.email);
    expect(await t.db.select().from(userIdentities).where(eq(userIdentities.userId, owner.id))).toEqual(before);
  });

  it('the link is issuer + subject: the same subject linked under another issuer → 404', async () => {
    const user = await insertUser(t.db);
    await link(user, issuer.user.sub, 'https://accounts.google.com');
    expect((await social(issuer.mint())).status).toBe(404);
  });

  it('a token without email or names → 404 with nulls', async () => {
    issuer.user = { sub: issuer.user.sub, email: null, givenName: null, familyName: null };
    const response = await social(issuer.mint());
    expect(await response.json()).toMatchObject({ code: 'social_not_linked', email: null, firstName: null, lastName: null });
  });

  describe('forged or unfit tokens of a LINKED identity → 401 each, no cookies', () => {
    const cases: [string, () => string][] = [
      ['alg none', () => issuer.mint({ sign: 'none' })],
      ['HS256 with the public key as secret', () => issuer.mint({ sign: 'HS256-public-key' })],
      ['wrong signing key', () => issuer.mint({ key: 'wrong' })],
      ['wrong iss', () => issuer.mint({ claims: { iss: 'https://accounts.google.com' } })],
      ['wrong aud', () => issuer.mint({ claims: { aud: 'another-client.apps.example' } })],
      ['expired 2 minutes ago', () => issuer.mint({ claims: { exp: nowSeconds() - 120 } })],
      ['iat 1 hour in the future', () => issuer.mint({ claims: { iat: nowSeconds() + 3600 } })],
      ['tampered payload (sub of the linked member, signature of another)', () => {
        const [header, , signature] = issuer.mint({ claims: { sub: 'attacker' } }).split('.');
        const payload = Buffer.from(JSON.stringify(issuer.claims())).toString('base64url');
        return `${header}.${payload}.${signature}`;
      }],
      ['unknown kid', () => issuer.mint({ header: { kid: 'no-such-kid' } })],
      ['not a JWT at all', () => 'hello'],
    ];
    it.each(cases)('%s → 401', async (_, token) => {
      const user = await insertUser(t.db);
      await link(user);
      // Control: the same identity with a genuine token signs in.
      expect((await social(issuer.mint())).status).toBe(201);
      await expectAuthFailed(await social(token()));
    });
  });

  it('key rotation: after the issuer switches to a new kid (61 s later), the member still signs in', async () => {
    const user = await insertUser(t.db);
    await link(user);
    expect((await social(issuer.mint())).status).toBe(201);
    offsetMs = 61_000;
    try {
      issuer.rotate({ retireOld: true });
      expect((await social(issuer.mint())).status).toBe(201);
    } finally {
      offsetMs = 0;
    }
  });

  it('bad bodies → 400 naming the field, never 5xx (provider, missing token, 8,193-character token, __proto__)', async () => {
    const bodies: unknown[] = [
      { provider: 'facebook', idToken: issuer.mint() },
      { provider: 'google' },
      { provider: 'google', idToken: 'x'.repeat(8193) },
      { provider: 'google', idToken: 42 },
      '{"__proto__":{"provider":"google"},"idToken":"x"}',
      'not json',
    ];
    for (const body of bodies) {
      const response = await post('/auth/social', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const text = await response.text();
      expect(text).not.toMatch(/at .*\.ts:\d+/);
      expect(JSON.parse(text)).toMatchObject({ message: 'Invalid request', status: 400 });
    }
  });

  it('Google sign-in not configured (no OIDC_GOOGLE_ISSUER) → 404 "Google sign-in is not configured"', async () => {
    const app = checkedApp(createApp({ db: t.db, log: () => undefined }));
    const response = await social(issuer.mint(), app);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Google sign-in is not configured', status: 404 });
  });

  it('10 rejected tokens do not lock the identity out (the password throttle is not applied): the 11th, genuine → 201', async () => {
    const user = await insertUser(t.db);
    await link(user);
    for (let i = 0; i < 10; i += 1) expect((await social(issuer.mint({ key: 'wrong' }))).status).toBe(401);
    expect((await social(issuer.mint())).status).toBe(201);
  });
});

describe('DELETE sessions/all (sign out everywhere)', () => {
  const del = (path: string, cookie?: string) =>
    t.app.request(`${API_PREFIX}${path}`, { method: 'DELETE', headers: { 'X-Platform': 'web', ...(cookie ? { Cookie: cookie } : {}) } });
  const refresh = (jar: Map<string, string>) => post('/auth/token', { grant_type: 'refresh_token', flow: 'client' }, cookieHeader(jar));

  it('revokes all 3 devices (password, password, Google): each refresh token → 401 afterwards, cookies cleared', async () => {
    const user = await insertUser(t.db);
    await link(user);
    const signIn = () => post('/sessions', { email: user.email, password: user.password });
    const phone = cookieJar(await signIn());
    const laptop = cookieJar(await signIn());
    const tablet = cookieJar(await social(issuer.mint()));
    // One device refreshed before: its rotated token must be revoked too.
    const laptopRotated = cookieJar(await refresh(laptop), new Map(laptop));

    const response = await del('/sessions/all', cookieHeader(phone));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Signed out successfully' });
    const cleared = response.headers.getSetCookie();
    for (const name of ['jwt-data', 'jwt-signature', 'jwt-refresh-token']) expect(cleared.some((line) => line.startsWith(`${name}=;`) && line.includes('Max-Age=0'))).toBe(true);

    for (const jar of [phone, laptopRotated, tablet]) expect((await refresh(jar)).status).toBe(401);
  });

  it('leaves other members signed in', async () => {
    const [a, b] = [await insertUser(t.db), await insertUser(t.db)];
    const jarA = cookieJar(await post('/sessions', { email: a.email, password: a.password }));
    const jarB = cookieJar(await post('/sessions', { email: b.email, password: b.password }));
    expect((await del('/sessions/all', cookieHeader(jarA))).status).toBe(200);
    expect((await refresh(jarB)).status).toBe(200);
  });

  it('without a session → 401, and a cross-site request without the API header → 403', async () => {
    expect((await del('/sessions/all')).status).toBe(401);
    const user = await insertUser(t.db);
    const jar = cookieJar(await post('/sessions', { email: user.email, password: user.password }));
    const crossSite = await t.app.request(`${API_PREFIX}/sessions/all`, { method: 'DELETE', headers: { Cookie: cookieHeader(jar) } });
    expect(crossSite.status).toBe(403);
    expect((await refresh(jar)).status).toBe(200);
  });
});
