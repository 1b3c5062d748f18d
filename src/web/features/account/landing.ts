import { safeReturnTo } from '../../../contract/return-to.ts';

/*
 * Apart from `return-to.ts`: the sign-in page, a first screen, loads this (and the URL checks of
 * `safeReturnTo`) only once the shopper has signed in.
 */

/** Pages that lead to a session: landing on one after signing in would ask for it again. */
const SIGN_IN_PAGES = /^\/(?:sign_in|register|forgot_password|reset_password)(?:[/?#]|$)/;

/**
 * Where a successful sign-in lands: `return_to` when it is a path on our origin (and not another
 * sign-in page, as a header link followed from the sign-in page would give), otherwise `fallback`.
 */
export function landingPath(returnTo: string | null, fallback = '/'): string {
  if (returnTo === null || returnTo === '') return fallback;
  const path = safeReturnTo(returnTo);
  return SIGN_IN_PAGES.test(path) ? fallback : path;
}
