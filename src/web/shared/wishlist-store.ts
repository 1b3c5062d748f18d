import { useEffect, useSyncExternalStore } from 'react';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { wishlistToggleConnect } from '../../../machines/wishlist/wishlist-toggle.connect.ts';
import { wishlistToggleMachine, type WishlistFailure, type WishlistWrite } from '../../../machines/wishlist/wishlist-toggle.machine.ts';
import { useOptionalApi } from './api/api-provider.tsx';
import type { ApiClient } from './api/client.ts';
import { useSignedIn } from './session/session-store.ts';
import { useHydrated } from './ssr/use-hydrated.ts';
import { DEVICE_WISHLIST_KEY, deviceWishlist, withEntry, type DeviceEntry, type DeviceWishlist } from './wishlist/device-list.ts';
import { createWishlistIdsApi, type WishlistIdsApi } from './wishlist/wishlist-api.ts';

/**
 * The shopper's wish-listed products for the hearts on cards and the product page, the wish list
 * screen and the bag's "Move to wish list". On every first screen, so it stays small and imports
 * no feature. A guest's list lives on the device (device-list.ts); a member's is `GET wishlist`,
 * asked once when a heart or the screen first needs it. At sign-in the device's list is sent with
 * `PATCH wishlist` and cleared once the server took it (a failure keeps it for the next page load).
 * Each product pressed gets its own toggle machine (optimistic, one write in flight, clicks
 * coalesced, rolled back with a notice on failure). Other tabs follow: storage events for a
 * guest's list, a BroadcastChannel for a member's.
 */

/** What a write needs to know of a product. */
export interface WishlistProductRef {
  productId: number;
  slug: string;
  /** For the notice when a change fails. */
  name: string;
}

/** A change that failed and was undone: the app says so (useWishlistNotices). */
export interface WishlistNotice {
  failure: WishlistFailure;
  /** What the failed change asked: added (true) or removed. */
  wanted: boolean;
  name: string;
}

type Mode = 'unknown' | 'guest' | 'member';
type ToggleActor = ActorRefFrom<typeof wishlistToggleMachine>;

export interface WishlistStore {
  subscribe(listener: () => void): () => void;
  /** Shown as wish-listed (optimistic); null while unknown (before hydration, a member's list not loaded yet). */
  state(productId: number): boolean | null;
  /** A change of this product is being saved. */
  busy(productId: number): boolean;
  /** The guest's list on this device (stable until it changes); empty for a member. */
  deviceEntries(): readonly DeviceEntry[];
  /** Signed in or not, as the page knows it now; the first call (after hydration) starts the store. */
  session(signedIn: boolean): void;
  /** A member's list, asked once (later calls wait for that answer); `force` asks again after a failure. */
  load(force?: boolean): void;
  /** What a screen read of the member's list (the wish list screen's `GET wishlist`). */
  seed(productIds: readonly number[]): void;
  toggle(product: WishlistProductRef, variantId?: number | null): void;
  /** Adds or removes; resolves true once the list holds it, false when the change failed (and was undone). */
  set(product: WishlistProductRef, wishlisted: boolean, variantId?: number | null): Promise<boolean>;
  onNotice(listener: (notice: WishlistNotice) => void): () => void;
}

export interface WishlistStoreDeps {
  api: WishlistIdsApi;
  device: DeviceWishlist;
  /** Tells other tabs of a member's changes; none on the server and in tests unless given. */
  channel?: () => Pick<BroadcastChannel, 'postMessage' | 'addEventListener'> | null;
  /** Where storage events come from (the window); none on the server. */
  events?: () => Pick<Window, 'addEventListener'> | null;
  now?: () => string;
}

const CHANNEL_NAME = 'beauty-pass-wishlist';
interface ChannelMessage {
  productId: number;
  wishlisted: boolean;
}

export function createWishlistStoreWith({ api, device, channel = () => null, events = () => null, now = () => new Date().toISOString() }: WishlistStoreDeps): WishlistStore {
  const listeners = new Set<() => void>();
  const noticeListeners = new Set<(notice: WishlistNotice) => void>();
  const toggles = new Map<number, { actor: ToggleActor; ref: WishlistProductRef }>();
  let mode: Mode = 'unknown';
  let entries: readonly DeviceEntry[] = [];
  let memberIds: Set<number> | null = null;
  let loading = false;
  let loadFailed = false;
  let merging: Promise<void> | null = null;
  let generation = 0;
  let broadcast: ReturnType<NonNullable<WishlistStoreDeps['channel']>> = null;
  let listening = false;

  const publish = () => listeners.forEach((listener) => listener());
  const listed = (productId: number): boolean | null =>
    mode === 'guest' ? entries.some((entry) => entry.productId === productId) : mode === 'member' && memberIds ? memberIds.has(productId) : null;
  /** The list changed under the hearts (loaded, another tab): every heart at rest follows it. */
  const syncAll = () => {
    toggles.forEach(({ actor }, productId) => wishlistToggleConnect(actor.getSnapshot(), actor.send).sync(listed(productId) ?? false));
    publish();
  };
  const stopToggles = () => {
    toggles.forEach(({ actor }) => actor.stop());
    toggles.clear();
  };

  const save = async (ref: WishlistProductRef, { wishlisted, variantId }: WishlistWrite): Promise<void> => {
    if (mode === 'member') {
      await api.patch(wishlisted ? { add: [{ productId: ref.productId, variantId }] } : { remove: [ref.productId] });
      return;
    }
    const next = withEntry(device.read(), ref.productId, wishlisted ? { productId: ref.productId, slug: ref.slug, variantId, addedAt: now() } : null);
    if (!device.write(next)) throw new Error('wishlist: the device refused to keep the list');
    entries = next;
  };
  const changed = (productId: number, wishlisted: boolean) => {
    if (mode === 'member') {
      if (memberIds) {
        memberIds = new Set(memberIds);
        if (wishlisted) memberIds.add(productId);
        else memberIds.delete(productId);
      }
      broadcast?.postMessage({ productId, wishlisted } satisfies ChannelMessage);
    }
    publish();
  };

  const toggleOf = (ref: WishlistProductRef): ToggleActor => {
    const known = toggles.get(ref.productId);
    if (known) {
      known.ref = ref;
      return known.actor;
    }
    const machine = wishlistToggleMachine.provide({
      actors: { saveWishlisted: fromPromise<undefined, WishlistWrite>(({ input }) => save(entry.ref, input).then(() => undefined)) },
      actions: {
        changed: (_, wishlisted: boolean) => changed(ref.productId, wishlisted),
        failed: (_, { failure, wanted }: { failure: WishlistFailure; wanted: boolean }) => noticeListeners.forEach((listener) => listener({ failure, wanted, name: entry.ref.name })),
      },
    });
    // What the heart shows now is where it starts: an unknown list shows (and starts) as not listed.
    const actor = createActor(machine, { input: { wishlisted: listed(ref.productId) ?? false } });
    const entry = { actor, ref };
    toggles.set(ref.productId, entry);
    actor.subscribe(publish);
    actor.start();
    return actor;
  };

  const startListening = () => {
    if (listening) return;
    listening = true;
    events()?.addEventListener('storage', (event) => {
      if (mode !== 'guest' || (event.key !== DEVICE_WISHLIST_KEY && event.key !== null)) return;
      entries = device.read();
      syncAll();
    });
    broadcast = channel();
    broadcast?.addEventListener('message', (event) => {
      const { productId, wishlisted } = (event as MessageEvent<Partial<ChannelMessage>>).data ?? {};
      if (mode !== 'member' || typeof productId !== 'number' || typeof wishlisted !== 'boolean' || !memberIds) return;
      memberIds = new Set(memberIds);
      if (wishlisted) memberIds.add(productId);
      else memberIds.delete(productId);
      syncAll();
    });
  };

  /** The device's list goes to the member's account; cleared only once the server took it. */
  const merge = () => {
    const guestList = device.read();
    if (guestList.length === 0) return;
    const asked = generation;
    merging = api
      .patch({ add: guestList.map(({ productId, variantId }) => ({ productId, variantId })) })
      .then(
        () => {
          // Only what was sent: a product another tab added meanwhile stays for the next time.
          const sent = new Set(guestList.map((entry) => entry.productId));
          device.write(device.read().filter((entry) => !sent.has(entry.productId)));
        },
        // Kept on the device: the next page load (or sign-in) sends it again.
        () => undefined,
      )
      .finally(() => {
        // The member's list is read after the merge ended (load waits for it), so it holds the merged products.
        if (asked === generation) merging = null;
      });
  };

  const store: WishlistStore = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    state(productId) {
      const toggle = toggles.get(productId);
      return toggle ? wishlistToggleConnect(toggle.actor.getSnapshot(), toggle.actor.send).wishlisted : listed(productId);
    },
    busy: (productId) => toggles.get(productId)?.actor.getSnapshot().hasTag('busy') ?? false,
    deviceEntries: () => (mode === 'guest' ? entries : []),
    session(signedIn) {
      const next: Mode = signedIn ? 'member' : 'guest';
      if (mode === next) return;
      startListening();
      generation += 1;
      stopToggles();
      mode = next;
      memberIds = null;
      loading = false;
      loadFailed = false;
      merging = null;
      entries = signedIn ? [] : device.read();
      if (signedIn) merge();
      publish();
    },
    load(force = false) {
      if (mode !== 'member' || memberIds || loading || (loadFailed && !force)) return;
      loading = true;
      loadFailed = false;
      const asked = generation;
      void (merging ?? Promise.resolve())
        .then(() => api.ids())
        .then(
          (ids) => {
            if (asked !== generation || !loading) return;
            loading = false;
            memberIds = new Set(ids);
            syncAll();
          },
          // No heart filled is better than a broken page; the screen offers to try again.
          () => {
            if (asked !== generation) return;
            loading = false;
            loadFailed = true;
            publish();
          },
        );
    },
    seed(productIds) {
      if (mode !== 'member' || merging) return;
      memberIds = new Set(productIds);
      loading = false;
      syncAll();
    },
    toggle(ref, variantId) {
      const actor = toggleOf(ref);
      wishlistToggleConnect(actor.getSnapshot(), actor.send).toggle(variantId);
    },
    set(ref, wishlisted, variantId) {
      const actor = toggleOf(ref);
      wishlistToggleConnect(actor.getSnapshot(), actor.send).set(wishlisted, variantId);
      return new Promise((resolve) => {
        const settle = () => {
          const snapshot = actor.getSnapshot();
          if (snapshot.hasTag('busy') && snapshot.status === 'active') return false;
          subscription?.unsubscribe();
          resolve(snapshot.context.confirmed === wishlisted);
          return true;
        };
        let subscription: { unsubscribe(): void } | undefined;
        if (!settle()) subscription = actor.subscribe({ next: settle, complete: settle });
      });
    },
    onNotice(listener) {
      noticeListeners.add(listener);
      return () => noticeListeners.delete(listener);
    },
  };
  return store;
}

/** The app's store (one per API client, made by `useApi`). */
export function createWishlistStore(client: ApiClient): WishlistStore {
  const browser = typeof window !== 'undefined';
  return createWishlistStoreWith({
    api: createWishlistIdsApi(client),
    device: deviceWishlist(),
    channel: () => (browser && typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(CHANNEL_NAME) : null),
    events: () => (browser ? window : null),
  });
}

/** Starts the store with the session once hydrated (sign-in merges, sign-out goes back to the device's list). */
export function useWishlistSession(): WishlistStore | null {
  const store = useOptionalApi(createWishlistStore);
  const signedIn = useSignedIn();
  const hydrated = useHydrated();
  useEffect(() => {
    if (store && hydrated) store.session(signedIn);
  }, [store, signedIn, hydrated]);
  return store;
}

const NO_SUBSCRIPTION = () => () => undefined;

/**
 * Whether the product shows as wish-listed: null on the server and while hydrating (neither knows
 * the shopper's list, so both render the neutral heart), then the device's or the member's list.
 */
export function useWishlistState(productId: number): { state: boolean | null; busy: boolean } {
  const store = useWishlistSession();
  const state = useSyncExternalStore(store ? store.subscribe : NO_SUBSCRIPTION, () => store?.state(productId) ?? null, () => null);
  const busy = useSyncExternalStore(store ? store.subscribe : NO_SUBSCRIPTION, () => store?.busy(productId) ?? false, () => false);
  useEffect(() => store?.load(), [store, state]);
  return { state, busy };
}

/** The narrow selector cards and the product page read. */
export function useIsWishlisted(productId: number): boolean {
  return useWishlistState(productId).state === true;
}

/** The guest's list on this device (empty on the server, while hydrating, and for a member). */
export function useDeviceWishlist(): readonly DeviceEntry[] {
  const store = useWishlistSession();
  return useSyncExternalStore(store ? store.subscribe : NO_SUBSCRIPTION, () => store?.deviceEntries() ?? NO_ENTRIES, () => NO_ENTRIES);
}
const NO_ENTRIES: readonly DeviceEntry[] = [];

/** What the bag's "Move to wish list" (and the wish list screen) call: each resolves true once the list holds the change. */
export function useWishlistActions(): {
  addToWishlist(product: WishlistProductRef, variantId?: number | null): Promise<boolean>;
  removeFromWishlist(product: WishlistProductRef): Promise<boolean>;
} {
  const store = useWishlistSession();
  return {
    addToWishlist: (product, variantId) => store?.set(product, true, variantId) ?? Promise.resolve(false),
    removeFromWishlist: (product) => store?.set(product, false) ?? Promise.resolve(false),
  };
}
