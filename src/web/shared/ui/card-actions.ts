import { startTransition, useCallback, useContext, useEffect, useState, type ComponentType, type MouseEvent } from 'react';
import { AddToBagLiveContext, shiftBagCount, type AddToBagLiveProps } from '../bag/add-to-bag-slot.ts';
import { announceWishlistLive, WISHLIST_LIVE_EVENT, wishlistIsLive } from './wishlist-live.ts';

/** What a card's heart and "Add to bag" button do now (product-card.tsx renders them from it). */
export interface CardActionState {
  /** The wish list's engine knows a list: the heart shows it (its live part). */
  heartLive: boolean;
  /** The neutral heart was pressed: its live part makes the press as it mounts. */
  heartPressed: boolean;
  /** "Add to bag" was pressed: its live part (the bag feature's, from the shell); `precounted`: the header's count took the press already (add-to-bag-slot.ts). */
  bag: { Live: ComponentType<AddToBagLiveProps>; precounted: boolean } | null;
}

const CARD_AT_REST: CardActionState = { heartLive: false, heartPressed: false, bag: null };
const HEART_LIVE: CardActionState = { heartLive: true, heartPressed: false, bag: null };

/** Marks a card's plain button for the grid's one click handler: `data-card-action` and the product's id. */
export type CardAction = 'heart' | 'bag';

interface Pressed {
  heart: boolean;
  bag: { precounted: boolean } | null;
}

const NONE: ReadonlyMap<number, Pressed> = new Map();

/**
 * The cards' hearts and "Add to bag" buttons, kept by their grid (issue 12, bench:web TBT): until a
 * press they are plain buttons with no state, effect or listener of their own — two dozen cards
 * hydrated two dozen hearts' and buttons' hooks in the first screen's long task. The grid listens
 * once (one click handler, delegated; one wish-list listener) and renders a card's live part only
 * for the button pressed, or for every heart once there is a list.
 */
export function useCardActions(): { actionsOf: (productId: number) => CardActionState; onClick: (event: MouseEvent<HTMLElement>) => void } {
  const AddToBagLive = useContext(AddToBagLiveContext);
  const [heartsLive, setHeartsLive] = useState(false);
  const [pressed, setPressed] = useState(NONE);
  useEffect(() => {
    const goLive = () => startTransition(() => setHeartsLive(true));
    if (wishlistIsLive()) goLive();
    window.addEventListener(WISHLIST_LIVE_EVENT, goLive);
    return () => window.removeEventListener(WISHLIST_LIVE_EVENT, goLive);
  }, []);
  const onClick = useCallback(
    (event: MouseEvent<HTMLElement>) => {
      const button = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-card-action]') : null;
      if (!button || !event.currentTarget.contains(button)) return;
      const productId = Number(button.dataset['productId']);
      const action = button.dataset['cardAction'] as CardAction;
      if (!Number.isInteger(productId)) return;
      if (action === 'heart') {
        setPressed((current) => withPress(current, productId, { heart: true }));
        // The list starts with this press: every heart and the wish list's session follow (wishlist-live.ts).
        announceWishlistLive();
      } else if (action === 'bag' && AddToBagLive && !pressed.get(productId)?.bag) {
        // The header's count moves with the press, not once the live part has loaded (≤ 100 ms at 4× slowdown, bench:web).
        const precounted = shiftBagCount(1);
        setPressed((current) => withPress(current, productId, { bag: { precounted } }));
      }
    },
    [AddToBagLive, pressed],
  );
  const actionsOf = (productId: number): CardActionState => {
    const press = pressed.get(productId);
    if (!press) return heartsLive ? HEART_LIVE : CARD_AT_REST;
    return { heartLive: heartsLive, heartPressed: press.heart, bag: AddToBagLive && press.bag ? { Live: AddToBagLive, precounted: press.bag.precounted } : null };
  };
  return { actionsOf, onClick };
}

function withPress(current: ReadonlyMap<number, Pressed>, productId: number, press: Partial<Pressed>): ReadonlyMap<number, Pressed> {
  const next = new Map(current);
  next.set(productId, { heart: false, bag: null, ...current.get(productId), ...press });
  return next;
}
