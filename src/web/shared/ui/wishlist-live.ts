/**
 * Whether the hearts need their live part: once the wish list's engine knows of a list with
 * something in it (the device's or the member's), it says so here and every heart swaps its
 * neutral button for the live one, in a transition. A guest without a list (most visitors) keeps
 * the neutral hearts, which look and act the same (a press loads the live part and makes it), so
 * their pages do no wish-list work at all after hydration (bench:web TBT). A window event, so the
 * first screen carries these lines and not the engine.
 */
export const WISHLIST_LIVE_EVENT = 'bp:wishlist-live';

let announced = false;

/** The engine found a list with something in it (wishlist-engine.ts), or a neutral heart was pressed (the list starts with it). */
export function announceWishlistLive(): void {
  if (announced || typeof window === 'undefined') return;
  announced = true;
  window.dispatchEvent(new Event(WISHLIST_LIVE_EVENT));
}

export function wishlistIsLive(): boolean {
  return announced;
}
