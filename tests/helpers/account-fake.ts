import { ACCOUNT_ERROR_CODES, ACCOUNT_MESSAGES, EMPTY_BEAUTY_PROFILE, type Account, type BeautyProfile, type Register } from '../../src/contract/account.ts';
import { AUTH_MESSAGES, SESSION_COOKIES } from '../../src/contract/auth.ts';
import type { CurrentUser } from '../../src/contract/sign-in.ts';
import type { AccountApi, BeautyProfileState, ResetLink } from '../../src/web/features/account/account-api.ts';
import type { SignInApi } from '../../src/web/features/account/sign-in-api.ts';
import { ApiError, httpError } from '../../src/web/shared/api/errors.ts';

export const SHOPPER: CurrentUser = { id: 7, email: 'ana@example.com', firstName: 'Ana', lastName: 'Lim', country: 'SG', role: 'shopper' };
export const SHOPPER_PASSWORD = 'correct-horse-1';
/** A reset link token of the right shape (43 base64url characters). */
export const LIVE_RESET_TOKEN = 'a'.repeat(43);

/** The readable session cookie, as the server's Set-Cookie would leave it in the browser. */
export function setSessionCookie(): void {
  document.cookie = `${SESSION_COOKIES.data}=header.payload; Path=/`;
}
export function clearSessionCookie(): void {
  document.cookie = `${SESSION_COOKIES.data}=; Max-Age=0; Path=/`;
}

/** The client's `ApiError` for an answer with this status and body (what the real client throws). */
export function apiError(status: number, body: Record<string, unknown> = {}): ApiError {
  return httpError(`fake ${status}`, status, { message: `HTTP ${status}`, status, ...body });
}
export const networkError = () => new ApiError('network', 'fake: network error');

export interface FakeAccountState {
  calls: { method: keyof (AccountApi & SignInApi); args: unknown[] }[];
  registered: Register[];
  account: Account;
  beautyProfile: BeautyProfileState;
}

/**
 * An in-memory account API, signing in included (`SignInApi`): one shopper (SHOPPER / SHOPPER_PASSWORD), the session as the
 * `jwt-data` cookie in jsdom's `document.cookie`, one live reset token. Tests override single
 * methods to play refusals.
 */
export function fakeAccountApi(): AccountApi & SignInApi & { state: FakeAccountState } {
  const state: FakeAccountState = {
    calls: [],
    registered: [],
    account: {
      user: SHOPPER,
      beautyPass: { tier: 'pink', points: 120, termsVariant: 'bp-terms-sg-2026-07', joinedAt: '2026-01-05T00:00:00Z' },
      beautyProfileCompleted: false,
      activeSessions: 2,
      memberSince: '2026-01-05T00:00:00Z',
      marketingConsent: true,
    },
    beautyProfile: { profile: EMPTY_BEAUTY_PROFILE, completed: false, updatedAt: null },
  };
  const record = (method: keyof (AccountApi & SignInApi), ...args: unknown[]) => state.calls.push({ method, args });
  const needsSession = () => {
    if (!document.cookie.includes(`${SESSION_COOKIES.data}=`)) throw apiError(401, { message: AUTH_MESSAGES.failed });
  };
  return {
    state,
    async signIn(body) {
      record('signIn', body);
      if (body.email !== SHOPPER.email || body.password !== SHOPPER_PASSWORD) throw apiError(401, { message: AUTH_MESSAGES.failed });
      setSessionCookie();
      return SHOPPER;
    },
    async signOut() {
      record('signOut');
      clearSessionCookie();
    },
    async signOutEverywhere() {
      record('signOutEverywhere');
      clearSessionCookie();
    },
    async currentUser() {
      record('currentUser');
      needsSession();
      return state.account.user;
    },
    async register(body) {
      record('register', body);
      if (body.email === SHOPPER.email) throw apiError(409, { message: ACCOUNT_MESSAGES.emailTaken, code: ACCOUNT_ERROR_CODES.emailTaken });
      state.registered.push(body);
      setSessionCookie();
      return { id: 8, email: body.email, firstName: body.firstName, lastName: body.lastName, country: body.country, role: 'shopper' };
    },
    async updateProfile(patch) {
      record('updateProfile', patch);
      needsSession();
      state.account = { ...state.account, user: { ...state.account.user, ...patch }, marketingConsent: patch.marketingConsent ?? state.account.marketingConsent };
      return state.account.user;
    },
    async changePassword(body) {
      record('changePassword', body);
      needsSession();
      if (body.currentPassword !== SHOPPER_PASSWORD) throw apiError(400, { message: ACCOUNT_MESSAGES.wrongPassword, code: ACCOUNT_ERROR_CODES.wrongPassword });
    },
    async account() {
      record('account');
      needsSession();
      return state.account;
    },
    async beautyProfile() {
      record('beautyProfile');
      needsSession();
      return state.beautyProfile;
    },
    async saveBeautyProfile(profile: BeautyProfile) {
      record('saveBeautyProfile', profile);
      needsSession();
      state.beautyProfile = { profile, completed: false, updatedAt: '2026-11-22T10:00:00Z' };
      return state.beautyProfile;
    },
    async requestPasswordReset(email) {
      record('requestPasswordReset', email);
    },
    async checkResetLink(token): Promise<ResetLink> {
      record('checkResetLink', token);
      if (token !== LIVE_RESET_TOKEN) throw apiError(410, { message: ACCOUNT_MESSAGES.resetLinkInvalid, code: ACCOUNT_ERROR_CODES.resetLinkInvalid });
      return { email: 'a***@example.com', expiresAt: '2026-11-22T11:00:00Z' };
    },
    async resetPassword(token, password) {
      record('resetPassword', token, password);
      if (token !== LIVE_RESET_TOKEN) throw apiError(410, { message: ACCOUNT_MESSAGES.resetLinkInvalid, code: ACCOUNT_ERROR_CODES.resetLinkInvalid });
    },
    async socialSignIn(idToken) {
      record('socialSignIn', idToken);
      throw apiError(404, { message: ACCOUNT_MESSAGES.notLinked, code: ACCOUNT_ERROR_CODES.socialNotLinked, email: 'new@example.com', firstName: 'Nia', lastName: 'Putri' });
    },
  };
}
