import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PREFIX, CLIENT_HEADERS } from '../../src/config/constants.ts';
import { ACCOUNT_MESSAGES } from '../../src/contract/account.ts';
import { createApp, type App } from '../../src/server/app.ts';
import { ConfigError, loadSignInConfig } from '../../src/server/env.ts';
import { DEFAULT_SIGN_IN_LIMITS, type SignInLimits } from '../../src/server/auth/throttle.ts';
import { signInBlocks, signInFailures } from '../../src/server/db/schema.ts';
import type * as PasswordModule from '../../src/server/auth/password.ts';
import { insertUser, type TestUser } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';

/** Every scrypt check of a sign-in, counted: the throttle must keep the 6th and later off the password. */
const passwordChecks = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/server/auth/password.ts', async (importOriginal) => {
  const original = await importOriginal<typeof PasswordModule>();
  return {
    ...original,
    verifyPassword: (...args: Parameters<typeof original.verifyPassword>) => {
      passwordChecks.count += 1;
      return original.verifyPassword(...args);
    },
    verifyAgainstDummy: (...args: Parameters<typeof original.verifyAgainstDummy>) => {
      passwordChecks.count += 1;
      return original.verifyAgainstDummy(...args);
    },
  };
});

/** Moved forward by the expiry and window tests. */
let offsetMs = 0;
const now = () => Date.now() + offsetMs;

let t: TestApp;
beforeAll(async () => {
  // Default limits (5 failures), behind a proxy so tests can be several clients.
  t = await createTestApp({ seedProducts: 0, signIn: { ...DEFAULT_SIGN_IN_LIMITS, trustProxy: true, now } });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  offsetMs = 0;
});

interface Harness {
  app: App;
  logs: string[];
}

/** Another app on the same database with other limits: configuration is all that differs. */
function appWith(limits: Partial<SignInLimits>): Harness {
  const logs: string[] = [];
  const app = createApp({ db: t.db, log: (line) => logs.push(line), signIn: { ...DEFAULT_SIGN_IN_LIMITS, trustProxy: true, now, ...limits } });
  return { app, logs };
}

let clients = 0;
/** A fresh client address (TEST-NET-3), so tests never share a client's failures. */
const newClient = () => `203.0.113.${(clients += 1)}`;

function signIn(h: Harness, email: string, password: string, client?: string): Promise<Response> {
  return Promise.resolve(
    h.app.request(`${API_PREFIX}/sessions`, {
      method: 'POST',
      headers: { ...CLIENT_HEADERS, ...(client ? { 'X-Forwarded-For': `${client}, 10.0.0.1` } : {}) },
      body: JSON.stringify({ email, password }),
    }),
  );
}

const main = (): Harness => ({ app: t.app, logs: t.logs });

async function expectBlocked(response: Response): Promise<string> {
  expect(response.status).toBe(403);
  expect(response.headers.getSetCookie()).toEqual([]);
  const body = (await response.json()) as Record<string, unknown>;
  expect(body).toEqual({ message: ACCOUNT_MESSAGES.blocked, status: 403, code: 'sign_in_blocked', referenceId: expect.stringMatching(/^BP-[0-9A-Z]{10}$/) });
  return String(body['referenceId']);
}

async function blocksOf(accountKey: string, clientKey: string) {
  return t.db
    .select()
    .from(signInBlocks)
    .where(and(eq(signInBlocks.accountKey, accountKey), eq(signInBlocks.clientKey, clientKey)));
}

describe('brute-force blocking of POST sessions', () => {
  it('SIGN_IN_MAX_FAILURES=3: failures 1-2 → 401, the 3rd → 403 blocked with a reference id that is in the log with email and client', async () => {
    const h = appWith({ maxFailures: 3 });
    const user = await insertUser(t.db);
    const client = newClient();
    for (let i = 1; i <= 2; i += 1) {
      const response = await signIn(h, user.email, `wrong ${i}`, client);
      expect(response.status, `failure ${i}`).toBe(401);
      expect(await response.json()).toEqual({ message: 'Authentication failed', status: 401 });
    }
    const referenceId = await expectBlocked(await signIn(h, user.email, 'wrong 3', client));
    const lines = h.logs.filter((line) => line.includes(referenceId));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(user.email);
    expect(lines[0]).toContain(client);
    expect(await blocksOf(user.email, client)).toEqual([expect.objectContaining({ referenceId })]);
  });

  it('default SIGN_IN_MAX_FAILURES=5: failures 1-4 → 401, the 5th → 403; unknown emails count alike', async () => {
    const user = await insertUser(t.db);
    for (const email of [user.email, 'nobody.on.record@example.com']) {
      const client = newClient();
      for (let i = 1; i <= 4; i += 1) expect((await signIn(main(), email, `wrong ${i}`, client)).status, `${email} failure ${i}`).toBe(401);
      const referenceId = await expectBlocked(await signIn(main(), email, 'wrong 5', client));
      expect(t.logs.some((line) => line.includes(referenceId) && line.includes(email) && line.includes(client))).toBe(true);
    }
  });

  it('blocked pair: the RIGHT password → still 403 with the same reference id, 3 times, each logged, no password check', async () => {
    const h = appWith({ maxFailures: 3 });
    const user = await insertUser(t.db);
    const client = newClient();
    for (let i = 1; i <= 2; i += 1) await signIn(h, user.email, 'wrong', client);
    const referenceId = await expectBlocked(await signIn(h, user.email, 'wrong', client));
    const checks = passwordChecks.count;
    for (let i = 0; i < 3; i += 1) expect(await expectBlocked(await signIn(h, user.email, user.password, client))).toBe(referenceId);
    // Email in another case is the same account.
    expect(await expectBlocked(await signIn(h, user.email.toUpperCase(), user.password, client))).toBe(referenceId);
    expect(passwordChecks.count).toBe(checks);
    const lines = h.logs.filter((line) => line.includes(referenceId));
    expect(lines).toHaveLength(5);
    expect(lines.every((line) => line.includes(user.email) && line.includes(client))).toBe(true);
    expect(await blocksOf(user.email, client)).toHaveLength(1);
  });

  it('a block holds one account for one client: another client signs in to it (201), the blocked client signs in to another account (201)', async () => {
    const h = appWith({ maxFailures: 3 });
    const [victim, other] = [await insertUser(t.db), await insertUser(t.db)];
    const attacker = newClient();
    for (let i = 1; i <= 3; i += 1) await signIn(h, victim.email, 'wrong', attacker);
    await expectBlocked(await signIn(h, victim.email, victim.password, attacker));
    expect((await signIn(h, victim.email, victim.password, newClient())).status).toBe(201);
    expect((await signIn(h, other.email, other.password, attacker)).status).toBe(201);
  });

  it('TRUST_PROXY=0: X-Forwarded-For is ignored, so changing it on each of 3 attempts does not escape the block', async () => {
    const h = appWith({ maxFailures: 3, trustProxy: false });
    const user = await insertUser(t.db);
    for (let i = 1; i <= 2; i += 1) expect((await signIn(h, user.email, 'wrong', newClient())).status).toBe(401);
    await expectBlocked(await signIn(h, user.email, 'wrong', newClient()));
    await expectBlocked(await signIn(h, user.email, user.password, newClient()));
    expect(await blocksOf(user.email, 'local')).toHaveLength(1);
  });

  it('the block expires after SIGN_IN_BLOCK_SECONDS=600, and the count starts afresh (1 failure after it → 401)', async () => {
    const h = appWith({ maxFailures: 3, blockSeconds: 600, windowSeconds: 3600 });
    const user = await insertUser(t.db);
    const client = newClient();
    for (let i = 1; i <= 3; i += 1) await signIn(h, user.email, 'wrong', client);
    offsetMs = 599_000;
    await expectBlocked(await signIn(h, user.email, user.password, client));
    offsetMs = 601_000;
    // The 3 failures are still inside the hour-long window but before the block: they do not block again.
    expect((await signIn(h, user.email, 'wrong again', client)).status).toBe(401);
    expect((await signIn(h, user.email, user.password, client)).status).toBe(201);
  });

  it('a successful sign-in clears the pair: 2 failures, success, 2 failures → 401 each (limit 3)', async () => {
    const h = appWith({ maxFailures: 3 });
    const user = await insertUser(t.db);
    const client = newClient();
    for (let i = 1; i <= 2; i += 1) expect((await signIn(h, user.email, 'wrong', client)).status).toBe(401);
    expect((await signIn(h, user.email, user.password, client)).status).toBe(201);
    for (let i = 1; i <= 2; i += 1) expect((await signIn(h, user.email, 'wrong', client)).status).toBe(401);
    expect(await blocksOf(user.email, client)).toHaveLength(0);
  });

  it('failures older than SIGN_IN_WINDOW_SECONDS=300 do not count: 2 failures, 301 s later 2 more → 401 each (limit 3)', async () => {
    const h = appWith({ maxFailures: 3, windowSeconds: 300 });
    const user = await insertUser(t.db);
    const client = newClient();
    for (let i = 1; i <= 2; i += 1) await signIn(h, user.email, 'wrong', client);
    offsetMs = 301_000;
    for (let i = 1; i <= 2; i += 1) expect((await signIn(h, user.email, 'wrong', client)).status).toBe(401);
    await expectBlocked(await signIn(h, user.email, 'wrong', client));
  });

  it('20 parallel wrong passwords (limit 5) → exactly 1 block, 5 password checks, every 403 with the same reference id', async () => {
    const user = await insertUser(t.db);
    const client = newClient();
    const checks = passwordChecks.count;
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(main(), user.email, `parallel ${i}`, client)));
    expect(passwordChecks.count - checks).toBe(5);
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(4);
    expect(statuses.filter((status) => status === 401 || status === 403)).toHaveLength(20);
    const references = new Set(await Promise.all(responses.filter((response) => response.status === 403).map(expectBlocked)));
    expect(references.size).toBe(1);
    const blocks = await blocksOf(user.email, client);
    expect(blocks).toHaveLength(1);
    expect(references).toEqual(new Set([blocks[0]?.referenceId]));
  });

  it('credential stuffing: SIGN_IN_CLIENT_MAX_FAILURES=10 → 11 failures on 11 accounts, then 403 rejected for any sign-in, even a right one', async () => {
    const h = appWith({ maxFailures: 100, clientMaxFailures: 10 });
    const stuffer = newClient();
    for (let i = 1; i <= 11; i += 1) expect((await signIn(h, `leaked${i}.${stuffer}@example.com`, 'hunter2', stuffer)).status, `attempt ${i}`).toBe(401);
    const user = await insertUser(t.db);
    const rejected = await signIn(h, user.email, user.password, stuffer);
    expect(rejected.status).toBe(403);
    expect(await rejected.json()).toEqual({ message: ACCOUNT_MESSAGES.rejected, status: 403, code: 'sign_in_rejected' });
    expect(h.logs.some((line) => line.includes('rejected') && line.includes(stuffer))).toBe(true);
    // Only that client: the member signs in from anywhere else.
    expect((await signIn(h, user.email, user.password, newClient())).status).toBe(201);
    // No failure was recorded for the rejected attempt.
    expect(await t.db.select().from(signInFailures).where(and(eq(signInFailures.accountKey, user.email), eq(signInFailures.clientKey, stuffer)))).toHaveLength(0);
  });

  it('log lines quote the keys: an email holding a newline cannot forge a second log line', async () => {
    const h = appWith({ maxFailures: 1 });
    const forged = 'x@example.com\nsign-in blocked [BP-FORGED0000] account="ceo@example.com"';
    const referenceId = await expectBlocked(await signIn(h, forged, 'wrong', newClient()));
    const line = h.logs.find((entry) => entry.includes(referenceId)) ?? '';
    expect(line).not.toContain('\n');
    expect(line).toContain(JSON.stringify(forged.toLowerCase()));
  });
});

describe('client key through the node server (getConnInfo)', () => {
  let server: ServerType;
  let url: string;
  let h: Harness;
  let user: TestUser;

  beforeAll(async () => {
    h = appWith({ maxFailures: 2, trustProxy: false });
    user = await insertUser(t.db);
    await new Promise<void>((resolve) => {
      server = serve({ fetch: h.app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
        url = `http://127.0.0.1:${info.port}${API_PREFIX}/sessions`;
        resolve();
      });
    });
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('keys the block on the socket address 127.0.0.1, not on a forged X-Forwarded-For (2 failures → 403)', async () => {
    const post = (password: string, forwarded: string) =>
      fetch(url, { method: 'POST', headers: { ...CLIENT_HEADERS, 'X-Forwarded-For': forwarded }, body: JSON.stringify({ email: user.email, password }) });
    expect((await post('wrong', '198.51.100.1')).status).toBe(401);
    const referenceId = await expectBlocked(await post('wrong', '198.51.100.2'));
    const line = h.logs.find((entry) => entry.includes(referenceId)) ?? '';
    expect(line).toMatch(/client="(?:::ffff:)?127\.0\.0\.1"/);
    expect((await blocksOf(user.email, line.includes('::ffff:') ? '::ffff:127.0.0.1' : '127.0.0.1')).length).toBe(1);
  });
});

describe('sign-in limits from the environment', () => {
  it('defaults: 5 failures, 900 s window, 900 s block, 50 client failures, no proxy', () => {
    expect(loadSignInConfig({})).toEqual({ maxFailures: 5, windowSeconds: 900, blockSeconds: 900, clientMaxFailures: 50, trustProxy: false });
  });

  it('reads SIGN_IN_MAX_FAILURES=3, SIGN_IN_WINDOW_SECONDS=60, SIGN_IN_BLOCK_SECONDS=120, SIGN_IN_CLIENT_MAX_FAILURES=20, TRUST_PROXY=1', () => {
    const env = { SIGN_IN_MAX_FAILURES: '3', SIGN_IN_WINDOW_SECONDS: '60', SIGN_IN_BLOCK_SECONDS: '120', SIGN_IN_CLIENT_MAX_FAILURES: '20', TRUST_PROXY: '1' };
    expect(loadSignInConfig(env)).toEqual({ maxFailures: 3, windowSeconds: 60, blockSeconds: 120, clientMaxFailures: 20, trustProxy: true });
  });

  it('refuses bad values with a clear ConfigError naming each (0 failures, "ten", TRUST_PROXY=yes)', () => {
    try {
      loadSignInConfig({ SIGN_IN_MAX_FAILURES: '0', SIGN_IN_BLOCK_SECONDS: 'ten', TRUST_PROXY: 'yes' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toContain('SIGN_IN_MAX_FAILURES="0": SIGN_IN_MAX_FAILURES must be at least 1');
      expect(message).toContain('SIGN_IN_BLOCK_SECONDS="ten": SIGN_IN_BLOCK_SECONDS must be a whole number');
      expect(message).toContain('TRUST_PROXY="yes": TRUST_PROXY must be 1, 0, true or false');
    }
  });
});
