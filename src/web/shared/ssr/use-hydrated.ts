import { createContext, createElement, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';

/**
 * Whether the page is past hydration. Without a provider: a page the browser renders alone is
 * (true), a server render is not (false).
 */
const HydratedContext = createContext<boolean>(typeof window !== 'undefined');

/**
 * Around a server render and the browser's hydration of it: false in both, so they agree; then,
 * once hydrated, true as a transition. Not `useSyncExternalStore` with a server snapshot: React
 * re-renders every component whose two snapshots differ synchronously, as soon as hydration commits,
 * and the shell's components re-rendered the whole page in one long task
 * (docs/decisions/016-hydrated-context-in-transition.md). A
 * transition renders in slices, and only this context's readers render again.
 */
export function HydrationBoundary({ children }: { children: ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    startTransition(() => setHydrated(true));
  }, []);
  return createElement(HydratedContext.Provider, { value: hydrated }, children);
}

/**
 * False in a server render and while the browser hydrates it, true afterwards (and at once in a
 * page the browser renders alone): parts that exist only in the browser (the deployment watcher,
 * the session notice) render after hydration, so both renders of the page agree.
 */
export function useHydrated(): boolean {
  return useContext(HydratedContext);
}

/** Its children once the page is hydrated (nothing before): the reader of the context is this small component, not the part of the page around it. */
export function AfterHydration({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useHydrated() ? children : fallback;
}
