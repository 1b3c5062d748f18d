// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { GOOGLE_SIGN_IN_META_NAME } from '../../src/contract/account.ts';
import { googleAuthorizationUrl, readPendingLink } from '../../src/web/features/account/google.ts';
import { fakeAccountApi, setSessionCookie, SHOPPER } from '../helpers/account-fake.ts';
import { renderApp } from '../helpers/render-app.tsx';

const CONFIG = { authorizationEndpoint: 'https://issuer.test/authorize', clientId: 'client-123' };
/** jsdom cannot follow a link to another site: the provider's link is only read, never followed. */
const preventNavigation = (event: Event) => {
  if (event.target instanceof Element && event.target.closest('a[href^="https:"]')) event.preventDefault();
};

beforeEach(() => {
  const meta = document.createElement('meta');
  meta.name = GOOGLE_SIGN_IN_META_NAME;
  meta.content = JSON.stringify(CONFIG);
  document.head.append(meta);
  document.addEventListener('click', preventNavigation);
});

afterEach(() => {
  document.head.querySelector(`meta[name="${GOOGLE_SIGN_IN_META_NAME}"]`)?.remove();
  document.removeEventListener('click', preventNavigation);
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

const base64url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const idToken = (claims: Record<string, unknown>) => `${base64url('{"alg":"RS256"}')}.${base64url(JSON.stringify(claims))}.signature`;

/** Starts an attempt as the button would, and returns the callback fragment the provider would send back. */
function providerAnswer(returnTo: string | null, tamper: { state?: string; nonce?: string } = {}): string {
  const url = new URL(googleAuthorizationUrl(CONFIG, { origin: window.location.origin, returnTo }));
  const state = tamper.state ?? url.searchParams.get('state') ?? '';
  const nonce = tamper.nonce ?? url.searchParams.get('nonce') ?? '';
  return `#id_token=${idToken({ sub: 'g-1', nonce })}&state=${encodeURIComponent(state)}`;
}

describe('Continue with Google', () => {
  test('absent without the server\'s meta', async () => {
    document.head.querySelector(`meta[name="${GOOGLE_SIGN_IN_META_NAME}"]`)?.remove();
    await renderApp({ url: '/sign_in' });
    await screen.findByRole('form', { name: 'Sign in' });
    expect(screen.queryByRole('link', { name: 'Continue with Google' })).not.toBeInTheDocument();
  });

  test('the link goes to the authorization endpoint with client_id, redirect_uri, response_type id_token, scope, nonce and state', async () => {
    const app = await renderApp({ url: '/sign_in?return_to=%2Fcart' });
    const link = await screen.findByRole('link', { name: 'Continue with Google' });
    await app.user.click(link);
    const url = new URL(link.getAttribute('href') ?? '');
    expect(`${url.origin}${url.pathname}`).toBe(CONFIG.authorizationEndpoint);
    expect(url.searchParams.get('client_id')).toBe('client-123');
    expect(url.searchParams.get('redirect_uri')).toBe(`${window.location.origin}/sign_in/google`);
    expect(url.searchParams.get('response_type')).toBe('id_token');
    expect(link.getAttribute('href')).toContain('scope=openid%20email%20profile');
    expect(url.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{22}~%2Fcart$/);
  });

  test('two clicks make two different states (one attempt each)', async () => {
    const app = await renderApp({ url: '/register' });
    const link = await screen.findByRole('link', { name: 'Continue with Google' });
    await app.user.click(link);
    const first = new URL(link.getAttribute('href') ?? '').searchParams.get('state');
    await app.user.click(link);
    expect(new URL(link.getAttribute('href') ?? '').searchParams.get('state')).not.toBe(first);
  });
});

describe('/sign_in/google', () => {
  test('a linked account is signed in and lands on the return_to carried by the state', async () => {
    window.history.replaceState(null, '', `/sign_in/google${providerAnswer('/products/silk-foundation')}`);
    const accountApi = fakeAccountApi();
    accountApi.socialSignIn = async () => {
      setSessionCookie();
      return SHOPPER;
    };
    const app = await renderApp({ url: '/sign_in/google', account: accountApi });
    await waitFor(() => expect(app.assigned).toEqual(['/products/silk-foundation']));
    // The token leaves the address bar.
    expect(window.location.hash).toBe('');
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Account' })).toBeInTheDocument();
  });

  test.each([
    ['a state this tab never issued', { state: 'forged~%2F' }],
    ['a token minted for another attempt (nonce)', { nonce: 'other-nonce' }],
  ])('%s is refused before anything is sent', async (_name, tamper) => {
    window.history.replaceState(null, '', `/sign_in/google${providerAnswer('/cart', tamper)}`);
    const accountApi = fakeAccountApi();
    await renderApp({ url: '/sign_in/google', account: accountApi });
    expect(await screen.findByRole('alert')).toHaveTextContent('This Google sign-in could not be verified');
    expect(accountApi.state.calls).toEqual([]);
  });

  test('not linked (404 social_not_linked): the register form opens prefilled with a notice and sends the Google token', async () => {
    const fragment = providerAnswer('/cart');
    window.history.replaceState(null, '', `/sign_in/google${fragment}`);
    const accountApi = fakeAccountApi();
    const callback = await renderApp({ url: '/sign_in/google', account: accountApi });
    await waitFor(() => expect(callback.assigned).toEqual(['/register?google=link&return_to=%2Fcart']));
    const token = new URLSearchParams(fragment.slice(1)).get('id_token');
    expect(readPendingLink()).toEqual({ idToken: token, email: 'new@example.com', firstName: 'Nia', lastName: 'Putri' });
    callback.unmount();

    const app = await renderApp({ url: '/register?google=link&return_to=%2Fcart', account: accountApi });
    expect(await screen.findByText('This Google account is not linked yet: create your account to continue')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Create an account' });
    expect(within(form).getByLabelText('Email')).toHaveValue('new@example.com');
    expect(within(form).getByLabelText('First name')).toHaveValue('Nia');
    expect(within(form).getByLabelText('Last name')).toHaveValue('Putri');
    await app.user.type(within(form).getByLabelText('Password'), 'sunrise2026');
    for (const consent of [
      'I consent to the collection and use of my personal information.',
      'I consent to the disclosure of my personal information to third parties.',
      'I agree to the privacy policy.',
      'I am over 14 years old.',
    ])
      await app.user.click(within(form).getByLabelText(consent));
    await app.user.click(within(form).getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(accountApi.state.registered).toHaveLength(1));
    expect(accountApi.state.registered[0]?.googleIdToken).toBe(token);
    await waitFor(() => expect(app.assigned).toEqual(['/cart']));
    expect(readPendingLink()).toBeNull();
  });
});
