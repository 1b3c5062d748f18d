import { createActor, type ActorRefFrom } from 'xstate';
import { languageSwitchMachine } from '../../../../machines/runtime/language-switch.machine.ts';
import type { Site } from '../../../config/countries.ts';
import { languageReloadUrl } from './language-reload.ts';
import type { SiteEffects } from './site-provider.tsx';

export type LanguageSwitchActor = ActorRefFrom<typeof languageSwitchMachine>;

/**
 * The language switch machine of this page, started at the shopper's first choice (site-provider.tsx
 * loads this module then): nothing of it is needed to show a page, so it is not on a first screen.
 */
export function startLanguageSwitch(site: Site, effects: SiteEffects): LanguageSwitchActor {
  const machine = languageSwitchMachine.provide({
    actions: {
      storeLanguageCookie: (_, language) => effects.writeCookies({ language }),
      reloadWithLanguage: (_, { queryLanguage }) => effects.reload(languageReloadUrl(effects.currentUrl(), queryLanguage)),
    },
  });
  return createActor(machine, { input: { country: site.country, language: site.language } }).start();
}
