import { ROUTE_MANIFEST } from '../../src/web/app/route-manifest.ts';
import { ROUTES } from '../../src/web/app/routes.tsx';

/** The account screens (each a chunk of its own) and the dashboard. */
const ACCOUNT_PATHS = new Set(ROUTE_MANIFEST.filter((route) => route.module.startsWith('src/web/features/account/') || route.path === '/account').map((route) => route.path));

/**
 * The app's lazy chunks, loaded ahead of a file's first render (render-app.tsx: `beforeAll`).
 *
 * A chunk's first import in a busy test run is file I/O and takes from milliseconds to seconds.
 * A chunk that a screen starts but the test does not wait for (the footer, the product page's
 * reviews, the toasts' runtime) would finish at some random later step, or in the next test,
 * outside `act`, and React rightly warns about a suspended component resolving unseen (the console
 * guard fails the test on it). Loaded ahead, every lazy component resolves within the render's
 * `act`, the same way in every run; the tests are about behaviour, not load time.
 * Not here: the header's search box, which loads only when the shopper points at or focuses the
 * search form, and whose tests are about that swap (tests/web/search-header.test.tsx). The
 * chunk-failure tests render components of their own.
 */
export function preloadAppChunks(): Promise<unknown> {
  return Promise.all([
    import('../../src/web/app/footer.tsx'),
    // The phone menu's Beauty Pass, services and stores links.
    import('../../src/web/app/store-nav.tsx'),
    import('virtual:routes/later-screens'),
    import('../../src/web/app/welcome-screen.tsx'),
    import('../../src/web/app/session-expired-notice.tsx'),
    import('../../src/web/app/runtime/deployment-watcher.tsx'),
    import('../../src/web/features/notifications/notifications-runtime.tsx'),
    import('../../src/web/features/catalog/home-screen.tsx'),
    import('../../src/web/features/catalog/category-screen.tsx'),
    import('../../src/web/features/catalog/brand-screen.tsx'),
    import('../../src/web/features/catalog/sale-screen.tsx'),
    import('../../src/web/features/catalog/search-screen.tsx'),
    import('../../src/web/features/catalog/listing-view.tsx'),
    import('../../src/web/features/catalog/listing-controls.tsx'),
    import('../../src/web/features/product/product-screen.tsx'),
    import('../../src/web/features/product/after-first-paint.ts'),
    import('../../src/web/features/legal/privacy-screen.tsx'),
    // The bag: its screen, the header's count (after hydration, on every page) and the "Add to bag" button's live part.
    import('../../src/web/features/bag/bag-screen.tsx'),
    import('../../src/web/shared/bag/add-to-bag/add-to-bag-live.tsx'),
    import('../../src/web/shared/bag/bag-count.tsx'),
    // The wish list: the hearts' live part and the session's gate, the session with its notices (both after hydration), and the catalogue's and the layout's schemas (the first read).
    import('../../src/web/shared/wishlist/wishlist-heart-live.tsx'),
    import('../../src/web/features/wishlist/wishlist-session-gate.tsx'),
    import('../../src/web/features/wishlist/wishlist-notices.tsx'),
    import('../../src/contract/catalog.ts'),
    import('../../src/contract/layouts.ts'),
    // The language switch machine, started at the first choice of a language.
    import('../../src/web/shared/site/language-switch.ts'),
    import('../../src/web/features/legal/terms-screen.tsx'),
    // Each account screen is a chunk of its own; the forms' errors and the Google button load after them.
    ...ROUTES.filter((route) => ACCOUNT_PATHS.has(route.path)).map((route) => route.screen.preload?.()),
    import('../../src/web/features/account/form-errors.tsx'),
    import('../../src/web/features/account/google-button.tsx'),
  ]);
}
