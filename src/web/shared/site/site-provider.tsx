import { useActorRef } from '@xstate/react';
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { languageSwitchConnect } from '../../../../machines/runtime/language-switch.connect.ts';
import { languageSwitchMachine } from '../../../../machines/runtime/language-switch.machine.ts';
import { SITE_COOKIE_MAX_AGE_S } from '../../../config/constants.ts';
import type { CountryCode, LanguageCode, Site } from '../../../config/countries.ts';
import { languageReloadUrl } from './language-reload.ts';
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

export type LanguageSwitchActor = ActorRefFrom<typeof languageSwitchMachine>;

interface SiteContextValue extends Site {
  /** Asks the language switch machine; a language the country does not offer is refused. */
  changeLanguage(language: LanguageCode): void;
  languageSwitch: LanguageSwitchActor;
  changeCountry(country: CountryCode): void;
}

const SiteContext = createContext<SiteContextValue | null>(null);

export function SiteProvider({ site, effects = browserSiteEffects, children }: { site: Site; effects?: SiteEffects; children: ReactNode }) {
  const languageMachine = useMemo(
    () =>
      languageSwitchMachine.provide({
        actions: {
          storeLanguageCookie: (_, language) => effects.writeCookies({ language }),
          reloadWithLanguage: (_, { queryLanguage }) => effects.reload(languageReloadUrl(effects.currentUrl(), queryLanguage)),
        },
      }),
    [effects],
  );
  const languageSwitch = useActorRef(languageMachine, { input: site });
  const changeLanguage = useCallback((language: LanguageCode) => languageSwitchConnect(languageSwitch.getSnapshot(), languageSwitch.send).select(language), [languageSwitch]);
  const changeCountry = useCallback(
    (country: CountryCode) => {
      effects.writeCookies({ country });
      effects.reload(countryChangeUrl(effects.currentUrl()));
    },
    [effects],
  );
  const value = useMemo(() => ({ ...site, changeLanguage, changeCountry, languageSwitch }), [site, changeLanguage, changeCountry, languageSwitch]);
  return <SiteContext.Provider value={value}>{children}</SiteContext.Provider>;
}

export function useSite(): SiteContextValue {
  const value = useContext(SiteContext);
  if (!value) throw new Error('useSite() needs a <SiteProvider>');
  return value;
}
