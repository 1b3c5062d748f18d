/**
 * Paths under /api/web/v1 (src/contract/endpoints.ts) of the account calls; kept here so the account
 * chunks do not pull every endpoint's schemas, and so the sign-in call needs no other account call.
 */
export const ACCOUNT_API_PATHS = {
  sessions: 'sessions',
  allSessions: 'sessions/all',
  user: 'user',
  password: 'user/password',
  account: 'account',
  beautyProfile: 'beauty-profile',
  passwordResets: 'password-resets',
  social: 'auth/social',
} as const;
