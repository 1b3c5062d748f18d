// @vitest-environment jsdom
import { afterEach, describe, expect, test } from 'vitest';
import { DEVICE_WISHLIST_KEY, deviceWishlist, type DeviceEntry } from '../../src/web/shared/wishlist/device-list.ts';
import type { WishlistIdsApi, WishlistPatchBody } from '../../src/web/shared/wishlist/wishlist-api.ts';
import { decodeView, lazyWishlistStore, type WishlistNotice } from '../../src/web/shared/wishlist-store.ts';
import { createWishlistStoreWith } from '../../src/web/shared/wishlist/wishlist-engine.ts';

const GLOSS = { productId: 7, slug: 'radiant-lip-gloss', name: 'Radiant Lip Gloss' };
const SERUM = { productId: 9, slug: 'glow-serum', name: 'Glow Serum' };
const entry = (productId: number, slug: string, variantId: number | null = null): DeviceEntry => ({ productId, slug, variantId, addedAt: '2026-11-01T10:00:00.000Z' });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A member's list on a scripted server: each PATCH waits for the test unless `auto`. */
function fakeApi(ids: number[] = [], { failPatch = false } = {}) {
  const patches: WishlistPatchBody[] = [];
  let reads = 0;
  const api: WishlistIdsApi = {
    ids: async () => {
      reads += 1;
      return [...ids];
    },
    patch: async (body) => {
      patches.push(body);
      if (failPatch) throw Object.assign(new Error('PATCH wishlist: 503'), { kind: 'http', status: 503 });
      body.add?.forEach((item) => ids.includes(item.productId) || ids.push(item.productId));
      body.remove?.forEach((id) => ids.splice(ids.indexOf(id), 1));
    },
  };
  return { api, patches, reads: () => reads, ids };
}

/** Two tabs' stores share storage events and a channel, as a browser delivers them. */
function tabs() {
  const windows: [EventTarget, EventTarget] = [new EventTarget(), new EventTarget()];
  const channels: [EventTarget, EventTarget] = [new EventTarget(), new EventTarget()];
  const channel = (index: 0 | 1) => () => ({
    addEventListener: channels[index].addEventListener.bind(channels[index]),
    postMessage: (data: unknown) => channels[index === 0 ? 1 : 0].dispatchEvent(new MessageEvent('message', { data })),
  });
  // The store listens to `storage` only: an EventTarget stands in for each tab's window.
  const events = (index: 0 | 1) => () => windows[index] as unknown as Window;
  const storageChanged = (index: 0 | 1) => windows[index].dispatchEvent(Object.assign(new Event('storage'), { key: DEVICE_WISHLIST_KEY }));
  return { channel, events, storageChanged };
}

afterEach(() => localStorage.clear());

describe('the device list (a guest’s)', () => {
  test('a valid list is read back as written', () => {
    const device = deviceWishlist(localStorage);
    expect(device.write([entry(7, 'radiant-lip-gloss', 71)])).toBe(true);
    expect(device.read()).toEqual([entry(7, 'radiant-lip-gloss', 71)]);
  });

  test.each([
    ['not JSON', '{oops'],
    ['not a list', '{"productId":7}'],
    ['an entry of the wrong shape', JSON.stringify([{ productId: 'seven', slug: 'x' }])],
    ['a slug that is not one', JSON.stringify([{ ...entry(7, 'a'), slug: '<script>' }])],
  ])('%s is dropped, not a crash', (_name, raw) => {
    localStorage.setItem(DEVICE_WISHLIST_KEY, raw);
    const store = createWishlistStoreWith({ api: fakeApi().api, device: deviceWishlist(localStorage) });
    store.session(false);
    expect(store.deviceEntries()).toEqual([]);
    expect(store.state(7)).toBe(false);
    expect(localStorage.getItem(DEVICE_WISHLIST_KEY)).toBeNull();
  });

  test('a guest’s heart writes the device, and another tab follows by the storage event', async () => {
    const { events, storageChanged } = tabs();
    const first = createWishlistStoreWith({ api: fakeApi().api, device: deviceWishlist(localStorage), events: events(0) });
    const second = createWishlistStoreWith({ api: fakeApi().api, device: deviceWishlist(localStorage), events: events(1) });
    first.session(false);
    second.session(false);
    first.toggle(GLOSS, 71);
    expect(first.state(7)).toBe(true);
    await settle();
    expect(deviceWishlist(localStorage).read()).toMatchObject([{ productId: 7, slug: 'radiant-lip-gloss', variantId: 71 }]);
    expect(second.state(7)).toBe(false);
    storageChanged(1);
    expect(second.state(7)).toBe(true);
  });
});

describe('signing in', () => {
  test('the device list is sent with PATCH add, then cleared once the server took it; the member’s list read after includes it', async () => {
    deviceWishlist(localStorage).write([entry(7, 'radiant-lip-gloss', 71), entry(9, 'glow-serum')]);
    const server = fakeApi([3]);
    const store = createWishlistStoreWith({ api: server.api, device: deviceWishlist(localStorage) });
    store.session(false);
    expect(store.state(7)).toBe(true);
    store.session(true);
    store.load();
    expect(store.state(7)).toBeNull();
    await settle();
    await settle();
    expect(server.patches).toEqual([{ add: [{ productId: 7, variantId: 71 }, { productId: 9, variantId: null }] }]);
    expect(localStorage.getItem(DEVICE_WISHLIST_KEY)).toBeNull();
    expect([3, 7, 9].map((id) => store.state(id))).toEqual([true, true, true]);
    expect(server.reads()).toBe(1);
  });

  test('a failed merge keeps the device list, and the next page load sends it again', async () => {
    deviceWishlist(localStorage).write([entry(7, 'radiant-lip-gloss')]);
    const failing = fakeApi([], { failPatch: true });
    const store = createWishlistStoreWith({ api: failing.api, device: deviceWishlist(localStorage) });
    store.session(true);
    await settle();
    expect(failing.patches).toHaveLength(1);
    expect(deviceWishlist(localStorage).read()).toEqual([entry(7, 'radiant-lip-gloss')]);

    const next = fakeApi();
    const reloaded = createWishlistStoreWith({ api: next.api, device: deviceWishlist(localStorage) });
    reloaded.session(true);
    await settle();
    expect(next.patches).toEqual([{ add: [{ productId: 7, variantId: null }] }]);
    expect(localStorage.getItem(DEVICE_WISHLIST_KEY)).toBeNull();
  });
});

describe('a member’s hearts', () => {
  test('add and remove are PATCH writes, and the other tab follows by the channel', async () => {
    const { channel } = tabs();
    const server = fakeApi([9]);
    const first = createWishlistStoreWith({ api: server.api, device: deviceWishlist(localStorage), channel: channel(0) });
    const second = createWishlistStoreWith({ api: server.api, device: deviceWishlist(localStorage), channel: channel(1) });
    for (const store of [first, second]) {
      store.session(true);
      store.load();
    }
    await settle();
    expect(await first.set(GLOSS, true, 71)).toBe(true);
    expect(await first.set(SERUM, false)).toBe(true);
    expect(server.patches).toEqual([{ add: [{ productId: 7, variantId: 71 }] }, { remove: [9] }]);
    expect([second.state(7), second.state(9)]).toEqual([true, false]);
    expect(deviceWishlist(localStorage).read()).toEqual([]);
  });

  test('a failed write is undone, resolves false and is told once', async () => {
    const store = createWishlistStoreWith({ api: fakeApi([], { failPatch: true }).api, device: deviceWishlist(localStorage) });
    const notices: WishlistNotice[] = [];
    store.onNotice((notice) => notices.push(notice));
    store.session(true);
    store.load();
    await settle();
    const added = store.set(GLOSS, true);
    expect(store.state(7)).toBe(true);
    expect(await added).toBe(false);
    expect(store.state(7)).toBe(false);
    expect(notices).toEqual([{ failure: 'failed', wanted: true, name: 'Radiant Lip Gloss' }]);
  });

  test('signing out goes back to the device’s (empty) list: nothing of the member’s shows', async () => {
    const store = createWishlistStoreWith({ api: fakeApi([7]).api, device: deviceWishlist(localStorage) });
    store.session(true);
    store.load();
    await settle();
    expect(store.state(7)).toBe(true);
    store.session(false);
    expect(store.state(7)).toBe(false);
  });
});

describe('the first screen’s stand-in', () => {
  test('neutral until the engine arrives; what was asked meanwhile runs then', async () => {
    let arrive: () => void = () => undefined;
    const engine = createWishlistStoreWith({ api: fakeApi([], { failPatch: true }).api, device: deviceWishlist(localStorage) });
    const notices: WishlistNotice[] = [];
    engine.onNotice((notice) => notices.push(notice));
    const store = lazyWishlistStore(() => new Promise((resolve) => (arrive = () => resolve(engine))));
    let published = 0;
    store.subscribe(() => (published += 1));
    store.session(true);
    store.toggle(GLOSS);
    expect(decodeView(store.view(7))).toEqual({ state: null, busy: false });
    arrive();
    await settle();
    await settle();
    expect(published).toBeGreaterThan(0);
    expect(decodeView(store.view(7))).toEqual({ state: false, busy: false });
    expect(notices).toEqual([{ failure: 'failed', wanted: true, name: 'Radiant Lip Gloss' }]);
    expect(await store.ready()).toBe(engine);
  });
});
