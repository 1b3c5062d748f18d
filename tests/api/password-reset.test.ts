import { createHash } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../src/contract/account.ts';
import { outboxEmails, passwordResets } from '../../src/server/db/schema.ts';
import { call, signIn } from '../helpers/account.ts';
import { insertUser, type TestUser } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';

const PUBLIC_URL = 'https://shop.example';
const TTL_MS = 30 * 60_000;
let clockOffsetMs = 0;
const now = () => Date.now() + clockOffsetMs;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedProducts: 0, auth: { now }, passwordResets: { publicUrl: PUBLIC_URL, ttlMs: TTL_MS } });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  clockOffsetMs = 0;
});

const req = (method: string, path: string, options?: Parameters<typeof call>[3]) => call(t.app, method, path, options);
const requestReset = (email: string) => req('POST', '/password-resets', { body: { email } });
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

async function resetEmails(email: string) {
  return t.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.toAddress, email), eq(outboxEmails.kind, 'password-reset')))
    .orderBy(desc(outboxEmails.id));
}

/** Asks for a link and reads the token out of the queued email, as the shopper would. */
async function linkFor(user: TestUser): Promise<string> {
  expect((await requestReset(user.email)).status).toBe(202);
  const [mail] = await resetEmails(user.email);
  const token = /reset_password\?token=([A-Za-z0-9_-]{43})\b/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no reset link in ${JSON.stringify(mail?.text)}`);
  return token;
}

const GONE = { message: ACCOUNT_MESSAGES.resetLinkInvalid, status: 410, code: 'reset_link_invalid' };

describe('POST password-resets: the neutral answer', () => {
  it('a known and an unknown email get the same 202, body and headers; only the known one queues a link', async () => {
    const user = await insertUser(t.db, { email: 'Known.Reset@example.com' });
    const known = await requestReset('KNOWN.reset@Example.com');
    const unknown = await requestReset('nobody.here@example.com');
    for (const response of [known, unknown]) {
      expect(response.status).toBe(202);
      expect(await response.json()).toEqual({ message: ACCOUNT_MESSAGES.resetRequested });
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    const headerNames = (response: Response) => [...response.headers.keys()].sort();
    expect(headerNames(known)).toEqual(headerNames(unknown));
    expect(await resetEmails(user.email)).toHaveLength(1);
    expect(await resetEmails('nobody.here@example.com')).toHaveLength(0);
  });

  it('answer time: medians over 7 known and 7 unknown addresses differ by less than 25 ms', async () => {
    const users = await Promise.all(Array.from({ length: 7 }, () => insertUser(t.db)));
    const time = async (email: string) => {
      const started = performance.now();
      expect((await requestReset(email)).status).toBe(202);
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (const [index, user] of users.entries()) {
      known.push(await time(user.email));
      unknown.push(await time(`ghost${index}.${Date.now()}@example.com`));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[3] ?? 0;
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(25);
  });

  it('the email holds a 43-character link to PUBLIC_URL valid 30 minutes; only its sha256 is stored', async () => {
    const user = await insertUser(t.db);
    const token = await linkFor(user);
    const [mail] = await resetEmails(user.email);
    expect(mail?.text).toContain(`${PUBLIC_URL}/reset_password?token=${token}`);
    expect(mail?.subject).toBe('Reset your Beauty Pass Singapore password');
    const rows = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect((rows[0]?.expiresAt.getTime() ?? 0) - (rows[0]?.createdAt.getTime() ?? 0)).toBe(TTL_MS);
  });

  it('7 requests for one address in an hour → 7 identical 202s, 5 emails; 61 minutes later a 6th', async () => {
    const user = await insertUser(t.db);
    const answers = [];
    for (let i = 0; i < 7; i += 1) {
      const response = await requestReset(user.email);
      answers.push([response.status, await response.text()]);
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(await resetEmails(user.email)).toHaveLength(5);
    clockOffsetMs = 61 * 60_000;
    expect((await requestReset(user.email)).status).toBe(202);
    expect(await resetEmails(user.email)).toHaveLength(6);
  });

  it('a malformed email → 400 body.email (validation is not an oracle: it does not depend on the records)', async () => {
    const response = await requestReset('not an email');
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: unknown[] }).errors).toEqual([{ field: 'body.email', message: 'Invalid email' }]);
  });
});

describe('GET and PUT password-resets/{token}', () => {
  it('GET a live link → the masked email and its expiry', async () => {
    const user = await insertUser(t.db, { email: 'jane.reset@example.com' });
    const token = await linkFor(user);
    const response = await req('GET', `/password-resets/${token}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { email: string; expiresAt: string } };
    expect(body.data.email).toBe('j***@example.com');
    expect(Date.parse(body.data.expiresAt) - now()).toBeGreaterThan(TTL_MS - 60_000);
  });

  it('PUT sets the password, revokes the user\'s 2 sessions, queues "password-changed"; the link is then used → 410', async () => {
    const user = await insertUser(t.db);
    const phone = await signIn(t.app, user.email, user.password);
    const laptop = await signIn(t.app, user.email, user.password);
    const token = await linkFor(user);

    const response = await req('PUT', `/password-resets/${token}`, { body: { password: 'Brand new 2026' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: ACCOUNT_MESSAGES.passwordChanged });
    expect(response.headers.getSetCookie()).toEqual([]);

    for (const cookie of [phone, laptop]) {
      expect((await req('POST', '/auth/token', { cookie, body: { grant_type: 'refresh_token', flow: 'client' } })).status).toBe(401);
    }
    expect((await req('POST', '/sessions', { body: { email: user.email, password: 'Brand new 2026' } })).status).toBe(201);
    expect(await t.db.select().from(outboxEmails).where(and(eq(outboxEmails.toAddress, user.email), eq(outboxEmails.kind, 'password-changed')))).toHaveLength(1);

    const again = await req('PUT', `/password-resets/${token}`, { body: { password: 'Another one 3' } });
    expect(again.status).toBe(410);
    expect(await again.json()).toEqual(GONE);
    expect((await req('GET', `/password-resets/${token}`)).status).toBe(410);
  });

  it('a link expires after 30 minutes: at 29 min GET is 200, at 30 min 1 s GET and PUT are 410', async () => {
    const user = await insertUser(t.db);
    const token = await linkFor(user);
    clockOffsetMs = 29 * 60_000;
    expect((await req('GET', `/password-resets/${token}`)).status).toBe(200);
    clockOffsetMs = TTL_MS + 1_000;
    const show = await req('GET', `/password-resets/${token}`);
    expect(show.status).toBe(410);
    expect(await show.json()).toEqual(GONE);
    expect((await req('PUT', `/password-resets/${token}`, { body: { password: 'Too late 123' } })).status).toBe(410);
    expect((await req('POST', '/sessions', { body: { email: user.email, password: user.password } })).status).toBe(201);
  });

  it('5 concurrent PUTs with one link → exactly 1 × 200 and 4 × 410', async () => {
    const user = await insertUser(t.db);
    const token = await linkFor(user);
    const passwords = ['Concurrent 1', 'Concurrent 2', 'Concurrent 3', 'Concurrent 4', 'Concurrent 5'];
    const answers = await Promise.all(passwords.map((password) => req('PUT', `/password-resets/${token}`, { body: { password } })));
    const statuses = answers.map((response) => response.status);
    expect([...statuses].sort()).toEqual([200, 410, 410, 410, 410]);
    const winner = passwords[statuses.indexOf(200)] ?? '';
    expect((await req('POST', '/sessions', { body: { email: user.email, password: winner } })).status).toBe(201);
  });

  it('using one of 2 links retires the other', async () => {
    const user = await insertUser(t.db);
    const first = await linkFor(user);
    const second = await linkFor(user);
    expect((await req('PUT', `/password-resets/${second}`, { body: { password: 'Second link 2' } })).status).toBe(200);
    expect((await req('GET', `/password-resets/${first}`)).status).toBe(410);
  });

  it('a weak password → 400 and the link still works afterwards', async () => {
    const user = await insertUser(t.db);
    const token = await linkFor(user);
    const weak = await req('PUT', `/password-resets/${token}`, { body: { password: 'password' } });
    expect(weak.status).toBe(400);
    expect(((await weak.json()) as { errors: { field: string }[] }).errors.map((error) => error.field)).toEqual(['body.password']);
    expect((await req('GET', `/password-resets/${token}`)).status).toBe(200);
  });

  it.each([
    ['unknown but well-formed', 'A'.repeat(43)],
    ['too short', 'abc'],
    ['too long', 'a'.repeat(44)],
    ['4,000 characters', 'b'.repeat(4_000)],
    ['padding', `${'c'.repeat(42)}=`],
    ['percent-encoded slash', `${'d'.repeat(20)}%2F${'d'.repeat(20)}`],
    ['broken escape', '%ZZ'],
    ['unicode', 'ｔｏｋｅｎ'],
    ['dots and a slash-free path', 'a..b'],
    ['SQL', "' or 1=1 --"],
  ])('token %s → 410 on GET and PUT, never 500', async (_, token) => {
    const path = `/password-resets/${token.startsWith('%') || token.includes('%2F') ? token : encodeURIComponent(token)}`;
    const show = await req('GET', path);
    expect(show.status).toBe(410);
    expect(await show.json()).toEqual(GONE);
    const replace = await req('PUT', path, { body: { password: 'Whatever 123' } });
    expect(replace.status).toBe(410);
  });
});
