import { useLingui } from '@lingui/react/macro';
import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { announceWishlistLive, WISHLIST_LIVE_EVENT, wishlistIsLive } from './wishlist-live.ts';

export interface WishlistHeartProps {
  product: { id: number; slug: string; name: string };
  /** The shade or size chosen on the product page: kept with an add. */
  variantId?: number | null;
  /** `card`: over the card's image; `page`: beside the product page's actions. */
  placement?: 'card' | 'page';
}

/** The heart that knows the list: its own chunk with the wish list's store, once there is a list to show (not on a first screen). */
export const WishlistHeartLive = lazy(() => import('../wishlist/wishlist-heart-live.tsx'));

interface NeutralHeartProps {
  /** "Add {name} to wish list", translated by the caller (a card's words are translated once, by the card). */
  label: string;
  placement: 'card' | 'page';
  busy: boolean;
  /** A card's heart: the grid's one click handler finds it by these (card-actions.ts); the page's heart has its own. */
  cardProductId?: number;
  onClick?: () => void;
}

/**
 * The heart before its live part: what the server renders and the browser hydrates, with no state
 * of its own. A fixed-size box, so nothing moves when the live heart fills it.
 */
export function NeutralHeart({ label, placement, busy, cardProductId, onClick }: NeutralHeartProps) {
  return (
    <button
      type="button"
      className={`wishlist-heart wishlist-heart--${placement}`}
      data-state="unknown"
      aria-pressed={false}
      aria-busy={busy || undefined}
      aria-label={label}
      {...(cardProductId !== undefined ? { 'data-card-action': 'heart', 'data-product-id': cardProductId } : {})}
      onClick={onClick}
    />
  );
}

/**
 * The product page's wish-list heart (issue 12; the cards' hearts are kept by their grid,
 * card-actions.ts). The server and the hydrating browser render it neutral (neither knows the
 * shopper's list); it becomes the live heart, which shows the device's or the member's list, once
 * the engine has found a list with something in it (wishlist-live.ts), in a transition. A press on
 * the neutral heart loads the live one, which makes the press.
 */
export function WishlistHeart(props: WishlistHeartProps) {
  const { t } = useLingui();
  const [live, setLive] = useState(false);
  const [pressed, setPressed] = useState(false);
  useEffect(() => {
    const goLive = () => startTransition(() => setLive(true));
    if (wishlistIsLive()) goLive();
    window.addEventListener(WISHLIST_LIVE_EVENT, goLive);
    return () => window.removeEventListener(WISHLIST_LIVE_EVENT, goLive);
  }, []);
  const { name } = props.product;
  const neutral = (
    <NeutralHeart
      label={t`Add ${name} to wish list`}
      placement={props.placement ?? 'card'}
      busy={pressed}
      onClick={() => {
        // The list starts with this press: every heart and the wish list's session follow (wishlist-live.ts).
        setPressed(true);
        announceWishlistLive();
      }}
    />
  );
  if (!live && !pressed) return neutral;
  return (
    <Suspense fallback={neutral}>
      <WishlistHeartLive {...props} pressedEarly={pressed} />
    </Suspense>
  );
}
