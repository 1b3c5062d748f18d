import { useLingui } from '@lingui/react/macro';
import { useOptionalApi } from '../api/api-provider.tsx';
import { createWishlistStore, useWishlistState, type WishlistProductRef } from '../wishlist-store.ts';

interface WishlistHeartProps {
  product: { id: number; slug: string; name: string };
  /** The shade or size chosen on the product page: kept with an add. */
  variantId?: number | null;
  /** `card`: over the card's image; `page`: beside the product page's actions. */
  placement?: 'card' | 'page';
}

/**
 * The wish-list heart (issue 12). The server and the hydrating browser render it neutral (neither
 * knows the shopper's list); it shows the device's or the member's list right after. A fixed-size
 * box, so nothing moves when it fills; pressable while a change is saved (clicks are coalesced).
 */
export function WishlistHeart({ product, variantId, placement = 'card' }: WishlistHeartProps) {
  const { t } = useLingui();
  const store = useOptionalApi(createWishlistStore);
  const { state, busy } = useWishlistState(product.id);
  const on = state === true;
  const name = product.name;
  const ref: WishlistProductRef = { productId: product.id, slug: product.slug, name };
  return (
    <button
      type="button"
      className={`wishlist-heart wishlist-heart--${placement}`}
      data-state={state === null ? 'unknown' : on ? 'on' : 'off'}
      aria-pressed={on}
      aria-busy={busy || undefined}
      aria-label={on ? t`Remove ${name} from wish list` : t`Add ${name} to wish list`}
      onClick={() => store?.toggle(ref, variantId)}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path d="M12 20.5s-7.5-4.6-9.3-9.2C1.4 7.9 3.6 4.5 7 4.5c2 0 3.6 1.1 5 3 1.4-1.9 3-3 5-3 3.4 0 5.6 3.4 4.3 6.8-1.8 4.6-9.3 9.2-9.3 9.2z" />
      </svg>
    </button>
  );
}
