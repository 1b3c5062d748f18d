import { useEffect, useSyncExternalStore } from 'react';
import type { WishlistFailure } from '../../../machines/wishlist/wishlist-toggle.machine.ts';
import { useOptionalApi } from './api/api-provider.tsx';
import type { ApiClient } from './api/client.ts';
import { useSignedIn } from './session/session-store.ts';
import { useHydrated } from './ssr/use-hydrated.ts';
import type { DeviceEntry } from './wishlist/device-list.ts';

/**
 * The shopper's wish-listed products for the hearts on cards and the product page, the wish list
 * screen and the bag's "Move to wish list" (issue 12). On every first screen, so this module is
 * only the hooks and a stand-in: the workings (the device's list, the member's `GET wishlist`, the
 * merge at sign-in, the toggle machines, other tabs) are wishlist/wishlist-engine.ts, loaded once
 * the page is hydrated. Until then every heart is neutral, as the server rendered it (neither
 * knows the shopper's list), so hydration never disagrees.
 */

/** What a write needs to know of a product. */
export interface WishlistProductRef {
  productId: number;
  slug: string;
  /** For the notice when a change fails. */
  name: string;
}

/** A change that failed and was undone: the app says so (the header's wish-list link). */
export interface WishlistNotice {
  failure: WishlistFailure;
  /** What the failed change asked: added (true) or removed. */
  wanted: boolean;
  name: string;
}

/**
 * What the first screen holds: the hearts' view of each product, the session, a press. The rest
 * (`WishlistStore`) is the engine, reached with `ready()`.
 */
export interface WishlistHandle {
  subscribe(listener: () => void): () => void;
  /** One product's heart as one number (one subscription per heart): see `decodeView`. */
  view(productId: number): number;
  /** Signed in or not, as the page knows it now (after hydration); `wantsList`: a member's hearts need the list. */
  session(signedIn: boolean, wantsList?: boolean): void;
  toggle(product: WishlistProductRef, variantId?: number | null): void;
  /** The engine, loaded on first use. */
  ready(): Promise<WishlistStore>;
  /** Whether the engine is there (loaded by anyone): never loads it. */
  loaded(): boolean;
}

export interface WishlistStore extends WishlistHandle {
  /** Shown as wish-listed (optimistic); null while unknown (a member's list not loaded yet). */
  state(productId: number): boolean | null;
  /** A change of this product is being saved. */
  busy(productId: number): boolean;
  /** Whether the list is known: the guest's device list read, or the member's loaded. */
  known(): boolean;
  /** The guest's list on this device (stable until it changes); empty for a member. */
  deviceEntries(): readonly DeviceEntry[];
  /** A member's list, asked once (later calls wait for that answer); `force` asks again after a failure. */
  load(force?: boolean): void;
  /** What a screen read of the member's list (the wish list screen's `GET wishlist`). */
  seed(productIds: readonly number[]): void;
  /** Adds or removes; resolves true once the list holds it, false when the change failed (and was undone). */
  set(product: WishlistProductRef, wishlisted: boolean, variantId?: number | null): Promise<boolean>;
  onNotice(listener: (notice: WishlistNotice) => void): () => void;
}

/**
 * A heart's view as one number: bits 0–1 unknown (0, the server render, before the list is known),
 * off (1) or on (2); bit 2 busy while a change is saved. The engine's `view` writes it.
 */
export function decodeView(view: number): { state: boolean | null; busy: boolean } {
  const state = view & 3;
  return { state: state === 0 ? null : state === 2, busy: (view & 4) !== 0 };
}

/**
 * The first screen's stand-in: loads the engine on first use (the session effect after hydration),
 * shows every heart neutral until it is there, and passes on what was asked meanwhile.
 */
export function lazyWishlistStore(load: () => Promise<WishlistStore>): WishlistHandle {
  const listeners = new Set<() => void>();
  let real: WishlistStore | null = null;
  let loading: Promise<WishlistStore> | null = null;
  const publish = () => listeners.forEach((listener) => listener());
  const ready = (): Promise<WishlistStore> =>
    (loading ??= load().then(
      (store) => {
        real = store;
        store.subscribe(publish);
        publish();
        return store;
      },
      (error: unknown) => {
        // A chunk that failed to load (a new deployment) is asked again at the next use.
        loading = null;
        throw error;
      },
    ));
  const later = (call: (store: WishlistStore) => void) => void ready().then(call, () => undefined);
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    view: (productId) => real?.view(productId) ?? 0,
    session: (signedIn, wantsList) => later((store) => store.session(signedIn, wantsList)),
    toggle: (product, variantId) => later((store) => store.toggle(product, variantId)),
    ready,
    loaded: () => real !== null,
  };
}

/** The app's wish list (one per API client, made by `useApi`); its engine loads at the first use. */
export function createWishlistStore(client: ApiClient): WishlistHandle {
  return lazyWishlistStore(() => import('./wishlist/wishlist-engine.ts').then((engine) => engine.createBrowserWishlistStore(client)));
}

/**
 * Starts the wish list with the session once hydrated (sign-in merges, sign-out goes back to the
 * device's list); not while `enabled` is false (the header waits until there may be a list).
 */
export function useWishlistSession(wantsList = false, enabled = true): WishlistHandle | null {
  const store = useOptionalApi(createWishlistStore);
  const signedIn = useSignedIn();
  const hydrated = useHydrated();
  useEffect(() => {
    if (store && hydrated && enabled) store.session(signedIn, wantsList);
  }, [store, signedIn, hydrated, wantsList, enabled]);
  return store;
}

const NO_SUBSCRIPTION = () => () => undefined;

/**
 * A product's heart: unknown (null) on the server and while hydrating (neither knows the
 * shopper's list, so both render it neutral), then the device's or the member's list.
 */
export function useWishlistState(productId: number): { state: boolean | null; busy: boolean } {
  const store = useWishlistSession(true);
  return decodeView(useSyncExternalStore(store ? store.subscribe : NO_SUBSCRIPTION, () => store?.view(productId) ?? 0, () => 0));
}

/** The narrow selector cards and the product page read. */
export function useIsWishlisted(productId: number): boolean {
  return useWishlistState(productId).state === true;
}
