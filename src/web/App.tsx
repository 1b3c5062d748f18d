import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { lazy, Suspense, useEffect } from 'react';
import type { BaseLocationHook, BaseSearchHook } from 'wouter';
import { AppRoutes } from './AppRoutes.tsx';
import { AccountApiProvider } from './account/AccountApiContext.tsx';
import type { AccountApi } from './account/api.ts';
import type { ApiClient } from './api/client.ts';
import type { CatalogApi } from './api/catalog.ts';
import { CatalogApiProvider } from './api/CatalogApiProvider.tsx';
import { ErrorBoundary } from './components/ErrorBoundary.tsx';
import type { AuthRefreshActor } from './auth/coordinator.ts';
import { SessionExpiredNotice } from './auth/SessionExpiredNotice.tsx';
import { NotificationsProvider } from './notifications/NotificationsProvider.tsx';
import type { RuntimeEffects } from './runtime/effects.ts';
import { RuntimeRouter } from './runtime/RuntimeRouter.tsx';
import { htmlLang } from './site/format.ts';
import type { SiteResolution } from './site/resolve.ts';
import { SiteProvider, type SiteEffects } from './site/SiteProvider.tsx';

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
const WelcomeScreen = lazy(() => import('./screens/WelcomeScreen.tsx').then((module) => ({ default: module.WelcomeScreen })));

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
