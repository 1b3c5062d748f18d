import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { googleAuthorizationUrl, googleConfig } from './google.ts';
import { useServerRender } from '../../shared/ssr/server-render.tsx';

/**
 * "Continue with Google", shown only when the server configured a provider. A plain link: the
 * attempt's state and nonce are made at the click, so every attempt has its own.
 */
export function GoogleButton({ returnTo }: { returnTo: string | null }) {
  const server = useServerRender();
  // A server render has no document: the server says what it writes into the page's meta.
  const [config] = useState(() => (server ? server.googleSignIn : googleConfig()));
  if (!config) return null;
  return (
    <>
      <p className="divider">
        <Trans>or</Trans>
      </p>
      <a
        className="button button--secondary google-button"
        href={config.authorizationEndpoint}
        onClick={(event) => {
          event.currentTarget.href = googleAuthorizationUrl(config, { origin: window.location.origin, returnTo });
        }}
      >
        <Trans>Continue with Google</Trans>
      </a>
    </>
  );
}
