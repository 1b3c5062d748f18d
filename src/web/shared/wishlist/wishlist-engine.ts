import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { wishlistToggleConnect } from '../../../../machines/wishlist/wishlist-toggle.connect.ts';
import { wishlistToggleMachine, type WishlistFailure, type WishlistWrite } from '../../../../machines/wishlist/wishlist-toggle.machine.ts';
import type { ApiClient } from '../api/client.ts';
import type { WishlistNotice, WishlistProductRef, WishlistStore } from '../wishlist-store.ts';
import { DEVICE_WISHLIST_KEY, deviceWishlist, withEntry, type DeviceEntry, type DeviceWishlist } from './device-list.ts';
import { createWishlistIdsApi, type WishlistIdsApi } from './wishlist-api.ts';
import { announceWishlistLive } from '../ui/wishlist-live.ts';

/**
 * The wish list's workings, loaded once the page is hydrated (wishlist-store.ts holds what the
 * first screen needs and loads this): the device's list, the member's `GET wishlist`, the merge at
 * sign-in (`PATCH wishlist` add, the device cleared once the server took it, kept on failure for
 * the next time), one toggle machine per product pressed (optimistic, one write in flight, clicks
 * coalesced, rolled back with a notice), and other tabs (storage events for a guest's list, a
 * BroadcastChannel for a member's).
 */

type Mode = 'unknown' | 'guest' | 'member';
type ToggleActor = ActorRefFrom<typeof wishlistToggleMachine>;
const NO_ENTRIES: readonly DeviceEntry[] = [];

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

  const publish = () => {
    // A list with something in it: the hearts swap to their live part (wishlist-live.ts).
    if ((mode === 'guest' && entries.length > 0) || (mode === 'member' && memberIds !== null && memberIds.size > 0)) announceWishlistLive();
    listeners.forEach((listener) => listener());
  };
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
        // After the machine's step: the listeners notify other actors (the toasts).
        failed: (_, { failure, wanted }: { failure: WishlistFailure; wanted: boolean }) =>
          queueMicrotask(() => noticeListeners.forEach((listener) => listener({ failure, wanted, name: entry.ref.name }))),
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
    view(productId) {
      const state = store.state(productId);
      // decodeView (wishlist-store.ts) reads it back.
      return (state === null ? 0 : state ? 2 : 1) | (store.busy(productId) ? 4 : 0);
    },
    known: () => mode === 'guest' || (mode === 'member' && memberIds !== null),
    ready: () => Promise.resolve(store),
    loaded: () => true,
    deviceEntries: () => (mode === 'guest' ? entries : NO_ENTRIES),
    session(signedIn, wantsList = false) {
      const next: Mode = signedIn ? 'member' : 'guest';
      if (mode !== next) {
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
      }
      // A member's hearts need the list (a guest's is the device's, read above).
      if (wantsList) store.load();
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

/** The browser's engine over the app's client. */
export function createBrowserWishlistStore(client: ApiClient): WishlistStore {
  return createWishlistStoreWith({
    api: createWishlistIdsApi(client),
    device: deviceWishlist(),
    channel: () => (typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME)),
    events: () => window,
  });
}
