import type { ComponentType } from 'react';
import type { ScreenProps } from '../shared/screen.ts';

/**
 * The screens that are no storefront first screen (the bag, the wish list, the account pages but
 * sign-in, legal texts, happening and find a store, Beauty Pass, developer pages), loaded through this one chunk. A lazy import in the entry
 * carries the list of every file its chunk needs, so that they download together: for these
 * screens the lists are here instead, out of every first screen's bytes (0.6 KB;
 * docs/decisions/019-later-screens-one-loader.md). The shell fetches this small chunk when the
 * browser is first idle (`app.tsx`), and a page
 * rendered by the server for one of these screens preloads it (`entry-server.tsx`), so a screen
 * still downloads with its files at once.
 */
const SCREENS = {
  '/sign_in/google': () => import('../features/account/google-callback-screen.tsx'),
  '/register': () => import('../features/account/register-screen.tsx'),
  '/forgot_password': () => import('../features/account/forgot-password-screen.tsx'),
  '/reset_password': () => import('../features/account/reset-password-screen.tsx'),
  // The dashboard with the loyalty feature's Beauty Pass section (account-dashboard-screen.tsx).
  '/account': () => import('./account-dashboard-screen.tsx'),
  '/account/profile': () => import('../features/account/profile-screen.tsx'),
  '/account/password': () => import('../features/account/change-password-screen.tsx'),
  '/account/beauty-profile': () => import('../features/account/beauty-profile-screen.tsx'),
  '/cart': () => import('../features/bag/bag-screen.tsx'),
  '/checkout': () => import('../features/checkout/checkout-screen.tsx'),
  '/e-gift-cards': () => import('../features/gift-cards/gift-cards-screen.tsx'),
  '/wishlist': () => import('../features/wishlist/wishlist-screen.tsx'),
  '/account/orders': () => import('../features/orders/orders-screen.tsx'),
  '/account/orders/:number': () => import('../features/orders/order-screen.tsx'),
  '/orders/lookup': () => import('../features/orders/order-lookup-screen.tsx'),
  '/account/bookings': () => import('../features/booking/my-bookings-screen.tsx'),
  '/account/points': () => import('../features/loyalty/points-screen.tsx'),
  '/beauty-pass/offers': () => import('../features/loyalty/offers-screen.tsx'),
  '/beauty-pass/rewards': () => import('../features/loyalty/rewards-screen.tsx'),
  '/stores': () => import('../features/stores/stores-screen.tsx'),
  '/happening/services': () => import('../features/booking/happening-screen.tsx'),
  '/happening/services/reschedule/:number': () => import('../features/booking/reschedule-screen.tsx'),
  '/happening/:kind/cancel/:number': () => import('../features/booking/cancel-screen.tsx'),
  '/happening/:kind/:id': () => import('../features/booking/activity-screen.tsx'),
  '/privacy': () => import('../features/legal/privacy-screen.tsx'),
  '/terms': () => import('../features/legal/terms-screen.tsx'),
  '/sandbox/machines': () => import('../features/sandbox/machine-list-screen.tsx'),
  '/sandbox/machines/:id': () => import('../features/sandbox/machine-screen.tsx'),
  '/sandbox/mailbox': () => import('../features/sandbox/sandbox-mailbox-screen.tsx'),
} satisfies Record<string, () => Promise<{ default: ComponentType<ScreenProps> }>>;

export type LaterScreen = keyof typeof SCREENS;

/** The routes whose screens load through here. */
export const LATER_SCREEN_PATHS = Object.keys(SCREENS) as LaterScreen[];

export function loadLaterScreen(path: LaterScreen): Promise<{ default: ComponentType<ScreenProps> }> {
  return SCREENS[path]();
}
