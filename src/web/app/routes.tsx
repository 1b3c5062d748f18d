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

/**
 * The bag and checkout (issues 12–13: the shopper's own, never kept in the page cache), e-gift
 * cards, legal texts, the wish list (a member's from the server, a guest's from the device), orders
 * (a member's history and orders, a guest's lookup; a malformed number is the screen's not-found
 * page, orders-api.ts), Beauty Pass (issue 15: a member's points, the offers, the rewards boutique;
 * the paths are shared/beauty-pass-links.ts).
 */
const LATER_DEFAULT_SCREENS = ['/cart', '/checkout', '/e-gift-cards', '/privacy', '/terms', '/wishlist', '/account/orders', '/account/orders/:number', '/orders/lookup', '/account/bookings', '/stores', '/account/points', '/beauty-pass/offers', '/beauty-pass/rewards'] as const satisfies readonly LaterScreen[];

/**
 * Happening (issue 14; spec §2: the blank layout): the list, a booking's reschedule and cancel
 * pages, an activity's page (kinds, ids and numbers are the screens' to check: not found without
 * asking the server). First match wins: the three-segment activity page comes last.
 */
const LATER_BLANK_SCREENS = ['/happening/services', '/happening/services/reschedule/:number', '/happening/:kind/cancel/:number', '/happening/:kind/:id'] as const satisfies readonly LaterScreen[];

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
  // Screens of the default layout that load through later-screens.ts (each path written once: the entry carries this table).
  ...LATER_DEFAULT_SCREENS.map((path) => ({ path, layout: 'default' as const, screen: laterScreen(path) })),
  ...LATER_BLANK_SCREENS.map((path) => ({ path, layout: 'blank' as const, screen: laterScreen(path) })),
  // Accounts (issue 4).
  ...ACCOUNT_SCREEN_PATHS.map((path) => ({ path, layout: 'default' as const, screen: ACCOUNT_SCREENS[path], browserOnly: BROWSER_ONLY_ACCOUNT_PATHS.includes(path) })),
  // Developer pages: absent from the table when the sandbox is off, so `/sandbox/...` is a plain 404.
  ...(sandboxEnabled() ? SANDBOX_ROUTES : []),
];
