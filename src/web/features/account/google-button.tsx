import { Trans } from '@lingui/react/macro';
import { useState, type MouseEvent } from 'react';
import { googleConfig } from './google-config.ts';
import type * as GoogleAttempt from './google.ts';
import { useServerRender } from '../../shared/ssr/server-render.tsx';

type GoogleModule = typeof GoogleAttempt;

/**
 * The attempt's code (state, nonce, the return_to check) is not part of the sign-in first screen:
 * it loads when the shopper points at, focuses or touches the button, and is kept once loaded.
 */
let loaded: GoogleModule | null = null;
let loading: Promise<GoogleModule> | null = null;
function loadGoogle(): Promise<GoogleModule> {
  loading ??= import('./google.ts').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
const prefetch = () => void loadGoogle().catch(() => undefined);

/**
 * "Continue with Google", shown only when the server configured a provider. A plain link: the
 * attempt's state and nonce are made at the click, so every attempt has its own. The screens load
 * it lazily (the sign-in page's first screen does not carry it): the server renders it into the
 * page, which shows it as it came until its code has loaded and hydrated it.
 */
export default function GoogleButton({ returnTo }: { returnTo: string | null }) {
  const server = useServerRender();
  // A server render has no document: the server says what it writes into the page's meta.
  const [config] = useState(() => (server ? server.googleSignIn : googleConfig()));
  if (!config) return null;
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (loaded) {
      event.currentTarget.href = loaded.googleAuthorizationUrl(config, { origin: window.location.origin, returnTo });
      return;
    }
    // Clicked before the attempt's code arrived: clicked again once it has (a failed load leaves
    // the button as it was, for another try).
    event.preventDefault();
    const link = event.currentTarget;
    loadGoogle().then(
      () => link.click(),
      () => undefined,
    );
  };
  return (
    <>
      <p className="divider">
        <Trans>or</Trans>
      </p>
      <a
        className="button button--secondary google-button"
        href={config.authorizationEndpoint}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onTouchStart={prefetch}
        onClick={follow}
      >
        <Trans>Continue with Google</Trans>
      </a>
    </>
  );
}
