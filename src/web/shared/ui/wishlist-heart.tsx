import { useLingui } from '@lingui/react/macro';
import { useOptionalApi } from '../api/api-provider.tsx';
import { createWishlistStore, useWishlistState } from '../wishlist-store.ts';

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
  return (
    <button
      type="button"
      className={`wishlist-heart wishlist-heart--${placement}`}
      data-state={state === null ? 'unknown' : on ? 'on' : 'off'}
      aria-pressed={on}
      aria-busy={busy || undefined}
      aria-label={on ? t`Remove ${name} from wish list` : t`Add ${name} to wish list`}
      onClick={() => store?.toggle({ productId: product.id, slug: product.slug, name }, variantId)}
    />
  );
}

