import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { use } from 'react';
import type { ActorRefFrom } from 'xstate';
import { authRefreshConnect } from '../../../machines/session/auth-refresh.connect.ts';
import type { authRefreshMachine } from '../../../machines/session/auth-refresh.machine.ts';
import { useSignInHref } from '../shared/session/session-store.ts';

type AuthRefreshRef = ActorRefFrom<typeof authRefreshMachine>;

/**
 * Offers sign-in after a failed token refresh (the authRefresh machine's `sessionExpired` tag).
 * Its own banner rather than a toast: toasts leave by themselves and cannot hold a link. The
 * alert region stays mounted so screen readers announce the text when it appears.
 */
export function SessionExpiredNotice({ actor: loading }: { actor: Promise<AuthRefreshRef> }) {
  // The machine comes in the session refresh's own chunk (session-client.ts); until then there is nothing to say.
  const actor = use(loading);
  const { t } = useLingui();
  // The view-model's facts selected one at a time (primitives compare by identity): the first
  // screen needs no deep compare for a notice that shows once a session has expired.
  const state = useSelector(actor, (snapshot) => authRefreshConnect(snapshot, actor.send).state);
  const canDismiss = useSelector(actor, (snapshot) => authRefreshConnect(snapshot, actor.send).canDismiss);
  const href = useSignInHref();
  return (
    <div role="alert" className="session-expired" data-state={state}>
      {state === 'expired' ? (
        <>
          <p className="session-expired__text">
            <Trans>Your session has expired. Please sign in again.</Trans>
          </p>
          <a className="button" href={href}>
            <Trans>Sign in</Trans>
          </a>
          <button
            type="button"
            className="button button--secondary"
            disabled={!canDismiss}
            aria-label={t`Dismiss the session notice`}
            onClick={() => authRefreshConnect(actor.getSnapshot(), actor.send).dismiss()}
          >
            <Trans>Dismiss</Trans>
          </button>
        </>
      ) : null}
    </div>
  );
}
