import { safeReturnTo } from '../../../contract/return-to.ts';
import type { GoogleConfig } from './google-config.ts';

/**
 * "Continue with Google" (OpenID Connect implicit flow, `response_type=id_token`): the server
 * verifies the ID token's signature and issuer; the page checks that the answer is the one it
 * asked for (`state`) and that the token was minted for this attempt (`nonce`), so a token or a
 * callback URL planted by another site is refused. Whether the provider is configured at all is
 * `google-config.ts`'s: the sign-in page loads this module only when the shopper goes for the button.
 */
export const GOOGLE_CALLBACK_PATH = '/sign_in/google';
const ATTEMPT_KEY = 'bp-google-signin';
const LINK_KEY = 'bp-google-link';
/** `/register?google=link` marks the hand-over from a Google sign-in whose account is not linked yet. */
export const GOOGLE_LINK_PARAM = 'google';

/** 128 random bits, base64url. */
export function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

interface Attempt {
  state: string;
  nonce: string;
}

/**
 * The provider's authorization URL for a new attempt; the attempt's `state` and `nonce` are kept in
 * the tab's sessionStorage. `state` also carries where to land afterwards (already made safe).
 */
export function googleAuthorizationUrl(config: GoogleConfig, { origin, returnTo, storage = sessionStorage }: { origin: string; returnTo: string | null; storage?: Storage }): string {
  const attempt: Attempt = { state: `${randomToken()}~${encodeURIComponent(safeReturnTo(returnTo))}`, nonce: randomToken() };
  storage.setItem(ATTEMPT_KEY, JSON.stringify(attempt));
  const url = new URL(config.authorizationEndpoint);
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('redirect_uri', `${origin}${GOOGLE_CALLBACK_PATH}`);
  url.searchParams.set('response_type', 'id_token');
  url.searchParams.set('scope', 'openid email profile');
  url.searchParams.set('nonce', attempt.nonce);
  url.searchParams.set('state', attempt.state);
  // URLSearchParams writes spaces as '+'; the spec'd form of the scope is %20.
  return url.href.replace(/scope=openid\+email\+profile/, 'scope=openid%20email%20profile');
}

/** The `nonce` claim of a JWT's payload, or null when the token cannot be read. */
function nonceOf(idToken: string): string | null {
  const payload = idToken.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '='));
    const claims = JSON.parse(json) as { nonce?: unknown };
    return typeof claims.nonce === 'string' ? claims.nonce : null;
  } catch {
    return null;
  }
}

export type GoogleCallback =
  | { ok: true; idToken: string; returnTo: string }
  /** `denied`: the shopper cancelled at the provider; `mismatch`: not the answer to our attempt. */
  | { ok: false; reason: 'denied' | 'mismatch' };

/** Reads the provider's answer from the callback URL's fragment and checks it against the stored attempt. */
export function readGoogleCallback(fragment: string, storage: Storage = sessionStorage): GoogleCallback {
  const params = new URLSearchParams(fragment.startsWith('#') ? fragment.slice(1) : fragment);
  if (params.has('error')) return { ok: false, reason: 'denied' };
  const idToken = params.get('id_token');
  const state = params.get('state');
  let attempt: Attempt | null = null;
  try {
    attempt = JSON.parse(storage.getItem(ATTEMPT_KEY) ?? 'null') as Attempt | null;
  } catch {
    attempt = null;
  }
  if (!idToken || !state || !attempt || typeof attempt.state !== 'string' || state !== attempt.state) return { ok: false, reason: 'mismatch' };
  if (nonceOf(idToken) !== attempt.nonce) return { ok: false, reason: 'mismatch' };
  const encoded = state.slice(state.indexOf('~') + 1);
  let returnTo = '/';
  try {
    returnTo = safeReturnTo(decodeURIComponent(encoded));
  } catch {
    returnTo = '/';
  }
  return { ok: true, idToken, returnTo };
}

/** The attempt is used up (answered or refused): a replayed callback URL finds nothing to match. */
export function forgetGoogleAttempt(storage: Storage = sessionStorage): void {
  storage.removeItem(ATTEMPT_KEY);
}

/** A Google account without a store account: the register form starts from what Google told us. */
export interface PendingGoogleLink {
  idToken: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
}

export function savePendingLink(link: PendingGoogleLink, storage: Storage = sessionStorage): void {
  storage.setItem(LINK_KEY, JSON.stringify(link));
}

export function readPendingLink(storage: Storage = sessionStorage): PendingGoogleLink | null {
  try {
    const link = JSON.parse(storage.getItem(LINK_KEY) ?? 'null') as Partial<PendingGoogleLink> | null;
    if (!link || typeof link.idToken !== 'string' || link.idToken === '') return null;
    const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
    return { idToken: link.idToken, email: text(link.email), firstName: text(link.firstName), lastName: text(link.lastName) };
  } catch {
    return null;
  }
}

export function forgetPendingLink(storage: Storage = sessionStorage): void {
  storage.removeItem(LINK_KEY);
}
