import type * as v from 'valibot';
import {
  AccountResponseSchema,
  BeautyProfileResponseSchema,
  PasswordResetShowSchema,
  type Account,
  type BeautyProfile,
  type ChangePassword,
  type ProfilePatch,
  type Register,
} from '../../../contract/account.ts';
import { MessageResponseSchema } from '../../../contract/auth.ts';
import { CurrentUserResponseSchema, type CurrentUser } from '../../../contract/sign-in.ts';
import type { ApiClient } from '../../shared/api/client.ts';
import { browserSession } from '../../shared/session/session.ts';
import { isApiError } from '../../shared/api/errors.ts';
import { ACCOUNT_API_PATHS } from './account-api-paths.ts';

export type BeautyProfileState = v.InferOutput<typeof BeautyProfileResponseSchema>['data'];

/** `GET password-resets/{token}`: whom a live link is for (masked) and until when. */
export type ResetLink = v.InferOutput<typeof PasswordResetShowSchema>['data'];

export interface AccountRequestOptions {
  signal?: AbortSignal;
}

/**
 * The account calls of the SPA, but signing in (`sign-in-api.ts`, a first screen's). Every answer
 * is parsed with the contract's schema; a refusal arrives as the client's `ApiError` (status,
 * `body.code`, `body.referenceId`, `body.errors`), which the account form machine turns into a reason.
 */
export interface AccountApi {
  /** Ends this device's session; an already expired session counts as signed out. */
  signOut(): Promise<void>;
  /** Ends the sessions of every device. */
  signOutEverywhere(): Promise<void>;
  currentUser(opts?: AccountRequestOptions): Promise<CurrentUser>;
  register(body: Register): Promise<CurrentUser>;
  updateProfile(patch: ProfilePatch): Promise<CurrentUser>;
  changePassword(body: ChangePassword): Promise<void>;
  account(opts?: AccountRequestOptions): Promise<Account>;
  beautyProfile(opts?: AccountRequestOptions): Promise<BeautyProfileState>;
  saveBeautyProfile(profile: BeautyProfile): Promise<BeautyProfileState>;
  /** Neutral: answers the same whether or not the email is on record. */
  requestPasswordReset(email: string): Promise<void>;
  checkResetLink(token: string, opts?: AccountRequestOptions): Promise<ResetLink>;
  resetPassword(token: string, password: string): Promise<void>;
  /** Google sign-in with an OpenID Connect ID token; a 404 `social_not_linked` carries the account's names. */
  socialSignIn(idToken: string): Promise<CurrentUser>;
}

export function createAccountApi(client: ApiClient, { clearSession = browserSession.clear }: { clearSession?: () => void } = {}): AccountApi {
  const { request } = client;
  const signal = (opts?: AccountRequestOptions) => (opts?.signal ? { signal: opts.signal } : {});
  const endSession = async (path: string) => {
    try {
      await request('DELETE', path, MessageResponseSchema);
    } catch (error) {
      // Nothing left to end: the shopper is signed out either way.
      if (!(isApiError(error) && error.status === 401)) throw error;
    }
    // The server clears the cookies; this covers an answer that never reached the browser's jar.
    clearSession?.();
  };
  return {
    signOut: () => endSession(ACCOUNT_API_PATHS.sessions),
    signOutEverywhere: () => endSession(ACCOUNT_API_PATHS.allSessions),
    currentUser: (opts) => request('GET', ACCOUNT_API_PATHS.user, CurrentUserResponseSchema, signal(opts)).then((r) => r.data),
    register: (body) => request('POST', ACCOUNT_API_PATHS.user, CurrentUserResponseSchema, { body }).then((r) => r.data),
    updateProfile: (patch) => request('PATCH', ACCOUNT_API_PATHS.user, CurrentUserResponseSchema, { body: patch }).then((r) => r.data),
    changePassword: async (body) => {
      await request('PUT', ACCOUNT_API_PATHS.password, MessageResponseSchema, { body });
    },
    account: (opts) => request('GET', ACCOUNT_API_PATHS.account, AccountResponseSchema, signal(opts)).then((r) => r.data),
    beautyProfile: (opts) => request('GET', ACCOUNT_API_PATHS.beautyProfile, BeautyProfileResponseSchema, signal(opts)).then((r) => r.data),
    saveBeautyProfile: (profile) => request('PUT', ACCOUNT_API_PATHS.beautyProfile, BeautyProfileResponseSchema, { body: profile }).then((r) => r.data),
    requestPasswordReset: async (email) => {
      await request('POST', ACCOUNT_API_PATHS.passwordResets, MessageResponseSchema, { body: { email } });
    },
    checkResetLink: (token, opts) =>
      request('GET', `${ACCOUNT_API_PATHS.passwordResets}/${encodeURIComponent(token)}`, PasswordResetShowSchema, signal(opts)).then((r) => r.data),
    resetPassword: async (token, password) => {
      await request('PUT', `${ACCOUNT_API_PATHS.passwordResets}/${encodeURIComponent(token)}`, MessageResponseSchema, { body: { password } });
    },
    socialSignIn: (idToken) => request('POST', ACCOUNT_API_PATHS.social, CurrentUserResponseSchema, { body: { provider: 'google', idToken } }).then((r) => r.data),
  };
}
