import { useLingui } from '@lingui/react/macro';
import { useEffect, useSyncExternalStore } from 'react';
import { loadFeatureCatalog } from '../../shared/i18n/setup.ts';
import { useNotify } from '../../shared/notifications/notify.ts';
import { useWishlistSession } from '../../shared/wishlist-store.ts';
import { wishlistMessages } from './messages.ts';

/**
 * Starts the wish list with the session (sign-in merges the guest's list, sign-out goes back to the
 * device's) and says when a heart's change failed and was undone (the toggle machine rolled it
 * back). Mounted by the header after hydration, in a chunk of its own: no failure can happen
 * before, and neither the store nor its words weigh on a first screen. The words load with the
 * first notice, not with the page: merging a catalog re-renders every translated component, one
 * long task on every page for a notice that most pages never show (bench:web TBT).
 */
const NO_SUBSCRIPTION = () => () => undefined;

export default function WishlistNotices() {
  // Mounted once there may be a list (app.tsx's gate); from then on it follows every sign-in and sign-out.
  const store = useWishlistSession();
  // Notices once the engine is there, whoever loaded it (the session above, or a heart's press).
  const loaded = useSyncExternalStore(store ? store.subscribe : NO_SUBSCRIPTION, () => store?.loaded() ?? false, () => false);
  const { t, i18n } = useLingui();
  const notify = useNotify();
  useEffect(() => {
    let stop: (() => void) | null = null;
    let live = true;
    if (!loaded) return undefined;
    store?.ready().then(
      (engine) => {
        if (!live) return;
        stop = engine.onNotice(({ failure, wanted, name }) =>
          void loadFeatureCatalog(i18n, wishlistMessages).then(
            () =>
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
            (error: unknown) => console.error('The wish list notice did not load', error),
          ),
        );
      },
      () => undefined,
    );
    return () => {
      live = false;
      stop?.();
    };
  }, [store, loaded, notify, t, i18n]);
  return null;
}
