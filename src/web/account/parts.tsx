import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/** A polite live region that is always there, so the confirmation is announced when it appears. */
export function SavedStatus({ saved, children }: { saved: boolean; children: ReactNode }) {
  return (
    <p role="status" className={saved ? 'account-notice' : undefined}>
      {saved ? children : null}
    </p>
  );
}

/** A screen's data did not load: say so, and offer a retry when one can help. */
export function LoadFailure({ retry }: { retry: (() => void) | null }) {
  return (
    <div role="alert" className="panel panel--error">
      <p>
        <Trans>This page could not be loaded.</Trans>
      </p>
      {retry ? (
        <button type="button" className="button" onClick={retry}>
          <Trans>Retry</Trans>
        </button>
      ) : null}
    </div>
  );
}
