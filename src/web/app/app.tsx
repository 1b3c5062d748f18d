import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import type { BaseLocationHook, BaseSearchHook } from 'wouter';
import { AppRoutes } from './app-routes.tsx';
import type { ApiClient } from '../shared/api/client.ts';
import { ApiProvider, type ApiFakes } from '../shared/api/api-provider.tsx';
import { ErrorBoundary } from './error-boundary.tsx';
import type { AuthRefreshActor } from '../shared/session/coordinator.ts';
import { WishlistHeartLiveContext } from '../shared/wishlist/heart-live-slot.ts';
import { NotificationsProvider, type NotificationsProviderProps } from '../features/notifications/notifications-provider.tsx';
import type { RuntimeEffects } from './runtime/effects.ts';
import { RuntimeRouter } from './runtime/runtime-router.tsx';
import { htmlLang } from '../../config/languages.ts';
import type { SiteResolution } from '../shared/site/resolve.ts';
import { SiteProvider, type SiteEffects } from '../shared/site/site-provider.tsx';
import { SignedInAtRender } from '../shared/session/session-store.ts';
import { AfterHydration, HydrationBoundary } from '../shared/ssr/use-hydrated.ts';
import { WhenIdle } from '../shared/ssr/use-idle.ts';
import { PayloadNavigationProvider, type PayloadNavigation } from './page-payload.tsx';
import { ScreenStateProvider, type ScreenState } from '../shared/ssr/screen-state.tsx';
import { ServerRenderContext, type ServerRender } from '../shared/ssr/server-render.tsx';

export interface AppProps {
  resolution: SiteResolution;
  i18n: I18n;
  /** The session-aware API client every feature's API is made from (`useApi`); null in tests that pass only fakes. */
  client: ApiClient | null;
  /** Ready APIs in place of the ones made from the client (tests pass fakes). */
  apis?: ApiFakes;
  effects?: SiteEffects;
  /** Tests pass wouter's `memoryLocation()` hooks; the browser uses the default location. */
  locationHook?: BaseLocationHook;
  searchHook?: BaseSearchHook;
  /** The locked 401 refresh's machine once loaded (`createSessionApiClient(...).auth.actor`): offers sign-in when the session expires. */
  sessionRefresh?: Promise<AuthRefreshActor>;
  /** Full page loads, deployment files and tab visibility of the runtime machines; tests pass fakes. */
  runtime?: RuntimeEffects;
  /** Overrides the build id the build injected (tests of the deployment check). */
  buildId?: string | null;
  /** Queue options of the notifications (tests of the toasts); by default the spec's. */
  notifications?: NotificationsProviderProps['options'];
  /** Rendered in place of the route table, inside every provider: component tests of views that have no route yet. */
  children?: ReactNode;
  /** A server render, or the browser hydrating one: the screen machines' snapshots and what the request was. */
  render?: RenderSetup;
}

export interface RenderSetup {
  screenState: ScreenState;
  /** Signed in when the page was rendered (the header's account link). */
  signedIn: boolean;
  /** Only on the server: the requested path with its query, and where the head and status go. */
  server?: { path: string; output: ServerRender };
  /** Only in the browser: how pages navigated to get their snapshots. */
  navigation?: PayloadNavigation;
}

// Only after hydration, and shown only once a session has expired: not part of the first screen.
/**
 * The wish list's session, behind its gate (features/wishlist/wishlist-session-gate.tsx): at the
 * browser's first idle moment after hydration, on every page and layout, in chunks of their own.
 */
const WishlistSessionGate = lazy(() => import('../features/wishlist/wishlist-session-gate.tsx'));

const SessionExpiredNotice = lazy(() => import('./session-expired-notice.tsx').then((module) => ({ default: module.SessionExpiredNotice })));

/** The hearts' live part (the wish list's store), handed to the shared hearts: loaded once there is a list or a heart is pressed. */
const WishlistHeartLive = lazy(() => import('../shared/wishlist/wishlist-heart-live.tsx'));

// Only for a country the store does not ship to.
const WelcomeScreen = lazy(() => import('./welcome-screen.tsx').then((module) => ({ default: module.WelcomeScreen })));

/**
 * The loader of the screens that are no first screen (`virtual:routes/later-screens`, generated
 * from route-manifest.ts), fetched once the browser is idle: a navigation to one of them then
 * downloads the screen and its files at once.
 */
function LaterScreensPrefetch() {
  useEffect(() => {
    // A failed fetch costs nothing now: the navigation that needs the loader fetches it again.
    import('virtual:routes/later-screens').catch(() => undefined);
  }, []);
  return null;
}

/** The whole SPA: translations, site, API and router, or the welcome screen of an unsupported country. */
export function App({ render, ...props }: AppProps) {
  if (!render) return <AppTree {...props} />;
  return (
    <HydrationBoundary>
    <ScreenStateProvider state={render.screenState}>
      <SignedInAtRender.Provider value={render.signedIn}>
        <ServerRenderContext.Provider value={render.server?.output ?? null}>
          <PayloadNavigationProvider navigation={render.navigation ?? null}>
            <AppTree {...props} {...(render.server ? { ssrPath: render.server.path } : {})} />
          </PayloadNavigationProvider>
        </ServerRenderContext.Provider>
      </SignedInAtRender.Provider>
    </ScreenStateProvider>
    </HydrationBoundary>
  );
}

function AppTree({ resolution, i18n, client, apis, effects, locationHook, searchHook, sessionRefresh, runtime, buildId, notifications, children, ssrPath }: Omit<AppProps, 'render'> & { ssrPath?: string }) {
  const language = resolution.kind === 'site' ? resolution.site.language : resolution.language;
  useEffect(() => {
    document.documentElement.lang = htmlLang(language);
  }, [language]);
  return (
    <I18nProvider i18n={i18n}>
      <ErrorBoundary {...(runtime?.reload ? { reload: runtime.reload } : {})}>
        <NotificationsProvider {...(notifications ? { options: notifications } : {})}>
          {resolution.kind === 'unsupported' ? (
            <Suspense fallback={null}>
              <WelcomeScreen />
            </Suspense>
          ) : (
            <SiteProvider site={resolution.site} effects={effects}>
              <ApiProvider client={client} {...(apis ? { fakes: apis } : {})}>
                <WishlistHeartLiveContext.Provider value={WishlistHeartLive}>
                <RuntimeRouter
                  {...(locationHook ? { hook: locationHook } : {})}
                  {...(searchHook ? { searchHook } : {})}
                  {...(runtime ? { effects: runtime } : {})}
                  {...(buildId !== undefined ? { buildId } : {})}
                  {...(ssrPath !== undefined ? { ssrPath } : {})}
                >
                  {/* The session notice exists in the browser only: it comes after hydration, so both renders agree. */}
                  {sessionRefresh ? (
                    <AfterHydration>
                      <Suspense fallback={null}>
                        <SessionExpiredNotice actor={sessionRefresh} />
                      </Suspense>
                    </AfterHydration>
                  ) : null}
                  {/* The wish list's session waits for the browser's first idle moment after hydration (use-idle.ts). */}
                  <WhenIdle>
                    <Suspense fallback={null}>
                      <WishlistSessionGate />
                    </Suspense>
                    <LaterScreensPrefetch />
                  </WhenIdle>
                  {children === undefined ? <AppRoutes /> : children}
                </RuntimeRouter>
                </WishlistHeartLiveContext.Provider>
              </ApiProvider>
            </SiteProvider>
          )}
        </NotificationsProvider>
      </ErrorBoundary>
    </I18nProvider>
  );
}
