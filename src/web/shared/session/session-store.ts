import { useSyncExternalStore } from 'react';
import { useLocation, useSearch } from 'wouter';
import { browserSession, signInHref } from './session.ts';

/**
 * Whether the shopper is signed in, for the header: the readable `jwt-data` cookie (spec §6) read
 * at every render, and a nudge from sign-in, sign-out and registration so the header changes
 * without a reload. Part of the first screen, so it imports nothing from the account screens.
 */
const listeners = new Set<() => void>();

export const sessionStore = {
  signedIn: (): boolean => browserSession.read() !== null,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** The session cookies just changed (signed in, signed out, registered). */
  changed(): void {
    listeners.forEach((listener) => listener());
  },
};

export function useSignedIn(): boolean {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.signedIn, () => false);
}

/** The sign-in link that comes back to the page the shopper is on now. */
export function useSignInHref(): string {
  const [pathname] = useLocation();
  const search = useSearch();
  // wouter does not track the fragment; it is read at render, which a navigation triggers.
  const hash = typeof window === 'undefined' ? '' : window.location.hash;
  return signInHref({ pathname, search, hash });
}
