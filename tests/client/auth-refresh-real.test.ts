import { serve, type ServerType } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, CLIENT_HEADERS } from '../../src/config/constants.ts';
import { SESSION_COOKIES } from '../../src/contract/auth.ts';
import { CurrentUserResponseSchema } from '../../src/contract/sign-in.ts';
import { refreshTokens } from '../../src/server/db/schema.ts';
import { readCookie } from '../../src/web/shared/session/session.ts';
import { createSessionApiClient } from '../../src/web/shared/session/session-client.ts';
import { insertUser } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';
import { createCookieJar, type CookieJar } from '../helpers/token-server.ts';

/**
 * The SPA's locked 401 refresh (issue 3) against the real `POST auth/token` (issue 4), over real
 * HTTP: the server's clock is moved past the 15-minute access token, then the client fires.
 */
let t: TestApp;
let server: ServerType;
let baseURL = '';
let clock = Date.now();

beforeAll(async () => {
  t = await createTestApp({ seedProducts: 0, auth: { now: () => clock } });
  await new Promise<void>((resolve) => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      baseURL = `http://127.0.0.1:${info.port}${API_PREFIX}`;
      resolve();
    });
  });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t?.close();
});

/** A browser tab on the real server whose fetch counts the token requests. */
function openTab(jar: CookieJar) {
  const paths: string[] = [];
  const fetch: typeof globalThis.fetch = (input, init) => {
    paths.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
    return jar.fetch(input, init);
  };
  const tab = createSessionApiClient(
    { baseURL, site: () => ({ country: 'SG', language: 'en' }), fetch, retryDelay: () => 1 },
    { readSessionCookie: () => readCookie(jar.documentCookie(), SESSION_COOKIES.data), clearSession: () => jar.delete(SESSION_COOKIES.data) },
  );
  return { ...tab, tokenRequests: () => paths.filter((path) => path === `${API_PREFIX}/auth/token`).length, user: () => tab.client.resource('user').index(CurrentUserResponseSchema).then((body) => body.data) };
}

async function signIn(jar: CookieJar) {
  const user = await insertUser(t.db);
  const response = await jar.fetch(`${baseURL}/sessions`, { method: 'POST', headers: { ...CLIENT_HEADERS }, body: JSON.stringify({ email: user.email, password: user.password }) });
  expect(response.status).toBe(201);
  return user;
}

describe('locked 401 refresh against the real auth/token endpoint', () => {
  it('20 concurrent requests with an expired access token → exactly 1 token request, 20 × the right user, one rotation on the server', async () => {
    const jar = createCookieJar();
    const user = await signIn(jar);
    const tab = openTab(jar);
    const before = { data: jar.get(SESSION_COOKIES.data), refresh: jar.get(SESSION_COOKIES.refreshToken) };
    clock += 16 * 60 * 1000;

    const answers = await Promise.all(Array.from({ length: 20 }, () => tab.user()));

    expect(tab.tokenRequests()).toBe(1);
    expect(answers).toHaveLength(20);
    expect(answers.every((answer) => answer.id === user.id && answer.email === user.email)).toBe(true);
    expect(jar.get(SESSION_COOKIES.data)).not.toBe(before.data);
    expect(jar.get(SESSION_COOKIES.refreshToken)).not.toBe(before.refresh);
    const rows = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(rows).toHaveLength(2);
    expect(rows.filter((row) => row.usedAt !== null)).toHaveLength(1);
    tab.auth.stop();
  });

  it('a revoked session (signed out elsewhere) → the refresh gets 401 once, the 20 requests fail and the readable cookie is cleared', async () => {
    const jar = createCookieJar();
    const user = await signIn(jar);
    const tab = openTab(jar);
    await t.db.update(refreshTokens).set({ revokedAt: new Date(clock) }).where(eq(refreshTokens.userId, user.id));
    clock += 16 * 60 * 1000;

    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => tab.user()));

    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toHaveLength(20);
    expect(tab.tokenRequests()).toBe(1);
    expect(jar.get(SESSION_COOKIES.data)).toBeNull();
    tab.auth.stop();
  });
});
