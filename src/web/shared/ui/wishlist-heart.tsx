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
const WishlistHeartLive = lazy(() => import('../wishlist/wishlist-heart-live.tsx'));

/**
 * The wish-list heart (issue 12). The server and the hydrating browser render it neutral (neither
 * knows the shopper's list); it becomes the live heart, which shows the device's or the member's
 * list, once the engine has found a list with something in it (wishlist-live.ts), in a transition
 * so that two dozen hearts never make one long task. A fixed-size box, so nothing moves when it
 * fills. A press on the neutral heart loads the live one, which makes the press.
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
    <button
      type="button"
      className={`wishlist-heart wishlist-heart--${props.placement ?? 'card'}`}
      data-state="unknown"
      aria-pressed={false}
      aria-busy={pressed || undefined}
      aria-label={t`Add ${name} to wish list`}
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
