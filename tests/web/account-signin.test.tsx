// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { ACCOUNT_ERROR_CODES, ACCOUNT_MESSAGES } from '../../src/contract/account.ts';
import { apiError, fakeAccountApi, networkError, SHOPPER, SHOPPER_PASSWORD } from '../helpers/account-fake.ts';
import { renderApp, type RenderAppResult } from '../helpers/render-app.tsx';

async function signIn(app: RenderAppResult, email = SHOPPER.email, password = SHOPPER_PASSWORD) {
  const form = await screen.findByRole('form', { name: 'Sign in' });
  await app.user.type(within(form).getByLabelText('Email'), email);
  await app.user.type(within(form).getByLabelText('Password'), password);
  await app.user.click(within(form).getByRole('button', { name: 'Sign in' }));
}

const banner = () => screen.getByRole('banner');

describe('sign-in', () => {
  test('a first screen: the form renders with the storefront messages alone, and its errors come with the account catalog after it', async () => {
    const app = await renderApp({ url: '/sign_in', language: 'th', country: 'th', featureCatalogs: [] });
    // Rendered at once in Thai: nothing waits for the account feature's catalog (no skeleton first).
    const form = screen.getByRole('form', { name: 'เข้าสู่ระบบ' });
    expect(within(form).getByLabelText('อีเมล')).toBeInTheDocument();
    expect(within(form).getByLabelText('รหัสผ่าน')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ลืมรหัสผ่านใช่ไหม' })).toBeInTheDocument();
    await app.user.click(within(form).getByRole('button', { name: 'เข้าสู่ระบบ' }));
    // The errors are the account catalog's, translated (not a message id) once it has loaded.
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.textContent).toMatch(/[\u0E00-\u0E7F]/));
    expect(within(form).getByLabelText('อีเมล')).toHaveAttribute('aria-invalid', 'true');
  });

  test('success lands on return_to (a product page with its query) and the header switches Sign in → Account', async () => {
    const returnTo = '/products/silk-foundation?shade=2';
    const app = await renderApp({ url: `/sign_in?return_to=${encodeURIComponent(returnTo)}` });
    expect(await within(banner()).findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', expect.stringContaining('/sign_in?return_to='));
    await signIn(app);
    await waitFor(() => expect(app.assigned).toEqual([returnTo]));
    expect(within(banner()).getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
    expect(within(banner()).queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  test.each([
    ['//evil.example', 'protocol-relative host'],
    ['https://evil.example/account', 'absolute URL'],
    ['/\\evil.example', 'backslash host'],
    ['javascript:alert(1)', 'javascript: URL'],
    ['%2F%2Fevil.example', 'encoded //'],
  ])('a hostile return_to %s (%s) lands on / after sign-in', async (hostile) => {
    const app = await renderApp({ url: `/sign_in?return_to=${encodeURIComponent(hostile)}` });
    await signIn(app);
    await waitFor(() => expect(app.assigned).toEqual(['/']));
  });

  test('no return_to lands on /', async () => {
    const app = await renderApp({ url: '/sign_in' });
    await signIn(app);
    await waitFor(() => expect(app.assigned).toEqual(['/']));
  });

  test('a wrong password (401) says "Authentication failed" in an alert that takes the focus; nothing navigates', async () => {
    const app = await renderApp({ url: '/sign_in?return_to=%2Faccount' });
    await signIn(app, SHOPPER.email, 'wrong-password-9');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Authentication failed');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(app.assigned).toEqual([]);
    expect(within(banner()).getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
  });

  test('a blocked account (403 sign_in_blocked) shows the message of spec §8 and its reference id ref-7f3a9c', async () => {
    const accountApi = fakeAccountApi();
    accountApi.signIn = async () => {
      throw apiError(403, { message: ACCOUNT_MESSAGES.blocked, code: ACCOUNT_ERROR_CODES.signInBlocked, referenceId: 'ref-7f3a9c' });
    };
    const app = await renderApp({ url: '/sign_in', account: accountApi });
    await signIn(app);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Account cannot be signed in; contact support quoting a Reference ID');
    expect(within(alert).getByText('ref-7f3a9c')).toBeVisible();
    expect(alert).toHaveTextContent('Reference ID: ref-7f3a9c');
  });

  test('a refused sign-in (403 sign_in_rejected) says "The system has rejected the sign-in request"', async () => {
    const accountApi = fakeAccountApi();
    accountApi.signIn = async () => {
      throw apiError(403, { message: ACCOUNT_MESSAGES.rejected, code: ACCOUNT_ERROR_CODES.signInRejected });
    };
    const app = await renderApp({ url: '/sign_in', account: accountApi });
    await signIn(app);
    expect(await screen.findByRole('alert')).toHaveTextContent('The system has rejected the sign-in request');
  });

  test('offline: the form says the store could not be reached, and a second try succeeds', async () => {
    const accountApi = fakeAccountApi();
    const real = accountApi.signIn;
    let attempts = 0;
    accountApi.signIn = async (body) => {
      attempts += 1;
      if (attempts === 1) throw networkError();
      return real(body);
    };
    const app = await renderApp({ url: '/sign_in?return_to=%2Fprivacy', account: accountApi });
    await signIn(app);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach the store');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(app.assigned).toEqual(['/privacy']));
    expect(attempts).toBe(2);
  });

  test('empty fields are refused in the browser: 0 requests, 2 errors linked to their inputs, the summary focused', async () => {
    const accountApi = fakeAccountApi();
    const app = await renderApp({ url: '/sign_in', account: accountApi });
    await app.user.click(await screen.findByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(within(alert).getAllByRole('link')).toHaveLength(2);
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    // What to type, one message per field; the email in checkout's and booking's words.
    expect(email).toHaveAccessibleDescription('Enter your email address, like name@example.com.');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Enter your password.');
    expect(alert).toHaveTextContent('Email: Enter your email address, like name@example.com.');
    expect(accountApi.state.calls).toEqual([]);
  });

  test('the submit button is disabled with a busy label while the request runs', async () => {
    const accountApi = fakeAccountApi();
    let release: () => void = () => undefined;
    accountApi.signIn = () =>
      new Promise((_, reject) => {
        release = () => reject(apiError(401));
      });
    const app = await renderApp({ url: '/sign_in', account: accountApi });
    await signIn(app);
    const busy = await screen.findByRole('button', { name: 'Signing in…' });
    expect(busy).toBeDisabled();
    release();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  test('links: Forgot password? and Create an account (keeping return_to)', async () => {
    await renderApp({ url: '/sign_in?return_to=%2Fcart' });
    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot_password');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register?return_to=%2Fcart');
  });
});

describe('header', () => {
  test('signed out: "Sign in" links to /sign_in with the current page as return_to', async () => {
    await renderApp({ url: '/categories/makeup?sort=newest' });
    const link = await within(banner()).findByRole('link', { name: 'Sign in' });
    expect(link).toHaveAttribute('href', `/sign_in?return_to=${encodeURIComponent('/categories/makeup?sort=newest')}`);
  });
});

describe('landing after sign-in', () => {
  test.each([
    ['/sign_in?return_to=%2Fcart', '/'],
    ['/register', '/'],
    ['/reset_password?token=x', '/'],
    ['/sign_inside', '/sign_inside'],
    ['/account/profile', '/account/profile'],
  ])('return_to %s lands on %s (never back on a sign-in page)', async (returnTo, landing) => {
    const app = await renderApp({ url: `/sign_in?return_to=${encodeURIComponent(returnTo)}` });
    await signIn(app);
    await waitFor(() => expect(app.assigned).toEqual([landing]));
  });
});
