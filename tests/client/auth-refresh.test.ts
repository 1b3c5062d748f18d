import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { SESSION_COOKIES } from '../../src/contract/auth.ts';
import { createApiClient } from '../../src/web/shared/api/client.ts';
import { isApiError, type ApiError } from '../../src/web/shared/api/errors.ts';
import { readCookie, signInHref } from '../../src/web/shared/session/session.ts';
import { createSessionApiClient } from '../../src/web/shared/session/session-client.ts';
import { createTabLock, type TabLock } from '../../src/web/shared/session/tab-lock.ts';
import { requestTokenRefresh } from '../../src/web/shared/session/token.ts';
import { createCookieJar, startTokenServer, type CookieJar, type TokenServer } from '../helpers/token-server.ts';
import { expectConsoleError } from '../helpers/console-guard.ts';
import { createInMemoryLocksDouble } from './auth-refresh-lock-double.ts';
import { rejectionOf, startScriptedServer, type ScriptedServer } from './scripted-server.ts';

const User = v.object({ id: v.string(), email: v.string() });
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function tokenServer(): Promise<TokenServer> {
  const server = await startTokenServer();
  cleanups.push(() => server.close());
  return server;
}

/** One browser tab: its own client and coordinator over the browser's (shared) cookie jar. */
function openTab(server: { baseURL: string }, jar: CookieJar, tabLock?: TabLock) {
  const tab = createSessionApiClient(
    { baseURL: server.baseURL, site: () => ({ country: 'SG', language: 'en' }), fetch: jar.fetch, retryDelay: () => 1 },
    {
      readSessionCookie: () => readCookie(jar.documentCookie(), SESSION_COOKIES.data),
      clearSession: () => jar.delete(SESSION_COOKIES.data),
      ...(tabLock ? { tabLock } : {}),
    },
  );
  cleanups.push(() => tab.auth.stop());
  return { ...tab, user: () => tab.client.resource('user').index(User) };
}

/** A signed-in browser whose access token has just expired. */
async function expiredSession(server: TokenServer) {
  const jar = createCookieJar();
  jar.set(server.signIn());
  server.expireAccessTokens();
  return jar;
}

async function apiErrorOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await rejectionOf(promise);
  if (!isApiError(error)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('locked 401 refresh against a token server', () => {
  it('20 concurrent 401s → exactly one token request, then all 20 succeed', async () => {
    const server = await tokenServer();
    server.tokenDelayMs = 30;
    const jar = await expiredSession(server);
    const oldData = jar.get(SESSION_COOKIES.data);
    const tab = openTab(server, jar);

    const users = await Promise.all(Array.from({ length: 20 }, () => tab.user()));

    expect(users.every((user) => user.id === 'member-1')).toBe(true);
    expect(server.tokenRequests()).toBe(1);
    // Each request: the 401, then one retry with the new token.
    expect(server.userRequests()).toBe(40);
    expect(server.theftDetected()).toBe(false);
    expect(jar.get(SESSION_COOKIES.data)).not.toBe(oldData);
    expect((await tab.auth.actor).getSnapshot().value).toBe('idle');
  });

  it('a request started while the refresh is in flight waits and goes out with the new token', async () => {
    const server = await tokenServer();
    server.tokenDelayMs = 80;
    const jar = await expiredSession(server);
    const tab = openTab(server, jar);

    const first = tab.user();
    await waitFor((await tab.auth.actor), (snapshot) => snapshot.hasTag('locked'));
    const second = tab.user();
    await expect(Promise.all([first, second])).resolves.toHaveLength(2);

    // The second request was never sent with the expired token: no 401 of its own.
    expect(server.log.map((line) => line.replace('/api/web/v1/', ''))).toEqual(['GET user', 'POST auth/token', 'GET user', 'GET user']);
  });

  it('a 401 without the jwt-data cookie is the error: no token request, no retry', async () => {
    const server = await tokenServer();
    const tab = openTab(server, createCookieJar());
    const error = await apiErrorOf(tab.user());
    expect(error).toMatchObject({ kind: 'http', status: 401 });
    expect(server.tokenRequests()).toBe(0);
    expect(server.userRequests()).toBe(1);
    expect((await tab.auth.actor).getSnapshot().value).toBe('idle');
  });

  it('a failed refresh fails every waiting request once, clears the session and offers sign-in', async () => {
    const server = await tokenServer();
    server.tokenDelayMs = 30;
    const jar = await expiredSession(server);
    jar.set({ [SESSION_COOKIES.refreshToken]: 'member-1~not-the-current-token' });
    const tab = openTab(server, jar);

    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => tab.user()));

    expect(outcomes.map((outcome) => outcome.status)).toEqual(Array(20).fill('rejected'));
    for (const outcome of outcomes) {
      expect(outcome.status === 'rejected' && isApiError(outcome.reason) ? outcome.reason.status : null).toBe(401);
    }
    expect(server.tokenRequests()).toBe(1);
    // No request was retried after the failed refresh.
    expect(server.userRequests()).toBe(20);
    expect(jar.get(SESSION_COOKIES.data)).toBeNull();
    const snapshot = (await tab.auth.actor).getSnapshot();
    expect(snapshot.value).toBe('failed');
    expect(snapshot.hasTag('sessionExpired')).toBe(true);
    expect(signInHref({ pathname: '/beauty-pass/points', search: '?page=2&sort=new', hash: '#history' })).toBe(
      '/sign_in?return_to=%2Fbeauty-pass%2Fpoints%3Fpage%3D2%26sort%3Dnew%23history',
    );

    // Without the cookie the next 401 passes on at once.
    await expect(apiErrorOf(tab.user())).resolves.toMatchObject({ status: 401 });
    expect(server.tokenRequests()).toBe(1);
  });

  it('a request parked behind the refresh can still be aborted', async () => {
    const server = await tokenServer();
    server.tokenDelayMs = 100;
    const jar = await expiredSession(server);
    const tab = openTab(server, jar);
    const controller = new AbortController();
    const parked = tab.client.resource('user').index(User, { signal: controller.signal });
    const other = tab.user();
    await waitFor((await tab.auth.actor), (snapshot) => snapshot.hasTag('locked'));
    controller.abort();
    await expect(apiErrorOf(parked)).resolves.toMatchObject({ kind: 'aborted' });
    await expect(other).resolves.toMatchObject({ id: 'member-1' });
    expect(server.tokenRequests()).toBe(1);
  });

  it('a request that got its 401 before another refresh finished retries without refreshing again', async () => {
    const server = await tokenServer();
    const jar = await expiredSession(server);
    const tab = openTab(server, jar);
    const auth = await tab.auth.ready();
    const ticket = await auth.awaitSession();
    await tab.user();
    expect(server.tokenRequests()).toBe(1);
    // The ticket was taken before the refresh: its 401 just means an old token.
    await expect(auth.handleUnauthorized(ticket)).resolves.toBe('retry');
    expect(server.tokenRequests()).toBe(1);
  });
});

describe('the refresh loads in its own chunk', () => {
  it('a 401 while it cannot load is the caller\'s, and the next 401 loads it and refreshes once', async () => {
    const server = await tokenServer();
    const jar = await expiredSession(server);
    let attempts = 0;
    const tab = createSessionApiClient(
      { baseURL: server.baseURL, site: () => ({ country: 'SG', language: 'en' }), fetch: jar.fetch, retryDelay: () => 1 },
      { readSessionCookie: () => readCookie(jar.documentCookie(), SESSION_COOKIES.data), clearSession: () => jar.delete(SESSION_COOKIES.data) },
      async () => {
        attempts += 1;
        // The first two loads fail: the one started with the client and the first 401's.
        if (attempts <= 2) throw new Error('chunk failed to load');
        const [coordinator, tabLock, token] = await Promise.all([import('../../src/web/shared/session/coordinator.ts'), import('../../src/web/shared/session/tab-lock.ts'), import('../../src/web/shared/session/token.ts')]);
        return { createAuthRefreshCoordinator: coordinator.createAuthRefreshCoordinator, browserTabLock: tabLock.browserTabLock, requestTokenRefresh: token.requestTokenRefresh };
      },
    );
    cleanups.push(() => tab.auth.stop());
    const user = () => tab.client.resource('user').index(User);
    await tab.auth.ready().catch(() => undefined);

    expectConsoleError('The session refresh did not load');
    await expect(apiErrorOf(user())).resolves.toMatchObject({ status: 401 });
    expect(server.tokenRequests()).toBe(0);
    // The session is kept: the refresh never ran, so nothing said it ended.
    expect(jar.get(SESSION_COOKIES.data)).not.toBeNull();

    const users = await Promise.all([user(), user(), user()]);
    expect(users.map((answer) => answer.id)).toEqual(['member-1', 'member-1', 'member-1']);
    expect(server.tokenRequests()).toBe(1);
    expect(attempts).toBe(3);
    expect((await tab.auth.actor).getSnapshot().value).toBe('idle');
  });
});

describe('retry once', () => {
  it('a request still refused after a good refresh fails with that 401, without a second refresh', async () => {
    let issued = 0;
    const scripted = await startScriptedServer((request) => {
      if (!request.url.endsWith('/auth/token')) return { status: 401, body: { message: 'Forbidden for you', status: 401 } };
      issued += 1;
      return { body: { ok: true }, headers: { 'set-cookie': `jwt-data=fresh-${issued}; Path=/` } };
    });
    cleanups.push(() => scripted.close());
    const jar = createCookieJar();
    jar.set({ [SESSION_COOKIES.data]: 'stale' });
    const tab = openTab(scripted, jar);

    await expect(apiErrorOf(tab.user())).resolves.toMatchObject({ status: 401, body: { message: 'Forbidden for you' } });
    expect(scripted.seen.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /api/web/v1/user',
      'POST /api/web/v1/auth/token',
      'GET /api/web/v1/user',
    ]);
  });
});

describe('the token request', () => {
  it('is never retried, even on a retryable status, and its failure ends the session', async () => {
    const scripted: ScriptedServer = await startScriptedServer((request) =>
      request.url.endsWith('/auth/token') ? { status: 503, body: { message: 'down', status: 503 } } : { status: 401, body: { message: 'Unauthorized', status: 401 } },
    );
    cleanups.push(() => scripted.close());
    const jar = createCookieJar();
    jar.set({ [SESSION_COOKIES.data]: 'data' });
    const tab = openTab(scripted, jar);

    await expect(apiErrorOf(tab.user())).resolves.toMatchObject({ status: 401 });
    const paths = scripted.seen.map((request) => `${request.method} ${request.url}`);
    expect(paths).toEqual(['GET /api/web/v1/user', 'POST /api/web/v1/auth/token']);
    expect(JSON.parse(scripted.seen[1]?.body ?? '')).toEqual({ grant_type: 'refresh_token', flow: 'client' });
  });

  it('never triggers a refresh with its own 401', async () => {
    const server = await tokenServer();
    const jar = createCookieJar();
    jar.set({ [SESSION_COOKIES.data]: 'data', [SESSION_COOKIES.refreshToken]: 'nobody~nothing' });
    const calls: string[] = [];
    const client = createApiClient({
      baseURL: server.baseURL,
      site: () => ({ country: 'SG', language: 'en' }),
      fetch: jar.fetch,
      onUnauthorized: async () => {
        calls.push('onUnauthorized');
        return 'retry';
      },
      awaitSession: async () => {
        calls.push('awaitSession');
        return { generation: 0, cookie: null };
      },
    });
    await expect(apiErrorOf(requestTokenRefresh(client.request))).resolves.toMatchObject({ status: 401 });
    expect(calls).toEqual([]);
    expect(server.tokenRequests()).toBe(1);
  });
});

describe('the token server treats a reused refresh token as theft', () => {
  it('refuses the reuse and revokes the session', async () => {
    const server = await tokenServer();
    const jar = createCookieJar();
    jar.set(server.signIn());
    const stolen = jar.get(SESSION_COOKIES.refreshToken);
    const client = createApiClient({ baseURL: server.baseURL, site: () => ({ country: 'SG', language: 'en' }), fetch: jar.fetch });
    await requestTokenRefresh(client.request);
    expect(jar.get(SESSION_COOKIES.refreshToken)).not.toBe(stolen);
    const rotated = jar.get(SESSION_COOKIES.refreshToken);

    jar.set({ [SESSION_COOKIES.refreshToken]: stolen ?? '' });
    await expect(apiErrorOf(requestTokenRefresh(client.request))).resolves.toMatchObject({ status: 401 });
    expect(server.theftDetected()).toBe(true);
    // The rightful holder's newer token dies with it.
    jar.set({ [SESSION_COOKIES.refreshToken]: rotated ?? '' });
    await expect(apiErrorOf(requestTokenRefresh(client.request))).resolves.toMatchObject({ status: 401 });
    await expect(apiErrorOf(client.resource('user').index(User))).resolves.toMatchObject({ status: 401 });
  });
});

describe('two tabs', () => {
  function tabLocks() {
    const locks = createInMemoryLocksDouble();
    const make = () => {
      const lock = createTabLock({ locks, channel: new BroadcastChannel('beauty-pass-auth') });
      cleanups.push(() => lock.close());
      return lock;
    };
    return { locks, a: make(), b: make() };
  }

  it('share one refresh through the lock: one token request, every request succeeds', async () => {
    const server = await tokenServer();
    server.tokenDelayMs = 30;
    const jar = await expiredSession(server);
    const { a, b, locks } = tabLocks();
    const tabA = openTab(server, jar, a);
    const tabB = openTab(server, jar, b);

    const users = await Promise.all(Array.from({ length: 20 }, (_, index) => (index % 2 ? tabA : tabB).user()));

    expect(users).toHaveLength(20);
    expect(server.tokenRequests()).toBe(1);
    expect(server.theftDetected()).toBe(false);
    expect(locks.granted.length).toBeGreaterThanOrEqual(1);
    expect((await tabA.auth.actor).getSnapshot().value).toBe('idle');
    expect((await tabB.auth.actor).getSnapshot().value).toBe('idle');
  });

  it('without a shared lock both would refresh, and the server would see theft', async () => {
    const server = await tokenServer();
    // Long enough for both tabs' 401s to arrive before the first refresh answers, even on a busy machine.
    server.tokenDelayMs = 250;
    const jar = await expiredSession(server);
    const tabA = openTab(server, jar);
    const tabB = openTab(server, jar);

    await Promise.allSettled([tabA.user(), tabB.user()]);

    expect(server.tokenRequests()).toBe(2);
    expect(server.theftDetected()).toBe(true);
  });

  it("one tab's failed refresh shows the session as expired in the other", async () => {
    const server = await tokenServer();
    const jar = await expiredSession(server);
    jar.set({ [SESSION_COOKIES.refreshToken]: 'member-1~wrong' });
    const { a, b } = tabLocks();
    const tabA = openTab(server, jar, a);
    const tabB = openTab(server, jar, b);

    await apiErrorOf(tabA.user());
    await waitFor((await tabB.auth.actor), (snapshot) => snapshot.hasTag('sessionExpired'));
    await expect(apiErrorOf(tabB.user())).resolves.toMatchObject({ status: 401 });
    expect(server.tokenRequests()).toBe(1);
  });
});
