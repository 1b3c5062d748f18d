import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useSignedIn, useSignInHref } from './session-store.ts';

/**
 * A member's page: without the `jwt-data` cookie the shopper is sent to sign in and comes back
 * here. The server and the hydrating browser render the feature's note with the sign-in link
 * (`note(href)`, in the feature's words and catalog), the browser then replaces the page with the
 * sign-in page.
 */
export function MemberOnly({ children, note }: { children: ReactNode; note: (signInHref: string) => ReactNode }) {
  const signedIn = useSignedIn();
  const href = useSignInHref();
  const [, navigate] = useLocation();
  useEffect(() => {
    if (!signedIn) navigate(href, { replace: true });
  }, [signedIn, href, navigate]);
  return signedIn ? children : <p role="status">{note(href)}</p>;
}
