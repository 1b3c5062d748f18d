import { Trans } from '@lingui/react/macro';
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useSignedIn, useSignInHref } from '../../shared/session/session-store.ts';

/**
 * A member's order pages need a session: without the `jwt-data` cookie the shopper is sent to
 * sign in and comes back here, as the account pages do. A copy of the account feature's
 * `RequireSession` reduced to what these pages need (features do not import each other, and no
 * guard is shared yet): the server and the hydrating browser render the note with the sign-in
 * link, the browser then replaces the page with the sign-in page.
 */
export function MemberOnly({ children }: { children: ReactNode }) {
  const signedIn = useSignedIn();
  const href = useSignInHref();
  const [, navigate] = useLocation();
  useEffect(() => {
    if (!signedIn) navigate(href, { replace: true });
  }, [signedIn, href, navigate]);
  if (signedIn) return children;
  return (
    <p role="status">
      <Trans>
        Please <a href={href}>sign in</a> to see your orders.
      </Trans>
    </p>
  );
}
