import type { ScrollKeeper } from './scroll-keeper.ts';

/** Browser effects of the runtime machines, injected so tests watch them instead of leaving the page. */
export interface RuntimeEffects {
  /** Full page load (`location.assign`). */
  assign(href: string): void;
  /** GET a JSON file of the deployment (never cached by the browser). */
  fetchJson(url: string): Promise<unknown>;
  /** Calls `listener` whenever the tab becomes visible again; returns the unsubscribe. */
  onVisible(listener: () => void): () => void;
  /** Reloads the page (a chunk that failed to load, spec §4); by default `location.reload()`. */
  reload?: () => void;
  /** The error-report hook, when the app has one (spec §9 error reporting). */
  reportError?(message: string, details: Readonly<Record<string, unknown>>): void;
  /**
   * Loads the keeper of scroll positions (scroll-keeper.ts: Back returns where the shopper was) and
   * gives its start; none in component tests, which have no page to scroll.
   */
  loadScrollKeeper?(): Promise<() => ScrollKeeper>;
}

export const browserRuntimeEffects: RuntimeEffects = {
  assign(href) {
    window.location.assign(href);
  },
  async fetchJson(url) {
    const response = await fetch(url, { cache: 'no-cache', headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
    return response.json() as Promise<unknown>;
  },
  onVisible(listener) {
    const onChange = () => {
      if (document.visibilityState === 'visible') listener();
    };
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  },
  loadScrollKeeper: () => import('./scroll-keeper.ts').then((module) => () => module.startScrollKeeper(window)),
};

/** The id this SPA was built with, or null in development and tests (no deployment to watch). */
export function currentBuildId(): string | null {
  const id = import.meta.env.VITE_BUILD_ID;
  return typeof id === 'string' && id !== '' ? id : null;
}
