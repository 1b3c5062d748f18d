import { Trans } from '@lingui/react/macro';
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useSignedIn, useSignInHref } from '../../shared/session/session-store.ts';

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
