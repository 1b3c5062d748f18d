import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { useEffect } from 'react';
import { Router, type BaseLocationHook, type BaseSearchHook } from 'wouter';
import { AppRoutes } from './AppRoutes.tsx';
import type { CatalogApi } from './api/catalog.ts';
import { CatalogApiProvider } from './api/CatalogApiProvider.tsx';
import { ErrorBoundary } from './components/ErrorBoundary.tsx';
import { WelcomeScreen } from './screens/WelcomeScreen.tsx';
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
}

/** The whole SPA: translations, site, API and router, or the welcome screen of an unsupported country. */
export function App({ resolution, i18n, api, effects, locationHook, searchHook }: AppProps) {
  const language = resolution.kind === 'site' ? resolution.site.language : resolution.language;
  useEffect(() => {
    document.documentElement.lang = htmlLang({ language });
  }, [language]);
  return (
    <I18nProvider i18n={i18n}>
      <ErrorBoundary>
        {resolution.kind === 'unsupported' ? (
          <WelcomeScreen />
        ) : (
          <SiteProvider site={resolution.site} effects={effects}>
            <CatalogApiProvider api={api}>
              <Router {...(locationHook ? { hook: locationHook } : {})} {...(searchHook ? { searchHook } : {})}>
                <AppRoutes />
              </Router>
            </CatalogApiProvider>
          </SiteProvider>
        )}
      </ErrorBoundary>
    </I18nProvider>
  );
}
