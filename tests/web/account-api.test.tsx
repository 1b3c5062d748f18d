import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EARNING_POINTS } from '../../src/config/loyalty-points.ts';
import { classifyFailure } from '../../machines/account/account-form.failure.ts';
import { validateForm, type AccountFormDefinition } from '../../machines/account/account-form.definition.ts';
import { CHANGE_PASSWORD_FORM, RESET_PASSWORD_FORM } from '../../machines/account/forms/password.forms.ts';
import { REGISTER_FORM } from '../../machines/account/forms/register.form.ts';
import { SIGN_IN_FORM } from '../../machines/account/forms/sign-in.form.ts';
import { BEAUTY_PASS_TERMS } from '../../src/config/consents.ts';
import { SESSION_COOKIES } from '../../src/contract/auth.ts';
import { createAccountApi, type AccountApi } from '../../src/web/features/account/account-api.ts';
import { createSignInApi, type SignInApi } from '../../src/web/features/account/sign-in-api.ts';
import { createSandboxApi, type SandboxApi } from '../../src/web/features/sandbox/sandbox-api.ts';
import { createApiClient } from '../../src/web/shared/api/client.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';

/**
 * The SPA's account module (the real API client, every answer parsed with the contract's schemas)
 * against the real server on PGlite: what the fakes of the view tests stand for is checked here.
 */
let server: TestApp;
let api: AccountApi & SignInApi;
let sandbox: SandboxApi;
const jar = new Map<string, string>();

beforeAll(async () => {
  server = await createTestApp({ seedProducts: 0 });
  const fetchThroughApp: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    if (jar.size > 0) request.headers.set('Cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await server.app.request(request);
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const cut = pair.indexOf('=');
      if (cut < 0) continue;
      if (/Max-Age=0(;|$)/i.test(line)) jar.delete(pair.slice(0, cut));
      else jar.set(pair.slice(0, cut), pair.slice(cut + 1));
    }
    return response;
  };
  const client = createApiClient({ baseURL: 'http://localhost/api/web/v1', site: () => ({ country: 'ID', language: 'id' }), fetch: fetchThroughApp, retryDelay: () => 0 });
  api = { ...createAccountApi(client, { clearSession: () => jar.delete(SESSION_COOKIES.data) }), ...createSignInApi(client) };
  sandbox = createSandboxApi(client);
});

afterAll(async () => {
  await server?.close();
});

const REGISTER = {
  email: 'Siti.Rahma@Example.co.id',
  password: 'mentari2026',
  firstName: 'Siti',
  lastName: 'Rahma',
  country: 'ID',
  personalInformation: true,
  thirdPartyDisclosure: true,
  policy: true,
  over14: true,
  marketing: true,
  beautyPass: true,
};

/** What the register form sends for these values (the machine's own payload). */
function registerBody(values: Record<string, string | boolean> = REGISTER) {
  const validation = validateForm(REGISTER_FORM, values, {});
  if (!validation.ok) throw new Error(`invalid form: ${JSON.stringify(validation.errors)}`);
  return validation.payload as Parameters<AccountApi['register']>[0];
}

async function failureOf(promise: Promise<unknown>, form: AccountFormDefinition) {
  try {
    await promise;
  } catch (error) {
    return classifyFailure(form.fields, error);
  }
  throw new Error('expected a refusal');
}

describe('account module against the real server', () => {
  test('register (ID, Beauty Pass) → signed in; the dashboard says pink, the registration points, 1 device, marketing consent on', async () => {
    const user = await api.register(registerBody());
    expect(user).toMatchObject({ email: 'siti.rahma@example.co.id', firstName: 'Siti', country: 'ID', role: 'shopper' });
    expect(jar.has(SESSION_COOKIES.data)).toBe(true);
    const account = await api.account();
    expect(account.beautyPass).toMatchObject({ tier: 'pink', points: EARNING_POINTS.registration, termsVariant: BEAUTY_PASS_TERMS.ID.variant });
    expect(account.activeSessions).toBe(1);
    expect(account.marketingConsent).toBe(true);
  });

  test('the same email again → email_taken, which the form marks on the email field', async () => {
    const { failure, fieldErrors } = await failureOf(api.register(registerBody()), REGISTER_FORM);
    expect(failure).toEqual({ reason: 'emailTaken' });
    expect(fieldErrors).toEqual({ email: 'emailTaken' });
  });

  test('profile, beauty profile and a wrong current password round-trip through the schemas', async () => {
    expect(await api.updateProfile({ firstName: 'Sita', lastName: 'Rahma', marketingConsent: false })).toMatchObject({ firstName: 'Sita' });
    expect((await api.account()).marketingConsent).toBe(false);
    const saved = await api.saveBeautyProfile({ skinType: 'oily', skinConcerns: ['acne'], hairType: null, hairConcerns: [], eyeColour: 'brown', skinTone: null, undertone: null, finish: 'matte' });
    expect(saved.profile.skinType).toBe('oily');
    expect((await api.beautyProfile()).profile.skinConcerns).toEqual(['acne']);
    const { failure } = await failureOf(api.changePassword({ currentPassword: 'not-it-1', newPassword: 'another2027' }), CHANGE_PASSWORD_FORM);
    expect(failure).toEqual({ reason: 'wrongPassword' });
    await api.changePassword({ currentPassword: REGISTER.password, newPassword: 'another2027' });
  });

  test('sign out, a wrong password (401 → authenticationFailed), then sign in again', async () => {
    await api.signOut();
    expect(jar.has(SESSION_COOKIES.data)).toBe(false);
    const { failure } = await failureOf(api.signIn({ email: REGISTER.email, password: 'wrong-password-1' }), SIGN_IN_FORM);
    expect(failure).toEqual({ reason: 'authenticationFailed' });
    expect(await api.signIn({ email: REGISTER.email, password: 'another2027' })).toMatchObject({ firstName: 'Sita' });
    await api.signOutEverywhere();
    expect(jar.has(SESSION_COOKIES.data)).toBe(false);
  });

  test('password reset: a neutral answer, the link in the sandbox outbox, a dead token → linkInvalid', async () => {
    await api.requestPasswordReset('siti.rahma@example.co.id');
    await api.requestPasswordReset('nobody@example.com');
    const emails = await sandbox.emails();
    const reset = emails.find((email) => email.to === 'siti.rahma@example.co.id' && /reset_password\?token=/.test(email.text));
    expect(reset).toBeDefined();
    const token = /reset_password\?token=([A-Za-z0-9_-]{43})/.exec(reset?.text ?? '')?.[1] ?? '';
    expect((await api.checkResetLink(token)).email).toContain('@example.co.id');
    await api.resetPassword(token, 'third-one-3');
    const { failure } = await failureOf(api.checkResetLink(token), RESET_PASSWORD_FORM);
    expect(failure).toEqual({ reason: 'linkInvalid' });
    expect(await api.signIn({ email: REGISTER.email, password: 'third-one-3' })).toMatchObject({ email: 'siti.rahma@example.co.id' });
  });

  test('repeated failures block the account: the form gets blocked with the server\'s BP- reference id (within 20 tries)', async () => {
    let failure: ReturnType<typeof classifyFailure>['failure'] | null = null;
    for (let attempt = 1; attempt <= 20 && failure?.reason !== 'blocked'; attempt += 1) {
      ({ failure } = await failureOf(api.signIn({ email: 'ghost@example.com', password: `guess-${attempt}` }), SIGN_IN_FORM));
    }
    expect(failure).toEqual({ reason: 'blocked', referenceId: expect.stringMatching(/^BP-[0-9A-Z]{10}$/) });
  });
});
