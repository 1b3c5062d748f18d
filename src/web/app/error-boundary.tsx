import { Trans } from '@lingui/react/macro';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { browserChunkReloadEffects, handleChunkError } from './runtime/chunk-reload.ts';

/** What every error screen says first: the browser's (below) and the server's 500 page. */
export function FatalErrorText() {
  return (
    <>
      <h1>
        <Trans>Something went wrong</Trans>
      </h1>
      <p>
        <Trans>We are sorry: the page stopped working. Reload it to continue shopping.</Trans>
      </p>
    </>
  );
}

export function FatalErrorScreen({ onReload }: { onReload: () => void }) {
  return (
    <main id="main" className="status-page" role="alert" data-state="fatal-error">
      <FatalErrorText />
      <button type="button" className="button" onClick={onReload}>
        <Trans>Reload the page</Trans>
      </button>
    </main>
  );
}

interface Props {
  children: ReactNode;
  reload?: () => void;
}

/** A fatal render error shows a translated error screen, never a blank page. */
export class ErrorBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Fatal app error', error, info.componentStack);
    // A chunk that failed to load usually means a new deployment: the chunk reload machine reloads
    // once per 10 s per path (spec §4); otherwise the error screen below offers a reload.
    if (typeof window !== 'undefined') handleChunkError(error, browserChunkReloadEffects(this.reload));
  }

  private reload = () => {
    if (this.props.reload) this.props.reload();
    else window.location.reload();
  };

  override render() {
    if (this.state.error !== null) return <FatalErrorScreen onReload={this.reload} />;
    return this.props.children;
  }
}
