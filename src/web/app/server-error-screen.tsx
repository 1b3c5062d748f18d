import { Trans } from '@lingui/react/macro';
import { FatalErrorText } from './error-boundary.tsx';

/**
 * What the server answers when a page fails to render (500): a plain link reloads the page, so it
 * works before any script, and the reference id finds the error in the server's log. Only the
 * server renders it (entry-server.tsx): a module of its own, out of every first screen's entry.
 */
export function ServerErrorScreen({ referenceId }: { referenceId: string }) {
  return (
    <main id="main" className="status-page" role="alert" data-state="server-error">
      <FatalErrorText />
      <p>
        <Trans>Reference: {referenceId}</Trans>
      </p>
      <a className="button" href="">
        <Trans>Reload the page</Trans>
      </a>
    </main>
  );
}
