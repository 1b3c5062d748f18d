import { act } from '@testing-library/react';
import { useSyncExternalStore } from 'react';
import type { BaseLocationHook, BaseSearchHook } from 'wouter';

export interface HistoryLocation {
  /** wouter's location and search hooks over this history (the app's router reads them). */
  hook: BaseLocationHook;
  searchHook: BaseSearchHook;
  /** The entries up to the current one, oldest first. */
  entries(): string[];
  /** The current entry: path and query. */
  current(): string;
  /** A new entry, as a link the shopper follows (past the runtime's navigation guard); await it. */
  push(to: string): Promise<void>;
  /** The browser's Back button; await it. */
  back(): Promise<void>;
  /** Called after every change of the current entry (push, replace, back). */
  onChange(listener: () => void): () => void;
}

/**
 * A browser history in memory: push and replace entries, and go Back, as the shopper's browser
 * does (wouter's memoryLocation records entries but cannot go back).
 */
export function historyLocation(initial: string): HistoryLocation {
  const entries = [initial];
  let index = 0;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  const current = () => entries[index] ?? '/';
  const navigate = (to: string | URL, options?: { replace?: boolean }) => {
    const href = String(to);
    if (options?.replace) entries[index] = href;
    else {
      entries.splice(index + 1, entries.length, href);
      index += 1;
    }
    notify();
  };
  const useHistoryLocation: BaseLocationHook = () => [useSyncExternalStore(subscribe, () => current().split('?')[0] ?? '/'), navigate];
  const useHistorySearch: BaseSearchHook = () => useSyncExternalStore(subscribe, () => current().split('?')[1] ?? '');
  return {
    hook: useHistoryLocation,
    searchHook: useHistorySearch,
    entries: () => entries.slice(0, index + 1),
    current,
    // An async act: what a new entry sets off (a listing's requests to the in-memory catalogue
    // answer within microtasks) settles inside it; after a synchronous act those answers updated
    // React outside any act, and React warned of it.
    push: (to) => act(async () => navigate(to)),
    back: () =>
      act(async () => {
        if (index === 0) throw new Error('no entry to go back to');
        index -= 1;
        notify();
      }),
    onChange: subscribe,
  };
}

/** Path and query, the query re-encoded by URLSearchParams (a space as `+`): hrefs built either way compare equal. */
export function normalizeHref(href: string): string {
  const [path = '/', search] = href.split('?');
  return search ? `${path}?${new URLSearchParams(search).toString()}` : path;
}
