import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { lazy, Suspense, useEffect } from 'react';
import type { BaseLocationHook, BaseSearchHook } from 'wouter';
import { AppRoutes } from './app-routes.tsx';
import { AccountApiProvider } from '../features/account/account-api-context.tsx';
import type { AccountApi } from '../features/account/account-api.ts';
import type { ApiClient } from '../shared/api/client.ts';
import type { CatalogApi } from '../shared/api/catalog-api.ts';
import { CatalogApiProvider } from '../shared/api/api-provider.tsx';
import { ErrorBoundary } from './error-boundary.tsx';
import type { AuthRefreshActor } from '../shared/session/coordinator.ts';
import { SessionExpiredNotice } from './session-expired-notice.tsx';
import { NotificationsProvider } from '../features/notifications/notifications-provider.tsx';
import type { RuntimeEffects } from './runtime/effects.ts';
import { RuntimeRouter } from './runtime/runtime-router.tsx';
import { htmlLang } from '../shared/site/format.ts';
import type { SiteResolution } from '../shared/site/resolve.ts';
import { SiteProvider, type SiteEffects } from '../shared/site/site-provider.tsx';

export interface AppProps {
  resolution: SiteResolution;
  i18n: I18n;
  api: CatalogApi;
  effects?: SiteEffects;
  /** Tests pass wouter's `memoryLocation()` hooks; the browser uses the default location. */
  locationHook?: BaseLocationHook;
  searchHook?: BaseSearchHook;
  /** The locked 401 refresh's machine (`createSessionApiClient(...).auth.actor`): offers sign-in when the session expires. */
  sessionRefresh?: AuthRefreshActor;
  /** Full page loads, deployment files and tab visibility of the runtime machines; tests pass fakes. */
  runtime?: RuntimeEffects;
  /** Overrides the build id the build injected (tests of the deployment check). */
  buildId?: string | null;
  /** The session-aware API client: the account screens build their API from it in their own chunk. */
  apiClient?: ApiClient;
  /** A ready account API instead (tests pass a fake). */
  accountApi?: AccountApi;
}

// Only for a country the store does not ship to.
const WelcomeScreen = lazy(() => import('./welcome-screen.tsx').then((module) => ({ default: module.WelcomeScreen })));

/** The whole SPA: translations, site, API and router, or the welcome screen of an unsupported country. */
export function App({ resolution, i18n, api, effects, locationHook, searchHook, sessionRefresh, runtime, buildId, apiClient, accountApi }: AppProps) {
  const language = resolution.kind === 'site' ? resolution.site.language : resolution.language;
  useEffect(() => {
    document.documentElement.lang = htmlLang({ language });
  }, [language]);
  return (
    <I18nProvider i18n={i18n}>
      <ErrorBoundary>
        <NotificationsProvider>
          {resolution.kind === 'unsupported' ? (
            <Suspense fallback={null}>
              <WelcomeScreen />
            </Suspense>
          ) : (
            <SiteProvider site={resolution.site} effects={effects}>
              <CatalogApiProvider api={api}>
                <AccountApiProvider client={apiClient ?? null} api={accountApi ?? null}>
                  <RuntimeRouter
                    {...(locationHook ? { hook: locationHook } : {})}
                    {...(searchHook ? { searchHook } : {})}
                    {...(runtime ? { effects: runtime } : {})}
                    {...(buildId !== undefined ? { buildId } : {})}
                  >
                    {sessionRefresh ? <SessionExpiredNotice actor={sessionRefresh} /> : null}
                    <AppRoutes />
                  </RuntimeRouter>
                </AccountApiProvider>
              </CatalogApiProvider>
            </SiteProvider>
          )}
        </NotificationsProvider>
      </ErrorBoundary>
    </I18nProvider>
  );
}
