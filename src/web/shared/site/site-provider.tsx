import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { languageSwitchConnect } from '../../../../machines/runtime/language-switch.connect.ts';
import { SITE_COOKIE_MAX_AGE_S } from '../../../config/constants.ts';
import type { CountryCode, LanguageCode, Site } from '../../../config/countries.ts';
import type { LanguageSwitchActor } from './language-switch.ts';
import { countryChangeUrl, siteCookieStrings, type CookieWrites } from './resolve.ts';

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

export type { LanguageSwitchActor };

interface SiteContextValue extends Site {
  /**
   * Asks the language switch machine, started at the first choice (language-switch.ts, a chunk of
   * its own); a language the country does not offer, or the current one, is refused by its guard.
   * Resolves with the machine, for the picker to follow its state.
   */
  changeLanguage(language: LanguageCode): Promise<LanguageSwitchActor>;
  changeCountry(country: CountryCode): void;
}

const SiteContext = createContext<SiteContextValue | null>(null);

export function SiteProvider({ site, effects = browserSiteEffects, children }: { site: Site; effects?: SiteEffects; children: ReactNode }) {
  // One machine per page (and per site and effects), started at the first choice.
  const languageSwitch = useRef<Promise<LanguageSwitchActor> | null>(null);
  useEffect(() => {
    languageSwitch.current = null;
    return () => void languageSwitch.current?.then((actor) => actor.stop(), () => undefined);
  }, [site, effects]);
  const changeLanguage = useCallback(
    (language: LanguageCode) => {
      const started = (languageSwitch.current ??= import('./language-switch.ts').then(({ startLanguageSwitch }) => startLanguageSwitch(site, effects)));
      // A chunk that failed to load (a new deployment) is asked again at the next choice.
      started.catch(() => {
        if (languageSwitch.current === started) languageSwitch.current = null;
      });
      return started.then((actor) => {
        languageSwitchConnect(actor.getSnapshot(), actor.send).select(language);
        return actor;
      });
    },
    [site, effects],
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
