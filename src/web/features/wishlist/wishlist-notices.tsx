import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useFeatureCatalog } from '../../shared/i18n/use-feature-catalog.ts';
import { useNotify } from '../../shared/notifications/notify.ts';
import { useWishlistSession } from '../../shared/wishlist-store.ts';
import { wishlistMessages } from './messages.ts';

/**
 * Starts the wish list with the session (sign-in merges the guest's list, sign-out goes back to the
 * device's) and says when a heart's change failed and was undone (the toggle machine rolled it
 * back). Mounted by the header after hydration, in a chunk of its own: no failure can happen
 * before, and neither the store nor its words weigh on a first screen.
 */
export default function WishlistNotices() {
  useFeatureCatalog(wishlistMessages);
  const store = useWishlistSession();
  const { t } = useLingui();
  const notify = useNotify();
  useEffect(() => {
    let stop: (() => void) | null = null;
    let live = true;
    store?.ready().then(
      (engine) => {
        if (!live) return;
        stop = engine.onNotice(({ failure, wanted, name }) =>
          notify({
            type: 'error',
            group: 'wishlist',
            text:
              failure === 'signedOut'
                ? t`Your session has ended. Sign in again to change your wish list.`
                : wanted
                  ? t`${name} could not be added to your wish list. Please try again.`
                  : t`${name} could not be removed from your wish list. Please try again.`,
          }),
        );
      },
      () => undefined,
    );
    return () => {
      live = false;
      stop?.();
    };
  }, [store, notify, t]);
  return null;
}
