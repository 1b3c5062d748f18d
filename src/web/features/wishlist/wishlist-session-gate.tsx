import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSignedIn } from '../../shared/session/session-store.ts';
import { WISHLIST_LIVE_EVENT, wishlistIsLive } from '../../shared/ui/wishlist-live.ts';
import { DEVICE_WISHLIST_KEY } from '../../shared/wishlist/device-key.ts';

/**
 * The wish list's session (a guest's list merges into the member's at sign-in, sign-out goes back
 * to the device's) and its notices of failed heart changes: once idle after hydration, on every page and
 * layout, in a chunk of its own; it loads the list's engine only when there may be a list.
 */
const WishlistSession = lazy(() => import('./wishlist-notices.tsx'));

/**
 * Mounts the wish list's session once there may be a list: a member, a guest's list on this
 * device (now, or written by another tab), or a heart pressed (wishlist-live.ts). A guest without one loads none of it. Once
 * mounted it stays, to follow every sign-in and sign-out.
 */
export default function WishlistSessionGate() {
  const signedIn = useSignedIn();
  const [stored, setStored] = useState(false);
  const [live, setLive] = useState(wishlistIsLive);
  useEffect(() => {
    try {
      setStored(localStorage.getItem(DEVICE_WISHLIST_KEY) !== null);
    } catch {
      // Storage switched off: no list can be kept on this device.
    }
    const goLive = () => setLive(true);
    // Another tab started a list on this device: this one follows it (the engine's storage listener takes over).
    const stored = (event: StorageEvent) => {
      if (event.key === DEVICE_WISHLIST_KEY && event.newValue !== null) setStored(true);
    };
    window.addEventListener(WISHLIST_LIVE_EVENT, goLive);
    window.addEventListener('storage', stored);
    return () => {
      window.removeEventListener(WISHLIST_LIVE_EVENT, goLive);
      window.removeEventListener('storage', stored);
    };
  }, []);
  const started = useRef(false);
  started.current ||= signedIn || stored || live;
  return started.current ? (
    <Suspense fallback={null}>
      <WishlistSession />
    </Suspense>
  ) : null;
}

