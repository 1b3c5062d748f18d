import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BEAUTY_PASS_TERMS } from '../../src/config/consents.ts';
import { EARNING_POINTS } from '../../src/config/loyalty-points.ts';
import { ACCOUNT_MESSAGES, COMPULSORY_CONSENTS, CONSENT_KINDS, EMPTY_BEAUTY_PROFILE } from '../../src/contract/account.ts';
import { createApp, type App } from '../../src/server/app.ts';
import { verifyPassword } from '../../src/server/auth/password.ts';
import type { IdTokenVerifier, VerifiedIdentity } from '../../src/server/auth/identity.ts';
import { beautyPassMembers, consents, outboxEmails, refreshTokens, userIdentities, users } from '../../src/server/db/schema.ts';
import { call, registration, signIn } from '../helpers/account.ts';
import { cookieHeader, cookieJar, insertUser } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';

const ISSUER = 'https://accounts.google.test';

/**
 * Stands in for the OpenID Connect verifier (tested on its own against a local issuer): a token
 * `google:<sub>` is genuine, anything else is not.
 */
const idTokens: IdTokenVerifier = {
  verify: async (token) => {
    const match = /^google:([a-z0-9]+)$/.exec(token);
    if (!match) return null;
    const identity: VerifiedIdentity = { issuer: ISSUER, subject: match[1] ?? '', email: `${match[1]}@gmail.test`, emailVerified: true, givenName: 'G', familyName: 'User' };
    return identity;
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedProducts: 0, idTokens });
});
afterAll(async () => {
  await t?.close();
});

const req = (method: string, path: string, options?: Parameters<typeof call>[3]) => call(t.app, method, path, options);

async function userByEmail(email: string) {
  const [row] = await t.db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row ?? null;
}

async function rowCounts() {
  const n = async (table: typeof users | typeof consents | typeof beautyPassMembers | typeof outboxEmails | typeof userIdentities) =>
    (await t.db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return { users: await n(users), consents: await n(consents), members: await n(beautyPassMembers), outbox: await n(outboxEmails), identities: await n(userIdentities) };
}

async function register(body: Record<string, unknown>, app: App = t.app) {
  const response = await call(app, 'POST', '/user', { body });
  return { response, json: (await response.json()) as Record<string, unknown> };
}

describe('POST user (registration)', () => {
  it('with all 6 consents: 201, 6 consent rows (beautyPass with the SG variant), a Pink member with the registration points (issue 15), signed in', async () => {
    const body = registration();
    const { response, json } = await register(body);
    expect(response.status).toBe(201);
    expect(json).toEqual({ data: { id: expect.any(Number), email: body['email'], firstName: 'Mei', lastName: 'Tan', country: 'SG', role: 'shopper' } });
    const user = await userByEmail(String(body['email']));
    expect(user?.marketingConsent).toBe(true);
    expect(user?.passwordHash).toMatch(/^scrypt\$/);

    const rows = await t.db.select().from(consents).where(eq(consents.userId, user?.id ?? -1));
    expect(rows.map((row) => row.kind).sort()).toEqual([...CONSENT_KINDS].sort());
    expect(rows.every((row) => row.granted)).toBe(true);
    expect(rows.find((row) => row.kind === 'beautyPass')?.variant).toBe(BEAUTY_PASS_TERMS.SG.variant);
    expect(rows.filter((row) => row.kind !== 'beautyPass').every((row) => row.variant === null)).toBe(true);

    const [member] = await t.db.select().from(beautyPassMembers).where(eq(beautyPassMembers.userId, user?.id ?? -1));
    expect(member).toMatchObject({ tier: 'pink', points: EARNING_POINTS.registration, termsVariant: BEAUTY_PASS_TERMS.SG.variant });

    // The same session as a sign-in: the 4 cookies, and GET user answers the new member.
    const jar = cookieJar(response);
    expect([...jar.keys()].sort()).toEqual(['device-id', 'jwt-data', 'jwt-refresh-token', 'jwt-signature']);
    const me = await req('GET', '/user', { cookie: cookieHeader(jar) });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { data: { email: string } }).data.email).toBe(body['email']);
  });

  it('without Beauty Pass or marketing: 6 rows with 2 refusals, no member row, no variant needed', async () => {
    const body = registration({
      consents: { personalInformation: true, thirdPartyDisclosure: true, policy: true, over14: true, marketing: false, beautyPass: false },
      beautyPassTermsVariant: undefined,
    });
    const { response } = await register(body);
    expect(response.status).toBe(201);
    const user = await userByEmail(String(body['email']));
    const rows = await t.db.select().from(consents).where(eq(consents.userId, user?.id ?? -1));
    expect(rows).toHaveLength(6);
    expect(rows.filter((row) => !row.granted).map((row) => row.kind).sort()).toEqual(['beautyPass', 'marketing']);
    expect(rows.find((row) => row.kind === 'beautyPass')?.variant).toBeNull();
    expect(await t.db.select().from(beautyPassMembers).where(eq(beautyPassMembers.userId, user?.id ?? -1))).toEqual([]);
    expect(user?.marketingConsent).toBe(false);
  });

  it.each(COMPULSORY_CONSENTS.flatMap((kind) => [[kind, 'missing'] as const, [kind, 'false'] as const]))(
    'compulsory consent %s %s → 400 naming it, and no user row',
    async (kind, mode) => {
      const body = registration();
      const all = body['consents'] as Record<string, boolean>;
      const given = mode === 'missing' ? Object.fromEntries(Object.entries(all).filter(([key]) => key !== kind)) : { ...all, [kind]: false };
      const before = await rowCounts();
      const { response, json } = await register({ ...body, consents: given });
      expect(response.status).toBe(400);
      // Unticked (false) or left out of the body, the answer is the same sentence the form shows.
      expect(json['errors']).toEqual([{ field: `body.consents.${kind}`, message: 'This consent is required' }]);
      expect(await userByEmail(String(body['email']))).toBeNull();
      expect(await rowCounts()).toEqual(before);
    },
  );

  it('a taken email in another case → 409 email_taken, still 1 account', async () => {
    const body = registration();
    expect((await register(body)).response.status).toBe(201);
    const again = await register({ ...body, email: String(body['email']).toUpperCase(), firstName: 'Other' });
    expect(again.response.status).toBe(409);
    expect(again.json).toMatchObject({ code: 'email_taken', message: ACCOUNT_MESSAGES.emailTaken });
    expect(again.response.headers.getSetCookie()).toEqual([]);
    expect((await t.db.select().from(users).where(eq(users.email, String(body['email'])))).map((row) => row.firstName)).toEqual(['Mei']);
  });

  it('5 concurrent registrations of one email → exactly 1 × 201 and 4 × 409, 1 user, 6 consent rows', async () => {
    const body = registration();
    const answers = await Promise.all(Array.from({ length: 5 }, () => register(body)));
    expect(answers.map((a) => a.response.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const user = await userByEmail(String(body['email']));
    expect(await t.db.select().from(consents).where(eq(consents.userId, user?.id ?? -1))).toHaveLength(6);
  });

  it('an outdated Beauty Pass terms variant → 409 terms_outdated and nothing written (users, consents, members, outbox)', async () => {
    const before = await rowCounts();
    for (const variant of ['bp-terms-sg-2025-01', BEAUTY_PASS_TERMS.ID.variant]) {
      const { response, json } = await register(registration({ beautyPassTermsVariant: variant }));
      expect(response.status).toBe(409);
      expect(json).toMatchObject({ code: 'terms_outdated', message: ACCOUNT_MESSAGES.termsOutdated });
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('Beauty Pass consent without the variant → 400 body.beautyPassTermsVariant', async () => {
    const { response, json } = await register(registration({ beautyPassTermsVariant: undefined }));
    expect(response.status).toBe(400);
    expect(json['errors']).toEqual([{ field: 'body.beautyPassTermsVariant', message: 'Required field' }]);
  });

  it('bad fields → 400 naming each: weak password, bad email, unknown country', async () => {
    const { response, json } = await register(registration({ password: 'short', email: 'not-an-email', country: 'US' }));
    expect(response.status).toBe(400);
    const fields = (json['errors'] as { field: string }[]).map((error) => error.field).sort();
    expect(fields).toEqual(['body.country', 'body.email', 'body.password']);
  });

  it('queues a welcome email naming the member\'s country store ("Beauty Pass Indonesia")', async () => {
    const body = registration({}, 'ID');
    expect((await register(body)).response.status).toBe(201);
    const mails = await t.db.select().from(outboxEmails).where(and(eq(outboxEmails.toAddress, String(body['email'])), eq(outboxEmails.kind, 'welcome')));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Welcome to Beauty Pass Indonesia');
    expect(mails[0]?.text).toContain('Pink tier');
    expect(mails[0]?.sentAt).toBeNull();
  });

  describe('with a Google ID token', () => {
    it('a genuine token links the identity (issuer, subject, email) in the same registration', async () => {
      const body = registration({ googleIdToken: 'google:sub1' });
      const { response } = await register(body);
      expect(response.status).toBe(201);
      const user = await userByEmail(String(body['email']));
      expect(await t.db.select().from(userIdentities).where(eq(userIdentities.userId, user?.id ?? -1))).toEqual([
        expect.objectContaining({ issuer: ISSUER, subject: 'sub1', email: 'sub1@gmail.test' }),
      ]);
    });

    it('an identity already linked → 409 identity_linked and no second account', async () => {
      expect((await register(registration({ googleIdToken: 'google:sub2' }))).response.status).toBe(201);
      const before = await rowCounts();
      const { response, json } = await register(registration({ googleIdToken: 'google:sub2' }));
      expect(response.status).toBe(409);
      expect(json['code']).toBe('identity_linked');
      expect(await rowCounts()).toEqual(before);
    });

    it('a token the verifier refuses → 400 "is not a valid Google sign-in", nothing written', async () => {
      const before = await rowCounts();
      const { response, json } = await register(registration({ googleIdToken: 'forged.token.value' }));
      expect(response.status).toBe(400);
      expect(json['errors']).toEqual([{ field: 'body.googleIdToken', message: 'is not a valid Google sign-in' }]);
      expect(await rowCounts()).toEqual(before);
    });

    it('no verifier configured → 400 "Google sign-in is not configured"', async () => {
      const withoutGoogle = createApp({ db: t.db, log: () => undefined, idTokens: null });
      const { response, json } = await register(registration({ googleIdToken: 'google:sub3' }), withoutGoogle);
      expect(response.status).toBe(400);
      expect(json['errors']).toEqual([{ field: 'body.googleIdToken', message: 'Google sign-in is not configured' }]);
    });
  });
});

describe('signed-in account endpoints', () => {
  it.each([
    ['PATCH', '/user', { firstName: 'X' }],
    ['PUT', '/user/password', { currentPassword: 'x', newPassword: 'Newpass 123' }],
    ['GET', '/account', undefined],
    ['GET', '/beauty-profile', undefined],
    ['PUT', '/beauty-profile', EMPTY_BEAUTY_PROFILE],
  ] as const)('%s %s without a token → 401 "Authentication failed"', async (method, path, body) => {
    const response = await req(method, path, body === undefined ? {} : { body });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Authentication failed', status: 401 });
  });

  it('PATCH user changes the names; a marketing change adds 1 consent row, repeating it adds none', async () => {
    const body = registration();
    const cookie = cookieHeader(cookieJar((await register(body)).response));
    const user = await userByEmail(String(body['email']));
    const marketingRows = async () => (await t.db.select().from(consents).where(and(eq(consents.userId, user?.id ?? -1), eq(consents.kind, 'marketing')))).map((row) => row.granted);

    const renamed = await req('PATCH', '/user', { cookie, body: { firstName: '  Siti ', lastName: 'Rahman' } });
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as { data: { firstName: string; lastName: string } }).data).toMatchObject({ firstName: 'Siti', lastName: 'Rahman' });
    expect(await marketingRows()).toEqual([true]);

    expect((await req('PATCH', '/user', { cookie, body: { marketingConsent: false } })).status).toBe(200);
    expect((await req('PATCH', '/user', { cookie, body: { marketingConsent: false } })).status).toBe(200);
    expect(await marketingRows()).toEqual([true, false]);
    expect((await userByEmail(String(body['email'])))?.marketingConsent).toBe(false);

    const empty = await req('PATCH', '/user', { cookie, body: {} });
    expect(empty.status).toBe(400);
    const tooLong = await req('PATCH', '/user', { cookie, body: { lastName: 'x'.repeat(51) } });
    expect(((await tooLong.json()) as { errors: unknown[] }).errors).toEqual([{ field: 'body.lastName', message: 'Character limit exceeded' }]);
  });

  it('GET account: Pink membership, 2 devices signed in, profile not complete, marketing consent', async () => {
    const body = registration();
    const cookie = cookieHeader(cookieJar((await register(body)).response));
    await signIn(t.app, String(body['email']), String(body['password']));
    const response = await req('GET', '/account', { cookie });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: Record<string, unknown> };
    expect(data).toMatchObject({
      user: { email: body['email'], role: 'shopper' },
      beautyPass: { tier: 'pink', points: EARNING_POINTS.registration, termsVariant: BEAUTY_PASS_TERMS.SG.variant, joinedAt: expect.any(String) },
      beautyProfileCompleted: false,
      activeSessions: 2,
      marketingConsent: true,
    });
    expect(Date.parse(String(data['memberSince']))).toBeGreaterThan(Date.now() - 60_000);
  });

  it('GET account for an account without Beauty Pass: beautyPass null', async () => {
    const user = await insertUser(t.db);
    const response = await req('GET', '/account', { cookie: await signIn(t.app, user.email, user.password) });
    expect(((await response.json()) as { data: { beautyPass: unknown; activeSessions: number } }).data).toMatchObject({ beautyPass: null, activeSessions: 1 });
  });
});

describe('PUT user/password', () => {
  it('a wrong current password → 400 wrong_password on body.currentPassword; nothing revoked', async () => {
    const user = await insertUser(t.db);
    const cookie = await signIn(t.app, user.email, user.password);
    const response = await req('PUT', '/user/password', { cookie, body: { currentPassword: 'not it', newPassword: 'Fresh start 99' } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'wrong_password',
      errors: [{ field: 'body.currentPassword', message: ACCOUNT_MESSAGES.wrongPassword }],
    });
    const live = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(live.every((row) => row.revokedAt === null)).toBe(true);
  });

  it('changes the password: the other 2 sessions\' refresh tokens → 401, this device gets new working cookies, email queued', async () => {
    const user = await insertUser(t.db);
    const here = await signIn(t.app, user.email, user.password);
    const phone = await signIn(t.app, user.email, user.password);
    const tablet = await signIn(t.app, user.email, user.password);

    const response = await req('PUT', '/user/password', { cookie: here, body: { currentPassword: user.password, newPassword: 'Fresh start 99' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: ACCOUNT_MESSAGES.passwordChanged });
    const fresh = cookieHeader(cookieJar(response, new Map(here.split('; ').map((pair) => pair.split('=') as [string, string]))));
    expect(fresh).not.toBe(here);

    const refresh = (cookie: string) => req('POST', '/auth/token', { cookie, body: { grant_type: 'refresh_token', flow: 'client' } });
    expect((await refresh(phone)).status).toBe(401);
    expect((await refresh(tablet)).status).toBe(401);
    expect((await refresh(here)).status).toBe(401);
    expect((await refresh(fresh)).status).toBe(200);

    expect((await req('POST', '/sessions', { body: { email: user.email, password: user.password } })).status).toBe(401);
    expect((await req('POST', '/sessions', { body: { email: user.email, password: 'Fresh start 99' } })).status).toBe(201);
    const mails = await t.db.select().from(outboxEmails).where(and(eq(outboxEmails.toAddress, user.email), eq(outboxEmails.kind, 'password-changed')));
    expect(mails).toHaveLength(1);
  });

  it('5 wrong current passwords (the sign-in limit) → the 5th is 403 sign_in_blocked with a logged reference id; then even the right one is refused', async () => {
    const user = await insertUser(t.db);
    const cookie = await signIn(t.app, user.email, user.password);
    const change = (currentPassword: string) => req('PUT', '/user/password', { cookie, body: { currentPassword, newPassword: 'Fresh start 99' } });
    for (let attempt = 1; attempt <= 4; attempt += 1) expect((await change(`guess ${attempt}`)).status).toBe(400);
    const fifth = await change('guess 5');
    expect(fifth.status).toBe(403);
    const body = (await fifth.json()) as { code: string; referenceId: string };
    expect(body.code).toBe('sign_in_blocked');
    expect(t.logs.some((line) => line.includes(body.referenceId) && line.includes(user.email))).toBe(true);
    expect((await change(user.password)).status).toBe(403);
    // The block is the sign-in throttle's: sign-in from this client is refused too, and the password is unchanged.
    expect((await req('POST', '/sessions', { body: { email: user.email, password: user.password } })).status).toBe(403);
    const stored = await userByEmail(user.email);
    expect(await verifyPassword(user.password, stored?.passwordHash ?? '')).toBe(true);
  });

  it('a weak new password → 400 with the strength rule', async () => {
    const user = await insertUser(t.db);
    const cookie = await signIn(t.app, user.email, user.password);
    const response = await req('PUT', '/user/password', { cookie, body: { currentPassword: user.password, newPassword: 'abcdefgh' } });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: unknown[] }).errors).toEqual([
      { field: 'body.newPassword', message: 'Use at least 8 characters with at least one letter and one number' },
    ]);
  });
});

describe('beauty profile', () => {
  const full = {
    skinType: 'combination',
    skinConcerns: ['pores', 'dullness'],
    hairType: 'wavy',
    hairConcerns: [],
    eyeColour: 'brown',
    skinTone: 'medium',
    undertone: 'warm',
    finish: 'dewy',
  };

  it('empty until filled in; a PUT round-trips all 8 answers and makes it complete (also on GET account)', async () => {
    const user = await insertUser(t.db);
    const cookie = await signIn(t.app, user.email, user.password);
    const empty = await req('GET', '/beauty-profile', { cookie });
    expect(await empty.json()).toEqual({ data: { profile: EMPTY_BEAUTY_PROFILE, completed: false, updatedAt: null } });

    const partial = await req('PUT', '/beauty-profile', { cookie, body: { ...full, finish: null } });
    expect(((await partial.json()) as { data: { completed: boolean } }).data.completed).toBe(false);

    const saved = await req('PUT', '/beauty-profile', { cookie, body: full });
    expect(saved.status).toBe(200);
    const read = await req('GET', '/beauty-profile', { cookie });
    expect(await read.json()).toEqual({ data: { profile: full, completed: true, updatedAt: expect.any(String) } });
    const account = await req('GET', '/account', { cookie });
    expect(((await account.json()) as { data: { beautyProfileCompleted: boolean } }).data.beautyProfileCompleted).toBe(true);
  });

  it('every single choice answered but 0 concerns → not complete', async () => {
    const user = await insertUser(t.db);
    const cookie = await signIn(t.app, user.email, user.password);
    const response = await req('PUT', '/beauty-profile', { cookie, body: { ...full, skinConcerns: [] } });
    expect(((await response.json()) as { data: { completed: boolean } }).data.completed).toBe(false);
  });

  it('4 invalid bodies → 400 naming the field, and the stored profile unchanged', async () => {
    const user = await insertUser(t.db);
    const cookie = await signIn(t.app, user.email, user.password);
    expect((await req('PUT', '/beauty-profile', { cookie, body: full })).status).toBe(200);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...full, skinType: 'purple' }, 'body.skinType'],
      [{ ...full, skinConcerns: ['acne', 'acne'] }, 'body.skinConcerns'],
      [{ ...full, hairConcerns: ['split-ends'] }, 'body.hairConcerns.0'],
      [{ ...full, eyeColour: undefined }, 'body.eyeColour'],
    ];
    for (const [body, field] of cases) {
      const response = await req('PUT', '/beauty-profile', { cookie, body });
      expect(response.status, field).toBe(400);
      expect(((await response.json()) as { errors: { field: string }[] }).errors.map((error) => error.field)).toEqual([field]);
    }
    const read = await req('GET', '/beauty-profile', { cookie });
    expect(((await read.json()) as { data: { profile: unknown } }).data.profile).toEqual(full);
  });

  it('unknown keys such as __proto__ are dropped, not stored', async () => {
    const user = await insertUser(t.db);
    const cookie = await signIn(t.app, user.email, user.password);
    const body = `{"__proto__":{"polluted":true},"extra":1,${JSON.stringify(full).slice(1)}`;
    expect((await req('PUT', '/beauty-profile', { cookie, body })).status).toBe(200);
    const read = await req('GET', '/beauty-profile', { cookie });
    expect(((await read.json()) as { data: { profile: unknown } }).data.profile).toEqual(full);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});
