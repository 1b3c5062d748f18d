import { createHmac } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, CLIENT_HEADERS } from '../../src/config/constants.ts';
import { signAccessToken } from '../../src/server/auth/jwt.ts';
import { refreshTokens, serverSecrets } from '../../src/server/db/schema.ts';
import { cookieHeader, cookieJar, insertUser, type TestUser } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';

const GRACE_MS = 10_000;
/** Moved forward by tests that need time to pass (expiry, the end of the grace window). */
let clockOffsetMs = 0;
const now = () => Date.now() + clockOffsetMs;

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp({ seedProducts: 0, auth: { now, refreshGraceMs: GRACE_MS } });
  user = await insertUser(t.db, { email: 'Mei.Tan@Example.com', password: 'Pandan cake 42!' });
});
afterAll(async () => {
  await t?.close();
});

const JSON_HEADERS: Record<string, string> = { ...CLIENT_HEADERS };

function request(method: string, path: string, { cookie, body, headers = {}, origin = 'http://localhost' }: { cookie?: string; body?: unknown; headers?: Record<string, string>; origin?: string } = {}) {
  const all: Record<string, string> = { ...JSON_HEADERS, ...headers, ...(cookie ? { Cookie: cookie } : {}) };
  if (body === undefined && method !== 'POST') delete all['Content-Type'];
  return t.app.request(`${origin}${API_PREFIX}${path}`, { method, headers: all, ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }) });
}

async function signIn(origin?: string): Promise<{ response: Response; jar: Map<string, string> }> {
  const response = await request('POST', '/sessions', { body: { email: user.email, password: user.password }, ...(origin ? { origin } : {}) });
  expect(response.status).toBe(201);
  return { response, jar: cookieJar(response) };
}

const refresh = (jar: Map<string, string>) => request('POST', '/auth/token', { cookie: cookieHeader(jar), body: { grant_type: 'refresh_token', flow: 'client' } });
const getUser = (cookie: string, headers: Record<string, string> = {}) => request('GET', '/user', { cookie, headers });

async function secret(): Promise<Buffer> {
  const [row] = await t.db.select().from(serverSecrets).where(eq(serverSecrets.name, 'jwt_secret'));
  if (!row) throw new Error('no JWT secret stored yet');
  return Buffer.from(row.value, 'base64url');
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function forge(header: Record<string, unknown>, payload: Record<string, unknown>, key: Buffer, hash: 'sha256' | 'sha512' | null): string {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${hash ? createHmac(hash, key).update(input).digest('base64url') : ''}`;
}

/** As the split cookies the browser would send. */
function asCookies(token: string): string {
  const cut = token.lastIndexOf('.');
  return `jwt-data=${token.slice(0, cut)}; jwt-signature=${token.slice(cut + 1)}`;
}

describe('sign-in (POST sessions) and GET user', () => {
  it('signs in with the email in any case and GET user answers the holder', async () => {
    const response = await request('POST', '/sessions', { body: { email: 'MEI.TAN@example.COM', password: user.password } });
    expect(response.status).toBe(201);
    const me = await getUser(cookieHeader(cookieJar(response)));
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({ data: { id: user.id, email: 'mei.tan@example.com', firstName: 'Test', lastName: expect.any(String), country: 'SG', role: 'shopper' } });
  });

  it('answers 401 "Authentication failed" alike for a wrong password and an unknown email, with similar timing', async () => {
    const time = async (email: string) => {
      const started = performance.now();
      const response = await request('POST', '/sessions', { body: { email, password: 'not the password' } });
      const ms = performance.now() - started;
      expect(response.status).toBe(401);
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(await response.json()).toEqual({ message: 'Authentication failed', status: 401 });
      return ms;
    };
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[1] ?? 0;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      known.push(await time(user.email));
      unknown.push(await time(`nobody${i}@example.com`));
    }
    // Without the dummy hash an unknown email answers in about 1 ms against scrypt's tens to hundreds.
    expect(median(unknown), `median of 3: known email ${median(known).toFixed(0)} ms, unknown email ${median(unknown).toFixed(0)} ms`).toBeGreaterThan(median(known) * 0.4);
  });

  it('GET user without a token, or with only one of the 2 cookie halves, is 401', async () => {
    const { jar } = await signIn();
    expect((await getUser('')).status).toBe(401);
    expect((await getUser(`jwt-data=${jar.get('jwt-data')}`)).status).toBe(401);
    expect((await getUser(`jwt-signature=${jar.get('jwt-signature')}`)).status).toBe(401);
    expect((await getUser(cookieHeader(jar))).status).toBe(200);
  });
});

describe('JWT attacks: 5 forged or stale access tokens, each 401', () => {
  const claims = () => {
    const iat = Math.floor(now() / 1000);
    return { sub: String(user.id), role: 'staff', iat, exp: iat + 900, jti: 'forged' };
  };

  it('control: a token built the same way with the right key and HS256 is accepted (so the 401s below are real rejections)', async () => {
    await signIn();
    const token = forge({ alg: 'HS256', typ: 'JWT' }, claims(), await secret(), 'sha256');
    expect((await getUser(asCookies(token))).status).toBe(200);
    expect((await getUser('', { Authorization: `Bearer ${token}` })).status).toBe(200);
  });

  it.each([
    ['1. alg none, empty signature', async () => forge({ alg: 'none', typ: 'JWT' }, claims(), Buffer.alloc(0), null)],
    ['1b. alg none with a signature anyway', async () => `${forge({ alg: 'none', typ: 'JWT' }, claims(), Buffer.alloc(0), null)}${createHmac('sha256', await secret()).update('x').digest('base64url')}`],
    ['2. HS512 signed with the right key', async () => forge({ alg: 'HS512', typ: 'JWT' }, claims(), await secret(), 'sha512')],
    ['2b. RS256 header, HMAC with the server key (algorithm confusion)', async () => forge({ alg: 'RS256', typ: 'JWT' }, claims(), await secret(), 'sha256')],
    ['3. HS256 with a wrong key', async () => forge({ alg: 'HS256', typ: 'JWT' }, claims(), Buffer.alloc(48, 7), 'sha256')],
    ['4. expired: a genuine token issued 16 minutes ago', async () => signAccessToken(await secret(), { id: user.id, role: 'shopper' }, now() - 16 * 60_000).token],
  ])('%s → 401 by cookie and by Bearer', async (_, make) => {
    const token = await make();
    for (const response of [await getUser(asCookies(token)), await getUser('', { Authorization: `Bearer ${token}` })]) {
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: 'Authentication failed', status: 401 });
    }
  });

  it('5. tampered jwt-data (role → staff, sub → another user, an added claim) with the genuine signature → 401 each', async () => {
    const other = await insertUser(t.db);
    const { jar } = await signIn();
    const [header, payload] = (jar.get('jwt-data') ?? '').split('.');
    const original = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    const variants = [{ ...original, role: 'staff' }, { ...original, sub: String(other.id) }, { ...original, admin: true }, { ...original, exp: Number(original['exp']) + 3600 }];
    for (const variant of variants) {
      const cookie = `jwt-data=${header}.${b64(variant)}; jwt-signature=${jar.get('jwt-signature')}`;
      expect((await getUser(cookie)).status).toBe(401);
    }
    expect((await getUser(cookieHeader(jar))).status).toBe(200);
  });

  it('an access token expires after 15 minutes on the server clock', async () => {
    const { jar } = await signIn();
    clockOffsetMs += 15 * 60_000 + 1000;
    expect((await getUser(cookieHeader(jar))).status).toBe(401);
    // The refresh token still renews the session: that is the locked-401 refresh path.
    const renewed = await refresh(jar);
    expect(renewed.status).toBe(200);
    expect((await getUser(cookieHeader(cookieJar(renewed, jar)))).status).toBe(200);
  });
});

describe('refresh token rotation (POST auth/token)', () => {
  it('rotates on every use: a new refresh token in the same family, the old one marked used and replaced', async () => {
    const { jar } = await signIn();
    const first = jar.get('jwt-refresh-token');
    const response = await refresh(jar);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { token_type: 'Bearer', expires_in: 900 } });
    cookieJar(response, jar);
    expect(jar.get('jwt-refresh-token')).not.toBe(first);
    const rows = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    const [used] = rows.filter((row) => row.usedAt !== null && row.replacedBy !== null && rows.some((next) => next.id === row.replacedBy && next.familyId === row.familyId && next.usedAt === null));
    expect(used).toBeDefined();
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.tokenHash))).toBe(true);
  });

  it('replay of a used token after the 10 s grace window → 401, and the newer token of the family is revoked too', async () => {
    const { jar: old } = await signIn();
    const stale = new Map(old);
    const rotated = await refresh(old);
    expect(rotated.status).toBe(200);
    const current = cookieJar(rotated, new Map(old));
    clockOffsetMs += GRACE_MS + 1000;
    const replay = await refresh(stale);
    expect(replay.status).toBe(401);
    const afterReplay = await refresh(current);
    expect(afterReplay.status).toBe(401);
    const [newest] = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id)).orderBy(desc(refreshTokens.id)).limit(1);
    const family = await t.db.select().from(refreshTokens).where(eq(refreshTokens.familyId, newest?.familyId ?? ''));
    expect(family).toHaveLength(2);
    expect(family.every((row) => row.revokedAt !== null)).toBe(true);
  });

  it('5 parallel refreshes with the same token inside the grace window → 5 × 200, one successor, no sign-out', async () => {
    const { jar } = await signIn();
    const responses = await Promise.all(Array.from({ length: 5 }, () => refresh(new Map(jar))));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const successors = new Set(responses.map((r) => cookieJar(r).get('jwt-refresh-token')));
    expect(successors.size).toBe(1);
    const next = cookieJar(responses[0] ?? new Response(), new Map(jar));
    expect((await getUser(cookieHeader(next))).status).toBe(200);
    // A 6th late tab, still inside the window, also gets the same successor.
    const late = await refresh(new Map(jar));
    expect(late.status).toBe(200);
    expect(cookieJar(late).get('jwt-refresh-token')).toBe([...successors][0]);
    // And the session goes on: the successor rotates normally.
    expect((await refresh(next)).status).toBe(200);
  });

  it('an unknown or missing refresh token → 401', async () => {
    expect((await refresh(new Map([['jwt-refresh-token', 'made-up']]))).status).toBe(401);
    expect((await refresh(new Map())).status).toBe(401);
  });

  it('app flow: refresh_token and device_id in the body with the Bearer access token; tokens come back in the body', async () => {
    const { jar } = await signIn();
    const bearer = `${jar.get('jwt-data')}.${jar.get('jwt-signature')}`;
    const body = { grant_type: 'refresh_token', flow: 'app', refresh_token: jar.get('jwt-refresh-token'), device_id: jar.get('device-id') };
    expect((await request('POST', '/auth/token', { body })).status).toBe(401);
    expect((await request('POST', '/auth/token', { body, headers: { Authorization: 'Bearer not.a.token' } })).status).toBe(401);
    const ok = await request('POST', '/auth/token', { body, headers: { Authorization: `Bearer ${bearer}` } });
    expect(ok.status).toBe(200);
    const data = ((await ok.json()) as { data: { access_token: string; refresh_token: string } }).data;
    expect((await getUser('', { Authorization: `Bearer ${data.access_token}` })).status).toBe(200);
    const wrongDevice = { ...body, refresh_token: data.refresh_token, device_id: 'another-device' };
    expect((await request('POST', '/auth/token', { body: wrongDevice, headers: { Authorization: `Bearer ${data.access_token}` } })).status).toBe(401);
  });
});

describe('sign-out (DELETE sessions)', () => {
  it('revokes the family, clears the token cookies and answers "Signed out successfully"', async () => {
    const { jar } = await signIn();
    const response = await request('DELETE', '/sessions', { cookie: cookieHeader(jar) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Signed out successfully' });
    expect(response.headers.getSetCookie()).toEqual([
      'jwt-data=; Max-Age=0; Path=/; SameSite=Lax',
      'jwt-signature=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax',
      'jwt-refresh-token=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax',
    ]);
    expect((await refresh(jar)).status).toBe(401);
  });
});

describe('cookie attributes, exactly as in Set-Cookie', () => {
  const expected = (secure: boolean) => [
    /^jwt-data=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+; Max-Age=5184000; Path=\/; SameSite=Lax$/,
    /^jwt-signature=[A-Za-z0-9_-]+; Max-Age=5184000; Path=\/; HttpOnly; SameSite=Lax$/,
    /^jwt-refresh-token=[A-Za-z0-9_-]+; Max-Age=5184000; Path=\/; HttpOnly; SameSite=Lax$/,
    /^device-id=[A-Za-z0-9-]+; Max-Age=5184000; Path=\/; HttpOnly; SameSite=Lax$/,
  ].map((pattern) => (secure ? new RegExp(pattern.source.replace('SameSite=Lax$', 'Secure; SameSite=Lax$')) : pattern));

  it.each([
    ['http://localhost', false],
    ['http://127.0.0.1:8080', false],
    ['https://localhost', true],
    ['https://shop.example.com', true],
    ['http://shop.example.com', true],
  ] as const)('sign-in over %s: 4 cookies, Secure=%s', async (origin, secure) => {
    const { response } = await signIn(origin);
    const lines = response.headers.getSetCookie();
    expect(lines).toHaveLength(4);
    expected(secure).forEach((pattern, i) => expect(lines[i]).toMatch(pattern));
  });

  it('a refresh sets the same 4 cookies with the same attributes (https)', async () => {
    const { jar } = await signIn('https://shop.example.com');
    const response = await request('POST', '/auth/token', { cookie: cookieHeader(jar), body: { grant_type: 'refresh_token', flow: 'client' }, origin: 'https://shop.example.com' });
    const lines = response.headers.getSetCookie();
    expect(lines).toHaveLength(4);
    expected(true).forEach((pattern, i) => expect(lines[i]).toMatch(pattern));
  });
});

describe('CSRF: writes need the API client headers and a JSON body', () => {
  const signInBody = () => ({ email: user.email, password: user.password });

  it('a cross-site form post (application/x-www-form-urlencoded) → 403 JSON, no cookies', async () => {
    const form = new URLSearchParams(signInBody()).toString();
    for (const headers of [{ 'Content-Type': 'application/x-www-form-urlencoded' }, { ...CLIENT_HEADERS, 'Content-Type': 'application/x-www-form-urlencoded' }]) {
      const response = await t.app.request(`${API_PREFIX}/sessions`, { method: 'POST', headers, body: form });
      expect(response.status).toBe(403);
      expect(response.headers.getSetCookie()).toEqual([]);
      const body = (await response.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ status: 403 });
      expect(JSON.stringify(body)).not.toMatch(/at .*\.ts/);
    }
  });

  it('JSON without the custom headers, or text/plain with them → 403; refresh and sign-out too', async () => {
    const { jar } = await signIn();
    const plain = { 'Content-Type': 'application/json', Cookie: cookieHeader(jar) };
    const cases: [string, string, Record<string, string>, string | undefined][] = [
      ['POST', '/sessions', { 'Content-Type': 'application/json' }, JSON.stringify(signInBody())],
      ['POST', '/sessions', { 'X-Platform': 'web', 'Content-Type': 'text/plain' }, JSON.stringify(signInBody())],
      ['POST', '/auth/token', plain, JSON.stringify({ grant_type: 'refresh_token', flow: 'client' })],
      ['DELETE', '/sessions', { Cookie: cookieHeader(jar) }, undefined],
      ['POST', '/featured-products', { 'Content-Type': 'application/json' }, JSON.stringify({ placement: 'home' })],
    ];
    for (const [method, path, headers, body] of cases) {
      const response = await t.app.request(`${API_PREFIX}${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
      expect(response.status, `${method} ${path} ${JSON.stringify(headers)}`).toBe(403);
    }
    // Nothing above signed the session out or rotated it.
    expect((await refresh(jar)).status).toBe(200);
  });

  it('accepts the app headers instead of X-Platform, and a bodiless DELETE with only the header', async () => {
    const app = await t.app.request(`${API_PREFIX}/sessions`, {
      method: 'POST',
      headers: { 'X-App-Platform': 'ios', 'X-App-Version': '7.2.0', 'Content-Type': 'application/json; charset=utf-8' },
      body: JSON.stringify(signInBody()),
    });
    expect(app.status).toBe(201);
    const del = await t.app.request(`${API_PREFIX}/sessions`, { method: 'DELETE', headers: { 'X-Platform': 'web' } });
    expect(del.status).toBe(200);
  });

  it('GETs are not checked and change nothing: GET user without the headers is 401/200 by token only', async () => {
    const { jar } = await signIn();
    expect((await t.app.request(`${API_PREFIX}/user`)).status).toBe(401);
    expect((await t.app.request(`${API_PREFIX}/user`, { headers: { Cookie: cookieHeader(jar) } })).status).toBe(200);
  });
});
