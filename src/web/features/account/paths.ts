/**
 * The account screens' paths, which the route table (first screen) imports without loading any
 * account screen; the route table maps each one to its screen's chunk (`ACCOUNT_SCREENS`), and the
 * compiler holds the two equal.
 */
export const ACCOUNT_SCREEN_PATHS = [
  '/sign_in',
  '/sign_in/google',
  '/register',
  '/forgot_password',
  '/reset_password',
  '/account',
  '/account/profile',
  '/account/password',
  '/account/beauty-profile',
] as const;

/**
 * Screens that read the browser as they start: the provider's answer is in the fragment, which no
 * server sees, and registration picks up a Google hand-over from the tab's session storage.
 */
export const BROWSER_ONLY_ACCOUNT_PATHS: readonly AccountScreenPath[] = ['/sign_in/google', '/register'];

export type AccountScreenPath = (typeof ACCOUNT_SCREEN_PATHS)[number];

export function isAccountScreenPath(path: string): path is AccountScreenPath {
  return (ACCOUNT_SCREEN_PATHS as readonly string[]).includes(path);
}
