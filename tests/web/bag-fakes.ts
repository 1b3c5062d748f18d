import { vi } from 'vitest';
import type { Cart, CartScreen } from '../../src/contract/cart.ts';
import { apiFake } from '../../src/web/shared/api/api-provider.tsx';
import { createCartApi, type CartApi } from '../../src/web/shared/api/cart-api.ts';
import { createBagCountStore, type BagCountStore } from '../../src/web/shared/bag/bag-count.tsx';
import { createBagRewardsApi, type BagRewardsApi } from '../../src/web/features/bag/bag-rewards-api.ts';

/** The bag's API as a test scripts it: every method a mock, `screen` answering `screen` by default. */
export function cartApiFake(screen: CartScreen, overrides: Partial<CartApi> = {}) {
  const reject = () => Promise.reject(new Error('not scripted'));
  return {
    screen: vi.fn<CartApi['screen']>(overrides.screen ?? (async () => screen)),
    addLine: vi.fn<CartApi['addLine']>(overrides.addLine ?? reject),
    setLine: vi.fn<CartApi['setLine']>(overrides.setLine ?? reject),
    removeLine: vi.fn<CartApi['removeLine']>(overrides.removeLine ?? reject),
    saveSamples: vi.fn<CartApi['saveSamples']>(overrides.saveSamples ?? reject),
    applyOffer: vi.fn<CartApi['applyOffer']>(overrides.applyOffer ?? reject),
    removeOffer: vi.fn<CartApi['removeOffer']>(overrides.removeOffer ?? reject),
    removeGiftCard: vi.fn<CartApi['removeGiftCard']>(overrides.removeGiftCard ?? reject),
    mergeGuestBag: vi.fn<CartApi['mergeGuestBag']>(overrides.mergeGuestBag ?? reject),
    variantIds: vi.fn<CartApi['variantIds']>(overrides.variantIds ?? reject),
    patchWishlist: vi.fn<CartApi['patchWishlist']>(overrides.patchWishlist ?? reject),
  } satisfies CartApi;
}

/** The header's count store with a fixed count to start from; `confirmed` records what bag code told it. */
export function countStoreFake(start: number | null) {
  const listeners = new Set<() => void>();
  const otherTab = new Set<() => void>();
  const confirmed: number[] = [];
  let count = start;
  const store: BagCountStore = {
    get count() {
      return count;
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load: () => undefined,
    confirm: (next) => {
      confirmed.push(next);
      count = next;
      listeners.forEach((listener) => listener());
    },
    shift: (delta) => {
      count = (count ?? 0) + delta;
      listeners.forEach((listener) => listener());
    },
    onOtherTab: (listener) => {
      otherTab.add(listener);
      return () => otherTab.delete(listener);
    },
  };
  /** Another tab changed the bag to `next` units. */
  const fromOtherTab = (next: number) => {
    count = next;
    listeners.forEach((listener) => listener());
    otherTab.forEach((listener) => listener());
  };
  return { store, confirmed, fromOtherTab };
}

/** The bag screen's reward call (issue 15) as a test scripts it. */
export function rewardsApiFake(overrides: Partial<BagRewardsApi> = {}) {
  return { removeReward: vi.fn<BagRewardsApi['removeReward']>(overrides.removeReward ?? (() => Promise.reject(new Error('not scripted')))) } satisfies BagRewardsApi;
}

export function bagApis(api: CartApi, count: BagCountStore = countStoreFake(null).store, rewards: BagRewardsApi = rewardsApiFake()) {
  return new Map([apiFake(createCartApi, api), apiFake(createBagCountStore, count), apiFake(createBagRewardsApi, rewards)]);
}

export type { Cart };
