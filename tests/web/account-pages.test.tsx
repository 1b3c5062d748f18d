// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { ROUTE_MANIFEST } from '../../src/web/app/route-manifest.ts';
import { ROUTES } from '../../src/web/app/routes.tsx';
import { apiError, fakeAccountApi, LIVE_RESET_TOKEN, networkError, SHOPPER_PASSWORD } from '../helpers/account-fake.ts';
import { renderApp } from '../helpers/render-app.tsx';
import { fakeSandboxApi } from '../helpers/app-apis.ts';
import type { SandboxEmail } from '../../src/web/features/sandbox/sandbox-api.ts';

test('every account path is in the route table with its own screen chunk (9 paths)', async () => {
  // The account screens and the dashboard (the shell's module that adds the Beauty Pass section).
  const accountPaths = ROUTE_MANIFEST.filter((route) => route.module.startsWith('src/web/features/account/') || route.path === '/account').map((route) => route.path);
  expect(accountPaths).toEqual(['/sign_in', '/sign_in/google', '/register', '/forgot_password', '/reset_password', '/account', '/account/profile', '/account/password', '/account/beauty-profile']);
  const modules = new Set<unknown>();
  for (const path of accountPaths) {
    const route = ROUTES.find((candidate) => candidate.path === path);
    const loaded = (await route?.screen.preload?.()) as { default?: unknown } | undefined;
    expect(typeof loaded?.default, path).toBe('function');
    modules.add(loaded?.default);
  }
  // One screen per path: no path shows another path's screen.
  expect(modules.size).toBe(accountPaths.length);
  // The two that read the browser as they start are rendered by the browser only.
  expect(ROUTES.filter((route) => route.browserOnly).map((route) => route.path)).toEqual(['/sign_in/google', '/register']);
});

describe('forgot password', () => {
  test.each([
    ['202', null],
    ['a 500', apiError(500, { referenceId: 'ref-1' })],
    ['a 429', apiError(429)],
  ])('after %s answer the page says "A reset link will be sent to your email …" (neutral)', async (_answer, error) => {
    const accountApi = fakeAccountApi();
    const real = accountApi.requestPasswordReset;
    accountApi.requestPasswordReset = async (email) => {
      await real(email);
      if (error) throw error;
    };
    const app = await renderApp({ url: '/forgot_password', account: accountApi });
    await app.user.type(await screen.findByLabelText('Email'), ' Nobody@Example.com ');
    await app.user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('A reset link will be sent to your email nobody@example.com')).toBeInTheDocument();
    expect(accountApi.state.calls).toEqual([{ method: 'requestPasswordReset', args: ['nobody@example.com'] }]);
  });

  test('a request that never reached the server is reported, not confirmed', async () => {
    const accountApi = fakeAccountApi();
    accountApi.requestPasswordReset = async () => {
      throw networkError();
    };
    const app = await renderApp({ url: '/forgot_password', account: accountApi });
    await app.user.type(await screen.findByLabelText('Email'), 'ana@example.com');
    await app.user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach the store');
    expect(screen.queryByText(/A reset link will be sent/)).not.toBeInTheDocument();
  });
});

describe('reset password', () => {
  test.each([
    ['no token', '/reset_password', 0],
    ['a malformed token', '/reset_password?token=abc', 0],
    ['an expired token (410)', `/reset_password?token=${'b'.repeat(43)}`, 1],
  ])('%s (%s): "This link has expired or was already used" with a link to ask for a new one, after %i checks', async (_name, url, checks) => {
    const accountApi = fakeAccountApi();
    await renderApp({ url, account: accountApi });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This link has expired or was already used');
    expect(within(alert).getByRole('link', { name: 'Ask for a new reset link' })).toHaveAttribute('href', '/forgot_password');
    expect(accountApi.state.calls.filter((call) => call.method === 'checkResetLink')).toHaveLength(checks);
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  test('a live link: the new password is checked, then "Your password was changed successfully" with a sign-in link', async () => {
    const accountApi = fakeAccountApi();
    const app = await renderApp({ url: `/reset_password?token=${LIVE_RESET_TOKEN}`, account: accountApi });
    expect(await screen.findByText('Choose a new password for a***@example.com.')).toBeInTheDocument();
    const password = screen.getByLabelText('New password');
    await app.user.type(password, 'short1');
    await app.user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('New password: Use at least 8 characters');
    await app.user.clear(password);
    await app.user.type(password, 'longer-and-1');
    await app.user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password was changed successfully')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign_in');
    expect(accountApi.state.calls.at(-1)).toEqual({ method: 'resetPassword', args: [LIVE_RESET_TOKEN, 'longer-and-1'] });
  });
});

describe('account pages need a session', () => {
  test.each(['/account', '/account/profile', '/account/password', '/account/beauty-profile'])('%s without the jwt-data cookie redirects to sign-in with return_to', async (path) => {
    const accountApi = fakeAccountApi();
    const app = await renderApp({ url: path, account: accountApi });
    await waitFor(() => expect(app.assigned).toEqual([`/sign_in?return_to=${encodeURIComponent(path)}`]));
    expect(accountApi.state.calls).toEqual([]);
  });
});

describe('account dashboard', () => {
  test('shows the member: name, email, Pink badge with 120 points, beauty profile not completed, 2 devices, and links', async () => {
    await renderApp({ url: '/account', user: 'member' });
    expect(await screen.findByText('Hello, Ana')).toBeInTheDocument();
    expect(screen.getByText('ana@example.com')).toBeInTheDocument();
    const pass = screen.getByTestId('beauty-pass');
    expect(within(pass).getByText('Pink')).toHaveAttribute('data-tier', 'pink');
    expect(pass).toHaveTextContent('120 points');
    expect(screen.getByText('Not completed yet')).toBeInTheDocument();
    expect(screen.getByText('2 devices')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Account settings' });
    expect(within(nav).getByRole('link', { name: 'Edit your profile' })).toHaveAttribute('href', '/account/profile');
    expect(within(nav).getByRole('link', { name: 'Change your password' })).toHaveAttribute('href', '/account/password');
    expect(within(nav).getByRole('link', { name: 'Complete your beauty profile' })).toHaveAttribute('href', '/account/beauty-profile');
  });

  test('a failed load says "Your account could not be loaded." with Retry; 1 retry later the dashboard shows', async () => {
    const accountApi = fakeAccountApi();
    const real = accountApi.account;
    let calls = 0;
    accountApi.account = async (options) => {
      calls += 1;
      if (calls === 1) throw networkError();
      return real(options);
    };
    const app = await renderApp({ url: '/account', user: 'member', account: accountApi });
    const title = await screen.findByText('Your account could not be loaded.');
    expect(title.closest('[role="alert"]')).not.toBeNull();
    await app.user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Hello, Ana')).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  test('a profile the server does not find (404) says "This page could not be loaded." without a Retry that cannot help', async () => {
    const accountApi = fakeAccountApi();
    accountApi.beautyProfile = async () => {
      throw apiError(404);
    };
    await renderApp({ url: '/account/beauty-profile', user: 'member', account: accountApi });
    expect(await screen.findByText('This page could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  test('not a Beauty Pass member: an invitation to join instead of a tier', async () => {
    const accountApi = fakeAccountApi();
    accountApi.state.account = { ...accountApi.state.account, beautyPass: null };
    await renderApp({ url: '/account', user: 'member', account: accountApi });
    expect(await screen.findByText(/You are not a Beauty Pass member yet/)).toBeInTheDocument();
  });

  test.each([
    ['Sign out', 'signOut'],
    ['Sign out of all devices', 'signOutEverywhere'],
  ])('"%s" says "Signed out successfully", goes to / and the header shows Sign in again', async (button, method) => {
    const accountApi = fakeAccountApi();
    const app = await renderApp({ url: '/account', user: 'member', account: accountApi });
    const banner = screen.getByRole('banner');
    expect(await within(banner).findByRole('link', { name: 'Account' })).toBeInTheDocument();
    await screen.findByText('Hello, Ana');
    await app.user.click(screen.getByRole('button', { name: button }));
    expect(await screen.findByText('Signed out successfully')).toBeInTheDocument();
    await waitFor(() => expect(app.assigned).toEqual(['/']));
    expect(within(banner).getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(accountApi.state.calls.map((call) => call.method)).toContain(method);
  });
});

describe('profile, password and beauty profile', () => {
  test('profile: starts from the account (names, marketing consent) and saves the change', async () => {
    const accountApi = fakeAccountApi();
    const app = await renderApp({ url: '/account/profile', user: 'member', account: accountApi });
    const first = await screen.findByLabelText('First name');
    expect(first).toHaveValue('Ana');
    expect(screen.getByLabelText('Send me news and offers (optional).')).toBeChecked();
    await app.user.clear(first);
    await app.user.type(first, 'Anna');
    await app.user.click(screen.getByLabelText('Send me news and offers (optional).'));
    await app.user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your profile was saved')).toBeInTheDocument();
    expect(accountApi.state.calls.at(-1)).toEqual({ method: 'updateProfile', args: [{ firstName: 'Anna', lastName: 'Lim', marketingConsent: false }] });
  });

  test('change password: a wrong current password (400 wrong_password) marks that field', async () => {
    const app = await renderApp({ url: '/account/password', user: 'member' });
    await app.user.type(await screen.findByLabelText('Current password'), 'not-it-1');
    await app.user.type(screen.getByLabelText('New password'), 'brand-new-2');
    await app.user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The current password is not correct');
    expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription('The current password is not correct');
    await app.user.clear(screen.getByLabelText('Current password'));
    await app.user.type(screen.getByLabelText('Current password'), SHOPPER_PASSWORD);
    await app.user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password was changed successfully')).toBeInTheDocument();
  });

  test('beauty profile: a skin type, 2 skin concerns (checkboxes) and a finish are saved; the rest stay null', async () => {
    const accountApi = fakeAccountApi();
    const app = await renderApp({ url: '/account/beauty-profile', user: 'member', account: accountApi });
    await app.user.selectOptions(await screen.findByLabelText('Skin type'), 'combination');
    const concerns = screen.getByRole('group', { name: 'Skin concerns' });
    await app.user.click(within(concerns).getByLabelText('Dark spots'));
    await app.user.click(within(concerns).getByLabelText('Redness'));
    await app.user.selectOptions(screen.getByLabelText('Preferred finish'), 'dewy');
    await app.user.click(screen.getByRole('button', { name: 'Save beauty profile' }));
    expect(await screen.findByText('Your beauty profile was saved')).toBeInTheDocument();
    expect(accountApi.state.beautyProfile.profile).toEqual({
      skinType: 'combination',
      skinConcerns: ['dark-spots', 'redness'],
      hairType: null,
      hairConcerns: [],
      eyeColour: null,
      skinTone: null,
      undertone: null,
      finish: 'dewy',
    });
  });
});

describe('sandbox mailbox', () => {
  test('lists the outbox newest first (2 emails) with clickable links', async () => {
    const emails: SandboxEmail[] = [
      { id: 1, kind: 'welcome', to: 'ana@example.com', subject: 'Welcome to Beauty Pass', text: 'Hello Ana.', createdAt: '2026-11-20T08:00:00Z', sentAt: null },
      {
        id: 2,
        kind: 'password-reset',
        to: 'ana@example.com',
        subject: 'Reset your password',
        text: `Choose a new password: http://localhost:8080/reset_password?token=${LIVE_RESET_TOKEN}.\nIt works for 1 hour.`,
        createdAt: '2026-11-21T08:00:00Z',
        sentAt: null,
      },
    ];
    await renderApp({ url: '/sandbox/mailbox', sandbox: fakeSandboxApi(emails) });
    const items = await screen.findAllByRole('article');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(['Reset your password', 'Welcome to Beauty Pass']);
    // The sentence's full stop is not part of the link.
    expect(within(items[0] as HTMLElement).getByRole('link')).toHaveAttribute('href', `http://localhost:8080/reset_password?token=${LIVE_RESET_TOKEN}`);
  });

  test('an empty outbox', async () => {
    await renderApp({ url: '/sandbox/mailbox' });
    expect(await screen.findByText('The outbox is empty: no email has been sent yet.')).toBeInTheDocument();
  });
});
