import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { SITE_COOKIE_MAX_AGE_S } from '../../config/constants.ts';
import type { CountryCode, LanguageCode } from '../../config/countries.ts';
import { countryChangeUrl, languageChangeUrl, siteCookieStrings, type CookieWrites, type Site } from './resolve.ts';

/** Browser effects of a site change, injected so tests can watch them instead of reloading. */
export interface SiteEffects {
  writeCookies(writes: CookieWrites): void;
  /** Full page load: catalogs, API caches and prices all change with the site. */
  reload(href: string): void;
  currentUrl(): URL;
}

export const browserSiteEffects: SiteEffects = {
  writeCookies(writes) {
    for (const cookie of siteCookieStrings(writes, SITE_COOKIE_MAX_AGE_S)) document.cookie = cookie;
  },
  reload(href) {
    window.location.assign(href);
  },
  currentUrl() {
    return new URL(window.location.href);
  },
};

interface SiteContextValue extends Site {
  changeLanguage(language: LanguageCode): void;
  changeCountry(country: CountryCode): void;
}

const SiteContext = createContext<SiteContextValue | null>(null);

export function SiteProvider({ site, effects = browserSiteEffects, children }: { site: Site; effects?: SiteEffects; children: ReactNode }) {
  const changeLanguage = useCallback(
    (language: LanguageCode) => {
      effects.writeCookies({ language });
      effects.reload(languageChangeUrl(effects.currentUrl(), site, language));
    },
    [effects, site],
  );
  const changeCountry = useCallback(
    (country: CountryCode) => {
      effects.writeCookies({ country });
      effects.reload(countryChangeUrl(effects.currentUrl()));
    },
    [effects],
  );
  const value = useMemo(() => ({ ...site, changeLanguage, changeCountry }), [site, changeLanguage, changeCountry]);
  return <SiteContext.Provider value={value}>{children}</SiteContext.Provider>;
}

export function useSite(): SiteContextValue {
  const value = useContext(SiteContext);
  if (!value) throw new Error('useSite() needs a <SiteProvider>');
  return value;
}
