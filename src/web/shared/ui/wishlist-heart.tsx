import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { useHydrated } from '../ssr/use-hydrated.ts';

export interface WishlistHeartProps {
  product: { id: number; slug: string; name: string };
  /** The shade or size chosen on the product page: kept with an add. */
  variantId?: number | null;
  /** `card`: over the card's image; `page`: beside the product page's actions. */
  placement?: 'card' | 'page';
}

/** The heart that knows the list: its own chunk with the wish list's store, after hydration (not on a first screen). */
const WishlistHeartLive = lazy(() => import('../wishlist/wishlist-heart-live.tsx'));

/**
 * The wish-list heart (issue 12). The server and the hydrating browser render it neutral (neither
 * knows the shopper's list); once hydrated it becomes the live heart, which shows the device's or
 * the member's list. A fixed-size box, so nothing moves when it fills. A press before the live
 * heart arrived is kept and made by it.
 */
export function WishlistHeart(props: WishlistHeartProps) {
  const { t } = useLingui();
  const hydrated = useHydrated();
  const [pressed, setPressed] = useState(false);
  const { name } = props.product;
  const neutral = (
    <button
      type="button"
      className={`wishlist-heart wishlist-heart--${props.placement ?? 'card'}`}
      data-state="unknown"
      aria-pressed={false}
      aria-busy={pressed || undefined}
      aria-label={t`Add ${name} to wish list`}
      onClick={() => setPressed(true)}
    />
  );
  if (!hydrated) return neutral;
  return (
    <Suspense fallback={neutral}>
      <WishlistHeartLive {...props} pressedEarly={pressed} />
    </Suspense>
  );
}
