/**
 * Paths under /api/web/v1 of the account calls (each declared in its route file under src/server/routes/
 * and listed in the OpenAPI document); kept in a module of their own so the sign-in call needs no other account call.
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
