import { text } from 'node:stream/consumers';
import { prerenderToNodeStream } from 'react-dom/static';
import { API_PREFIX } from '../../config/constants.ts';
import type { PageRequest, RenderedPage } from '../../contract/page-render.ts';
import { LANGUAGES } from '../../config/languages.ts';
import type { AccountScreenPath } from '../features/account/paths.ts';
import { createApiClient } from '../shared/api/client.ts';
import { loadStorefrontCatalog, setupI18n } from '../shared/i18n/storefront.ts';
import { sessionCookieIn } from '../shared/session/session.ts';
import { resolveSite } from '../shared/site/resolve.ts';
import { createServerScreenState } from '../shared/ssr/server-screen-state.ts';
import { createServerRender } from '../shared/ssr/server-render.tsx';
import { App } from './app.tsx';
import { ServerErrorScreen } from './server-error-screen.tsx';
import { I18nProvider } from '@lingui/react';
import { renderToString } from 'react-dom/server';

/**
 * The server side of the first screen (issue 11): the same App, routes, views and machines as the
 * browser, rendered for one request. The screen machines run here with the in-process API
 * (`fetchApi`: the server's own handler, no socket) until they settle; the HTML carries their
 * snapshots, which the browser restores instead of fetching the same data again.
 */

/** Renders the page at `url`, waiting for every screen machine and lazy view on it. */
export type { PageRequest, RenderedPage };

/**
 * The chunks each route's first screen needs besides the entry, by source module (the keys of the
 * client build's manifest): the screen itself. The server names them as `modulepreload`, so they
 * download beside the HTML instead of after the entry asks for them. What a screen loads after its
 * first paint (a listing's view, filters, a product's live stock and reviews) is left to load then:
 * the HTML already shows it, and it would only compete with the first screen. Kept here, not in
 * the route table, because only the server needs it (the route table is in every first screen).
 */
export const SCREEN_MODULES: Readonly<Record<string, readonly string[]>> = {
  '/': ['src/web/features/catalog/home-screen.tsx'],
  '/categories/:top/:category?/:sub?': ['src/web/features/catalog/category-screen.tsx'],
  '/products/:slug': ['src/web/features/product/product-screen.tsx'],
  '/brands/:slug': ['src/web/features/catalog/brand-screen.tsx'],
  '/sale': ['src/web/features/catalog/sale-screen.tsx'],
  '/search': ['src/web/features/catalog/search-screen.tsx'],
  '/cart': ['src/web/app/later-screens.ts', 'src/web/features/bag/bag-screen.tsx'],
  '/checkout': ['src/web/app/later-screens.ts', 'src/web/features/checkout/checkout-screen.tsx'],
  '/e-gift-cards': ['src/web/app/later-screens.ts', 'src/web/features/gift-cards/gift-cards-screen.tsx'],
  '/privacy': ['src/web/app/later-screens.ts', 'src/web/features/legal/privacy-screen.tsx'],
  '/terms': ['src/web/app/later-screens.ts', 'src/web/features/legal/terms-screen.tsx'],
  '/wishlist': ['src/web/app/later-screens.ts', 'src/web/features/wishlist/wishlist-screen.tsx'],
  '/account/orders': ['src/web/app/later-screens.ts', 'src/web/features/orders/orders-screen.tsx'],
  '/account/orders/:number': ['src/web/app/later-screens.ts', 'src/web/features/orders/order-screen.tsx'],
  '/orders/lookup': ['src/web/app/later-screens.ts', 'src/web/features/orders/order-lookup-screen.tsx'],
  '/account/bookings': ['src/web/app/later-screens.ts', 'src/web/features/booking/my-bookings-screen.tsx'],
  '/stores': ['src/web/app/later-screens.ts', 'src/web/features/stores/stores-screen.tsx'],
  '/account/points': ['src/web/app/later-screens.ts', 'src/web/features/loyalty/points-screen.tsx'],
  '/beauty-pass/offers': ['src/web/app/later-screens.ts', 'src/web/features/loyalty/offers-screen.tsx'],
  '/beauty-pass/rewards': ['src/web/app/later-screens.ts', 'src/web/features/loyalty/rewards-screen.tsx'],
  '/happening/services': ['src/web/app/later-screens.ts', 'src/web/features/booking/happening-screen.tsx'],
  '/happening/services/reschedule/:number': ['src/web/app/later-screens.ts', 'src/web/features/booking/reschedule-screen.tsx'],
  '/happening/:kind/cancel/:number': ['src/web/app/later-screens.ts', 'src/web/features/booking/cancel-screen.tsx'],
  '/happening/:kind/:id': ['src/web/app/later-screens.ts', 'src/web/features/booking/activity-screen.tsx'],
  // Each account screen is its own chunk (routes.tsx, ACCOUNT_SCREENS). Screens that are no
  // storefront first screen load through later-screens.ts, preloaded with them.
  '/sign_in': ['src/web/features/account/sign-in-screen.tsx'],
  '/sign_in/google': ['src/web/app/later-screens.ts', 'src/web/features/account/google-callback-screen.tsx'],
  '/register': ['src/web/app/later-screens.ts', 'src/web/features/account/register-screen.tsx'],
  '/forgot_password': ['src/web/app/later-screens.ts', 'src/web/features/account/forgot-password-screen.tsx'],
  '/reset_password': ['src/web/app/later-screens.ts', 'src/web/features/account/reset-password-screen.tsx'],
  // The dashboard with the Beauty Pass section: the shell's module that puts the two together.
  '/account': ['src/web/app/later-screens.ts', 'src/web/app/account-dashboard-screen.tsx'],
  '/account/profile': ['src/web/app/later-screens.ts', 'src/web/features/account/profile-screen.tsx'],
  '/account/password': ['src/web/app/later-screens.ts', 'src/web/features/account/change-password-screen.tsx'],
  '/account/beauty-profile': ['src/web/app/later-screens.ts', 'src/web/features/account/beauty-profile-screen.tsx'],
} satisfies Record<AccountScreenPath, readonly string[]> & Record<string, readonly string[]>;

export async function renderPage({ url, cookie, fetchApi, onError, googleSignIn = null }: PageRequest): Promise<RenderedPage> {
  const resolution = resolveSite({ search: url.search, cookie });
  const language = resolution.kind === 'site' ? resolution.site.language : resolution.language;
  const site = resolution.kind === 'site' ? resolution.site : { country: 'SG' as const, language };
  const i18n = setupI18n();
  await loadStorefrontCatalog(LANGUAGES[language].catalog, i18n);
  const client = createApiClient({ baseURL: `${url.origin}${API_PREFIX}`, site: () => site, fetch: fetchApi, retryDelay: () => 0 });
  const screenState = createServerScreenState();
  const output = createServerRender(googleSignIn);
  const signedIn = sessionCookieIn(cookie) !== null;
  const { prelude } = await prerenderToNodeStream(
    <App
      resolution={resolution}
      i18n={i18n}
      client={client}
      render={{ screenState, signedIn, server: { path: `${url.pathname}${url.search}`, output } }}
    />,
    {
      onError: (error) => onError?.(error),
      // Every boundary stays in place: React otherwise moves large ones to the end of the page and
      // puts them back with an inline script, which the Content Security Policy refuses.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const html = await text(prelude);
  return {
    status: output.status,
    personal: output.personal,
    html,
    head: output.head,
    state: { snapshots: screenState.snapshots, signedIn },
    lang: output.head?.lang ?? LANGUAGES[language].catalog,
    // The page's language catalog is in the first round trip too: the entry waits for it before hydrating.
    modules: [`i18n/${LANGUAGES[language].catalog}.po`, ...(output.route === null ? [] : (SCREEN_MODULES[output.route] ?? []))],
  };
}

/**
 * The 500 page of a render that failed: the store's error screen in the request's language with
 * the reference id of the logged error, and nothing that could fail the same way (no data, no routes).
 */
export async function renderErrorPage({ url, cookie }: Pick<PageRequest, 'url' | 'cookie'>, referenceId: string): Promise<Pick<RenderedPage, 'html' | 'head' | 'lang'>> {
  const resolution = resolveSite({ search: url.search, cookie });
  const language = resolution.kind === 'site' ? resolution.site.language : resolution.language;
  const i18n = setupI18n();
  await loadStorefrontCatalog(LANGUAGES[language].catalog, i18n);
  const html = renderToString(
    <I18nProvider i18n={i18n}>
      <ServerErrorScreen referenceId={referenceId} />
    </I18nProvider>,
  );
  return { html, head: null, lang: LANGUAGES[language].catalog };
}
