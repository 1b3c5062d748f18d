import { useEffect, useState } from 'react';
import { useWishlistSession, type WishlistProductRef, type WishlistStore } from '../wishlist-store.ts';

/*
 * What the wish list screen and the bag's "Move to wish list" use: off the first screens (a module
 * of its own, so the entry does not carry them), over the same store the hearts read.
 */

/** The engine once loaded (null before): the wish list screen and the bag's "Move to wish list" use it. */
export function useWishlistEngine(): WishlistStore | null {
  const store = useWishlistSession();
  const [engine, setEngine] = useState<WishlistStore | null>(null);
  useEffect(() => {
    let live = true;
    store?.ready().then(
      (ready) => live && setEngine(ready),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [store]);
  return engine;
}

/** What the bag's "Move to wish list" (and the wish list screen) call: each resolves true once the list holds the change. */
export function useWishlistActions(): {
  addToWishlist(product: WishlistProductRef, variantId?: number | null): Promise<boolean>;
  removeFromWishlist(product: WishlistProductRef): Promise<boolean>;
} {
  const store = useWishlistSession();
  const change = (product: WishlistProductRef, on: boolean, variantId?: number | null) => (store ? store.ready().then((engine) => engine.set(product, on, variantId), () => false) : Promise.resolve(false));
  return {
    addToWishlist: (product, variantId) => change(product, true, variantId),
    removeFromWishlist: (product) => change(product, false),
  };
}
