import { Suspense, useContext } from 'react';
import { WishlistHeartLiveContext } from '../wishlist/heart-live-slot.ts';
import type { ProductActionState } from './product-actions.ts';

export interface WishlistHeartProps {
  product: { id: number; slug: string; name: string };
  /** The shade or size chosen on the product page: kept with an add. */
  variantId?: number | null;
  /** `card`: over the card's image; `page`: beside the product page's actions. */
  placement?: 'card' | 'page';
}

interface HeartActionProps extends WishlistHeartProps {
  actions: ProductActionState;
  /** "Add {name} to wish list", translated by the caller (a card translates its words once). */
  label: string;
}

/**
 * The wish-list heart of a card or the product page (issue 12). The server and the hydrating
 * browser render it neutral (neither knows the shopper's list): a plain button with no state of its
 * own, pressed through its container's handler (product-actions.ts). It becomes the live heart,
 * which shows the device's or the member's list, once there is a list or once it is pressed (the
 * live heart then makes the press). A fixed-size box, so nothing moves when it fills.
 */
export function HeartAction({ actions, label, ...props }: HeartActionProps) {
  // The heart that knows the list: its own chunk with the wish list's store, from the shell (heart-live-slot.ts).
  const WishlistHeartLive = useContext(WishlistHeartLiveContext);
  const placement = props.placement ?? 'card';
  const neutral = (
    <button
      type="button"
      className={`wishlist-heart wishlist-heart--${placement}`}
      data-state="unknown"
      aria-pressed={false}
      aria-busy={actions.heartPressed || undefined}
      aria-label={label}
      data-product-action="heart"
      data-product-id={props.product.id}
    />
  );
  if (!WishlistHeartLive || (!actions.heartLive && !actions.heartPressed)) return neutral;
  return (
    <Suspense fallback={neutral}>
      <WishlistHeartLive {...props} placement={placement} pressedEarly={actions.heartPressed} />
    </Suspense>
  );
}
