import { createContext, useContext, useSyncExternalStore } from 'react';
import { useLocation, useSearch } from 'wouter';
import { browserSession, signInHref } from './session.ts';
import { useHydrated } from '../ssr/use-hydrated.ts';

/**
 * Whether the shopper is signed in, for the header: the readable `jwt-data` cookie (spec §6) read
 * at every render, and a nudge from sign-in, sign-out and registration so the header changes
 * without a reload. Part of the first screen, so it imports nothing from the account screens.
 */
const listeners = new Set<() => void>();

/**
 * The cookie's answer, kept until the current task's microtasks run: reading `document.cookie` asks
 * the browser's network process each time, and every component that shows the session read it in
 * the same render (8 ms of a product page's hydration task at 4× CPU slowdown).
 */
let read: boolean | null = null;

export const sessionStore = {
  signedIn: (): boolean => {
    if (read === null) {
      read = browserSession.read() !== null;
      queueMicrotask(() => (read = null));
    }
    return read;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** The session cookies just changed (signed in, signed out, registered). */
  changed(): void {
    read = null;
    listeners.forEach((listener) => listener());
  },
};

/**
 * Whether the request the page was rendered for was signed in: what a server render shows, and
 * what the browser hydrates with before it reads its own cookie (so the two renders agree).
 */
export const SignedInAtRender = createContext(false);

export function useSignedIn(): boolean {
  const atRender = useContext(SignedInAtRender);
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.signedIn, () => atRender);
}

/** The sign-in link that comes back to the page the shopper is on now. */
export function useSignInHref(): string {
  const [pathname] = useLocation();
  const search = useSearch();
  // wouter does not track the fragment; it is read at render, which a navigation triggers. No
  // server sees it: the page is hydrated without it, then renders it.
  const hydrated = useHydrated();
  const hash = hydrated ? window.location.hash : '';
  return signInHref({ pathname, search, hash });
}
