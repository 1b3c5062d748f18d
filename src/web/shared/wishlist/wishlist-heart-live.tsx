import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { useOptionalApi } from '../api/api-provider.tsx';
import { createWishlistStore, useWishlistState } from '../wishlist-store.ts';
import type { WishlistHeartLiveProps } from './heart-live-slot.ts';

/**
 * The heart once the page is hydrated (ui/wishlist-heart.tsx loads it): the device's or the
 * member's list, pressed to add or remove. A press made before this chunk arrived (`pressedEarly`)
 * is made once, as it mounts.
 */
export default function WishlistHeartLive({ product, variantId, placement = 'card', pressedEarly = false }: WishlistHeartLiveProps) {
  const { t } = useLingui();
  const store = useOptionalApi(createWishlistStore);
  const { state, busy } = useWishlistState(product.id);
  const on = state === true;
  const name = product.name;
  const toggle = () => store?.toggle({ productId: product.id, slug: product.slug, name }, variantId);
  const early = useRef(pressedEarly);
  useEffect(() => {
    if (!early.current) return;
    early.current = false;
    toggle();
    // Once, at mount: the press that came before this chunk.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <button
      type="button"
      className={`wishlist-heart wishlist-heart--${placement}`}
      data-state={state === null ? 'unknown' : on ? 'on' : 'off'}
      aria-pressed={on}
      aria-busy={busy || undefined}
      aria-label={on ? t`Remove ${name} from wish list` : t`Add ${name} to wish list`}
      onClick={toggle}
    />
  );
}
