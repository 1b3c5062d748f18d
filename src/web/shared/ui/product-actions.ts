import { startTransition, useEffect, useState, type MouseEvent } from 'react';
import { shiftBagCount } from '../bag/add-to-bag/count-event.ts';
import { announceWishlistLive, WISHLIST_LIVE_EVENT, wishlistIsLive } from './wishlist-live.ts';

/** What a product's heart and "Add to bag" button do now (HeartAction and BagAction render them from it). */
export interface ProductActionState {
  /** The wish list's engine knows a list: the heart shows it (its live part). */
  heartLive: boolean;
  /** The neutral heart was pressed: its live part makes the press as it mounts. */
  heartPressed: boolean;
  /** "Add to bag" was pressed: the button loads its live part (bag/add-to-bag/); `precounted`: the header's count took the press already (count-event.ts). */
  bag: { precounted: boolean } | null;
}

/** Marks a plain button for its container's one click handler: `data-product-action` and the product's id (`data-product-id`). */
export type ProductAction = 'heart' | 'bag';

type Pressed = Partial<Omit<ProductActionState, 'heartLive'>>;

/**
 * The hearts and "Add to bag" buttons of a grid's cards or of a product page, kept by their
 * container (issue 12, bench:web TBT): until a press they are plain buttons with no state, effect or
 * listener of their own — two dozen cards hydrated two dozen hearts' and buttons' hooks in the
 * first screen's long task. The container listens once (`onClick`, delegated; one wish-list
 * listener) and renders a product's live part only for the button pressed, or for every heart once
 * there is a list (wishlist-live.ts).
 */
export function useProductActions(): { actionsOf: (productId: number) => ProductActionState; onClick: (event: MouseEvent<HTMLElement>) => void } {
  const [heartLive, setHeartLive] = useState(false);
  const [pressed, setPressed] = useState<Readonly<Record<number, Pressed>>>({});
  useEffect(() => {
    const goLive = () => startTransition(() => setHeartLive(true));
    if (wishlistIsLive()) goLive();
    window.addEventListener(WISHLIST_LIVE_EVENT, goLive);
    return () => window.removeEventListener(WISHLIST_LIVE_EVENT, goLive);
  }, []);
  const press = (productId: number, change: Pressed) => setPressed((current) => ({ ...current, [productId]: { ...current[productId], ...change } }));
  const onClick = (event: MouseEvent<HTMLElement>) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-product-action]') : null;
    const productId = Number(button?.dataset['productId']);
    if (!button || !Number.isInteger(productId)) return;
    if ((button.dataset['productAction'] as ProductAction) === 'heart') {
      press(productId, { heartPressed: true });
      // The list starts with this press: every heart and the wish list's session follow (wishlist-live.ts).
      announceWishlistLive();
    } else if (!pressed[productId]?.bag) {
      // The header's count moves with the press, not once the live part has loaded (≤ 100 ms at 4× slowdown, bench:web).
      press(productId, { bag: { precounted: shiftBagCount(1) } });
    }
  };
  return { actionsOf: (productId) => ({ heartLive, heartPressed: false, bag: null, ...pressed[productId] }), onClick };
}
