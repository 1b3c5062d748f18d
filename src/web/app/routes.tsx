import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { isSlug, SLUG_PATTERN } from '../../contract/patterns.ts';
import { ACCOUNT_SCREEN_PATHS, BROWSER_ONLY_ACCOUNT_PATHS, type AccountScreenPath } from '../features/account/paths.ts';
import { sandboxEnabled } from '../features/sandbox/gate.ts';
import type { LaterScreen } from './later-screens.ts';
import type { RouteParams, ScreenProps } from '../shared/screen.ts';

export type LayoutName = 'default' | 'blank' | 'preview';

export type { RouteParams, ScreenProps };

export interface RouteEntry {
  /** wouter pattern; optional segments end in `?`. */
  path: string;
  layout: LayoutName;
  /** Each screen is its own chunk. */
  screen: LazyScreen;
  /** A route validator (spec §5): false shows "Page Not Found: {path}". */
  validate?: (params: RouteParams) => boolean;
  /** The screen reads the browser's address or document as it starts: the server renders its skeleton. */
  browserOnly?: boolean;
}

/** A screen's chunk, which a navigation starts loading beside the page's payload. */
export type LazyScreen = LazyExoticComponent<ComponentType<ScreenProps>> & { preload?: () => unknown };

function lazyScreen(load: () => Promise<{ default: ComponentType<ScreenProps> }>): LazyScreen {
  // `import()` is loaded once per module: preloading and then rendering fetch the chunk once.
  return Object.assign(lazy(load), { preload: load });
}

/** A screen that is no storefront first screen, through the one loader of later-screens.ts (which says why). */
function laterScreen(path: LaterScreen): LazyScreen {
  return lazyScreen(() => import('./later-screens.ts').then((screens) => screens.loadLaterScreen(path)));
}

export function isCategoryPath(params: RouteParams): boolean {
  return [params.top, params.category, params.sub].every((segment) => segment === undefined || SLUG_PATTERN.test(segment));
}

export function isProductSlug(params: RouteParams): boolean {
  return isSlug(params.slug ?? '');
}

/**
 * Each account screen is a chunk of its own: `/sign_in` loads the sign-in form and what it needs,
 * not registration and the account pages. The record holds one screen for each account path.
 */
export const ACCOUNT_SCREENS: Readonly<Record<AccountScreenPath, LazyScreen>> = {
  '/sign_in': lazyScreen(() => import('../features/account/sign-in-screen.tsx')),
  '/sign_in/google': laterScreen('/sign_in/google'),
  '/register': laterScreen('/register'),
  '/forgot_password': laterScreen('/forgot_password'),
  '/reset_password': laterScreen('/reset_password'),
  '/account': laterScreen('/account'),
  '/account/profile': laterScreen('/account/profile'),
  '/account/password': laterScreen('/account/password'),
  '/account/beauty-profile': laterScreen('/account/beauty-profile'),
};

/** QA's machine visualizer (issue 3); on in development and with `SANDBOX=1` (see sandbox/gate.ts). */
const SANDBOX_ROUTES: readonly RouteEntry[] = [
  { path: '/sandbox/machines', layout: 'blank', screen: laterScreen('/sandbox/machines') },
  { path: '/sandbox/machines/:id', layout: 'blank', screen: laterScreen('/sandbox/machines/:id') },
  { path: '/sandbox/mailbox', layout: 'blank', screen: laterScreen('/sandbox/mailbox') },
];

/** The one route table of the SPA; later features add their entries here. */
export const ROUTES: readonly RouteEntry[] = [
  { path: '/', layout: 'default', screen: lazyScreen(() => import('../features/catalog/home-screen.tsx')) },
  {
    path: '/categories/:top/:category?/:sub?',
    layout: 'default',
    screen: lazyScreen(() => import('../features/catalog/category-screen.tsx')),
    validate: isCategoryPath,
  },
  {
    path: '/products/:slug',
    layout: 'default',
    screen: lazyScreen(() => import('../features/product/product-screen.tsx')),
    validate: isProductSlug,
  },
  // Listings of issue 5 (category above): a brand's products, the sale, search results.
  { path: '/brands/:slug', layout: 'default', screen: lazyScreen(() => import('../features/catalog/brand-screen.tsx')), validate: isProductSlug },
  { path: '/sale', layout: 'default', screen: lazyScreen(() => import('../features/catalog/sale-screen.tsx')) },
  { path: '/search', layout: 'default', screen: lazyScreen(() => import('../features/catalog/search-screen.tsx')) },
  // The bag (issue 12): the shopper's own, server-rendered and never kept in the page cache.
  { path: '/cart', layout: 'default', screen: laterScreen('/cart') },
  { path: '/checkout', layout: 'default', screen: laterScreen('/checkout') },
  { path: '/e-gift-cards', layout: 'default', screen: laterScreen('/e-gift-cards') },
  { path: '/privacy', layout: 'default', screen: laterScreen('/privacy') },
  { path: '/terms', layout: 'default', screen: laterScreen('/terms') },
  // The wish list (issue 12): a member's from the server, a guest's from the device.
  { path: '/wishlist', layout: 'default', screen: laterScreen('/wishlist') },
  // Orders (issue 13): a member's history and orders, and a guest's lookup by number and email.
  { path: '/account/orders', layout: 'default', screen: laterScreen('/account/orders') },
  // A malformed number is the screen's not-found page (orders-api.ts): the entry carries no order rule.
  { path: '/account/orders/:number', layout: 'default', screen: laterScreen('/account/orders/:number') },
  { path: '/orders/lookup', layout: 'default', screen: laterScreen('/orders/lookup') },
  { path: '/swagger', layout: 'blank', screen: laterScreen('/swagger') },
  // Accounts (issue 4).
  ...ACCOUNT_SCREEN_PATHS.map((path) => ({ path, layout: 'default' as const, screen: ACCOUNT_SCREENS[path], browserOnly: BROWSER_ONLY_ACCOUNT_PATHS.includes(path) })),
  // Developer pages: absent from the table when the sandbox is off, so `/sandbox/...` is a plain 404.
  ...(sandboxEnabled() ? SANDBOX_ROUTES : []),
];
