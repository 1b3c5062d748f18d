import { useEffect, useState, type ReactNode } from 'react';

/** How long the browser may hold idle work back at most (a busy page still gets it). */
const IDLE_TIMEOUT_MS = 2_000;

/**
 * False in a server render, while hydrating and until the browser is next idle after it; then
 * true. For the parts of a page that only the browser has and that nobody
 * waits for (the header's bag count, the wish list's session): mounted in tasks of their own,
 * they never lengthen hydration's long task (bench:web TBT), where `useHydrated` would re-render
 * them in it.
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    // A plain update: the idle callback is a task of its own already, and its render is small.
    const done = () => setIdle(true);
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(done, { timeout: IDLE_TIMEOUT_MS });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(done, 1);
    return () => clearTimeout(id);
  }, []);
  return idle;
}

/** Its children from the browser's first idle moment after hydration: the state lives here, so the part of the page around it does not render again. */
export function WhenIdle({ children }: { children: ReactNode }) {
  return useIdle() ? children : null;
}
