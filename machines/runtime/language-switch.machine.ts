import { assign, setup } from 'xstate';
import { COUNTRIES, defaultLanguage, type LanguageCode, type Site } from '../../src/config/countries.ts';

/** The page's country and language. */
export type LanguageSwitchInput = Site;

interface LanguageSwitchContext extends LanguageSwitchInput {
  requested: LanguageCode | null;
}

export type LanguageSwitchEvent = { type: 'language.select'; language: LanguageCode };

export interface ReloadWithLanguageParams {
  language: LanguageCode;
  /** `?language=` value of the reload, or null for the country's default language (spec §4). */
  queryLanguage: LanguageCode | null;
}

/**
 * The language switcher (spec §4): `idle` → `switching` stores the `language` cookie, then reloads
 * the page with `?language=` unless the choice is the country's default. A language the country
 * does not offer, or the current one, is refused (`snapshot.can` is false). The app provides
 * `storeLanguageCookie` and `reloadWithLanguage`.
 */
export const languageSwitchMachine = setup({
  types: {
    context: {} as LanguageSwitchContext,
    events: {} as LanguageSwitchEvent,
    input: {} as LanguageSwitchInput,
    tags: {} as 'busy',
  },
  guards: {
    /** Only a language the country offers (spec §9), and not the one already shown. */
    isOfferedAndNew: ({ context }, language: LanguageCode) => COUNTRIES[context.country].languages.includes(language) && context.language !== language,
  },
  actions: {
    storeRequest: assign((_, language: LanguageCode) => ({ requested: language })),
    storeLanguageCookie: (_, _language: LanguageCode) => {},
    reloadWithLanguage: (_, _params: ReloadWithLanguageParams) => {},
  },
}).createMachine({
  id: 'languageSwitch',
  context: ({ input }) => ({ country: input.country, language: input.language, requested: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'language.select': {
          guard: { type: 'isOfferedAndNew', params: ({ event }) => event.language },
          target: 'switching',
          actions: { type: 'storeRequest', params: ({ event }) => event.language },
        },
      },
    },
    /** The page is reloading: further choices are ignored. */
    switching: {
      tags: ['busy'],
      entry: [
        { type: 'storeLanguageCookie', params: ({ context }) => context.requested ?? context.language },
        {
          type: 'reloadWithLanguage',
          params: ({ context }) => {
            const language = context.requested ?? context.language;
            return { language, queryLanguage: language === defaultLanguage(context.country) ? null : language };
          },
        },
      ],
    },
  },
});
