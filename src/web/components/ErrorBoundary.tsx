import { Trans } from '@lingui/react/macro';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CHUNK_RELOAD_GUARD_MS } from '../../config/constants.ts';

export function FatalErrorScreen({ onReload }: { onReload: () => void }) {
  return (
    <main id="main" className="status-page" role="alert" data-state="fatal-error">
      <h1>
        <Trans>Something went wrong</Trans>
      </h1>
      <p>
        <Trans>We are sorry: the page stopped working. Reload it to continue shopping.</Trans>
      </p>
      <button type="button" className="button" onClick={onReload}>
        <Trans>Reload the page</Trans>
      </button>
    </main>
  );
}

const CHUNK_ERROR = /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;

/**
 * A chunk that failed to load usually means a new deployment: reload once, at most once per 10 s
 * per path (spec §4), so a broken deployment cannot loop.
 */
export function reloadForChunkError(error: unknown, storage: Pick<Storage, 'getItem' | 'setItem'>, now: number, path: string): boolean {
  if (!(error instanceof Error) || !CHUNK_ERROR.test(error.message)) return false;
  const key = `chunk-reload:${path}`;
  const last = Number(storage.getItem(key) ?? 0);
  if (now - last < CHUNK_RELOAD_GUARD_MS) return false;
  storage.setItem(key, String(now));
  return true;
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
    try {
      if (typeof window !== 'undefined' && reloadForChunkError(error, window.sessionStorage, Date.now(), window.location.pathname)) this.reload();
    } catch {
      // sessionStorage can be unavailable (privacy mode): the error screen still offers a reload.
    }
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
