import { createContext, type ComponentType } from 'react';
import type { WishlistHeartProps } from '../ui/wishlist-heart.tsx';

/** The heart's live part: `pressedEarly`, a press on the neutral heart made before it loaded, which it makes as it mounts. */
export type WishlistHeartLiveProps = WishlistHeartProps & { pressedEarly?: boolean };

/**
 * Where the shared wish-list hearts find their live part (the wish list's store): provided by the
 * shell as a lazy component, so the chunks of the cards and the product page carry no dynamic
 * import of their own (each costs its preload list on a first screen). Null: the hearts stay neutral.
 */
export const WishlistHeartLiveContext = createContext<ComponentType<WishlistHeartLiveProps> | null>(null);
