import { Trans } from '@lingui/react/macro';
import { useEffect, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { safeReturnTo } from '../../contract/return-to.ts';
import { useSignedIn, useSignInHref } from './sessionStore.ts';

/** The raw `return_to` of the current URL (spec §2), or null. Judge it with `safeReturnTo` before landing on it. */
export function useReturnTo(): string | null {
  return new URLSearchParams(useSearch()).get('return_to');
}

/** `path` carrying the shopper's `return_to` on, so sign-in → register → back still lands where they started. */
export function withReturnTo(path: string, returnTo: string | null, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  if (returnTo !== null) params.set('return_to', returnTo);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

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

/**
 * Account screens need a session: without the `jwt-data` cookie the shopper is sent to sign in
 * and comes back here. `redirect={false}` holds the redirect while the screen signs out and
 * leaves by itself.
 */
export function RequireSession({ children, redirect = true }: { children: ReactNode; redirect?: boolean }) {
  const signedIn = useSignedIn();
  const href = useSignInHref();
  const [, navigate] = useLocation();
  useEffect(() => {
    if (!signedIn && redirect) navigate(href, { replace: true });
  }, [signedIn, redirect, href, navigate]);
  if (signedIn) return children;
  return (
    <p className="account" role="status">
      <Trans>
        Please <a href={href}>sign in</a> to see your account.
      </Trans>
    </p>
  );
}
