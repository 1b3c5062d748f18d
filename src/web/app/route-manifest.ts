/**
 * Every route of the SPA, each written once: its path (a wouter pattern; optional segments end in
 * `?`), its layout, the module of its screen (from the repository root) and whether it can be a
 * first screen. The build reads this list (src/build/routes-plugin.ts) and generates from it the
 * route table's lazy loaders (`virtual:routes`), the one chunk that loads every other screen
 * (`virtual:routes/later-screens`) and the server's preload map (`virtual:routes/preloads`);
 * docs/decisions/026-one-route-manifest.md says why. A new screen is one entry here.
 *
 * The browser never downloads this file: the generated modules carry only what each side needs
 * (module paths would be bytes on every first screen). First match wins: order matters.
 */
export type LayoutName = 'default' | 'blank' | 'preview';

/** The checks a route's parameters pass (spec §5), by name: the functions are in routes.tsx (route-validators). */
export type RouteValidator = 'categoryPath' | 'productSlug';

export interface RouteDeclaration {
  /** wouter pattern; optional segments end in `?`. */
  readonly path: string;
  readonly layout: LayoutName;
  /** The screen's module (default export: the screen), from the repository root. */
  readonly module: string;
  /**
   * A storefront page a shopper may land on (`npm run size` measures each): its screen is a chunk
   * of its own that the entry names. Every other screen loads through the later-screens chunk,
   * out of every first screen's bytes (docs/decisions/019-later-screens-one-loader.md).
   */
  readonly firstScreen?: true;
  /** False from the validator shows "Page Not Found: {path}". */
  readonly validate?: RouteValidator;
  /** The screen reads the browser's address or document as it starts: the server renders its skeleton. */
  readonly browserOnly?: true;
  /** A developer page: in the table only when the sandbox is on (features/sandbox/gate.ts), else a plain 404. */
  readonly sandbox?: true;
}

export const ROUTE_MANIFEST: readonly RouteDeclaration[] = [
  // The storefront's first screens: home, the listings, the product page.
  { path: '/', layout: 'default', module: 'src/web/features/catalog/home-screen.tsx', firstScreen: true },
  { path: '/categories/:top/:category?/:sub?', layout: 'default', module: 'src/web/features/catalog/category-screen.tsx', firstScreen: true, validate: 'categoryPath' },
  { path: '/products/:slug', layout: 'default', module: 'src/web/features/product/product-screen.tsx', firstScreen: true, validate: 'productSlug' },
  { path: '/brands/:slug', layout: 'default', module: 'src/web/features/catalog/brand-screen.tsx', firstScreen: true, validate: 'productSlug' },
  { path: '/sale', layout: 'default', module: 'src/web/features/catalog/sale-screen.tsx', firstScreen: true },
  { path: '/search', layout: 'default', module: 'src/web/features/catalog/search-screen.tsx', firstScreen: true },
  // The bag and checkout (the shopper's own, never kept in the page cache), e-gift cards, legal
  // texts, the wish list (a member's from the server, a guest's from the device).
  { path: '/cart', layout: 'default', module: 'src/web/features/bag/bag-screen.tsx' },
  { path: '/checkout', layout: 'default', module: 'src/web/features/checkout/checkout-screen.tsx' },
  { path: '/e-gift-cards', layout: 'default', module: 'src/web/features/gift-cards/gift-cards-screen.tsx' },
  { path: '/privacy', layout: 'default', module: 'src/web/features/legal/privacy-screen.tsx' },
  { path: '/terms', layout: 'default', module: 'src/web/features/legal/terms-screen.tsx' },
  { path: '/wishlist', layout: 'default', module: 'src/web/features/wishlist/wishlist-screen.tsx' },
  // Orders: a member's history and orders, a guest's lookup (a malformed number is the screen's not-found page, orders-api.ts).
  { path: '/account/orders', layout: 'default', module: 'src/web/features/orders/orders-screen.tsx' },
  { path: '/account/orders/:number', layout: 'default', module: 'src/web/features/orders/order-screen.tsx' },
  { path: '/orders/lookup', layout: 'default', module: 'src/web/features/orders/order-lookup-screen.tsx' },
  { path: '/account/bookings', layout: 'default', module: 'src/web/features/booking/my-bookings-screen.tsx' },
  { path: '/stores', layout: 'default', module: 'src/web/features/stores/stores-screen.tsx' },
  // Beauty Pass: a member's points, the offers, the rewards boutique (the paths are shared/beauty-pass-links.ts).
  { path: '/account/points', layout: 'default', module: 'src/web/features/loyalty/points-screen.tsx' },
  { path: '/beauty-pass/offers', layout: 'default', module: 'src/web/features/loyalty/offers-screen.tsx' },
  { path: '/beauty-pass/rewards', layout: 'default', module: 'src/web/features/loyalty/rewards-screen.tsx' },
  // Happening (spec §2: the blank layout): the list, a booking's reschedule and cancel pages, an
  // activity's page (kinds, ids and numbers are the screens' to check). The three-segment activity
  // page comes last.
  { path: '/happening/services', layout: 'blank', module: 'src/web/features/booking/happening-screen.tsx' },
  { path: '/happening/services/reschedule/:number', layout: 'blank', module: 'src/web/features/booking/reschedule-screen.tsx' },
  { path: '/happening/:kind/cancel/:number', layout: 'blank', module: 'src/web/features/booking/cancel-screen.tsx' },
  { path: '/happening/:kind/:id', layout: 'blank', module: 'src/web/features/booking/activity-screen.tsx' },
  // Accounts: sign-in is the one account screen that is a first screen. The Google
  // callback reads the provider's answer in the fragment, which no server sees; registration picks
  // up a Google hand-over from the tab's session storage.
  { path: '/sign_in', layout: 'default', module: 'src/web/features/account/sign-in-screen.tsx', firstScreen: true },
  { path: '/sign_in/google', layout: 'default', module: 'src/web/features/account/google-callback-screen.tsx', browserOnly: true },
  { path: '/register', layout: 'default', module: 'src/web/features/account/register-screen.tsx', browserOnly: true },
  { path: '/forgot_password', layout: 'default', module: 'src/web/features/account/forgot-password-screen.tsx' },
  { path: '/reset_password', layout: 'default', module: 'src/web/features/account/reset-password-screen.tsx' },
  // The dashboard with the loyalty feature's Beauty Pass section: the shell's module puts the two together.
  { path: '/account', layout: 'default', module: 'src/web/app/account-dashboard-screen.tsx' },
  { path: '/account/profile', layout: 'default', module: 'src/web/features/account/profile-screen.tsx' },
  { path: '/account/password', layout: 'default', module: 'src/web/features/account/change-password-screen.tsx' },
  { path: '/account/beauty-profile', layout: 'default', module: 'src/web/features/account/beauty-profile-screen.tsx' },
  // QA's machine visualizer and mailbox.
  { path: '/sandbox/machines', layout: 'blank', module: 'src/web/features/sandbox/machine-list-screen.tsx', sandbox: true },
  { path: '/sandbox/machines/:id', layout: 'blank', module: 'src/web/features/sandbox/machine-screen.tsx', sandbox: true },
  { path: '/sandbox/mailbox', layout: 'blank', module: 'src/web/features/sandbox/sandbox-mailbox-screen.tsx', sandbox: true },
];
