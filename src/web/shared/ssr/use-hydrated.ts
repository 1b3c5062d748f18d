import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False in a server render and while the browser hydrates it, true afterwards (and at once in a
 * page the browser renders alone): parts that exist only in the browser (the deployment watcher,
 * the session notice) render after hydration, so both renders of the page agree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
