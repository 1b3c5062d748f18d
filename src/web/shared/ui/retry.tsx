import { Trans } from '@lingui/react/macro';

/** What went wrong and what to do about it, with the button that does it. */
export function ErrorPanel({ title, onRetry }: { title: string; onRetry?: () => void }) {
  return (
    <div className="panel panel--error" role="alert" data-state="failure">
      <p className="panel__title">{title}</p>
      <p>
        <Trans>Check your internet connection, then try again. If it keeps happening, come back in a few minutes.</Trans>
      </p>
      {onRetry ? (
        <button type="button" className="button" onClick={onRetry}>
          <Trans>Retry</Trans>
        </button>
      ) : null}
    </div>
  );
}
