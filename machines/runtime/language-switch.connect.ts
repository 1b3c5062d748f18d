import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { COUNTRIES, type CountryCode, type LanguageCode } from '../../src/config/countries.ts';
import type { languageSwitchMachine } from './language-switch.machine.ts';

type Snapshot = SnapshotFrom<typeof languageSwitchMachine>;
type Send = (event: EventFromLogic<typeof languageSwitchMachine>) => void;

export interface LanguageOption {
  language: LanguageCode;
  current: boolean;
}

export interface LanguageSwitchApi {
  /** `data-state` of the language picker. */
  state: 'idle' | 'switching';
  /** The page is reloading in the new language: further choices are ignored. */
  busy: boolean;
  current: LanguageCode;
  /** The country's languages (spec §9), the ones the machine's guard accepts besides the current. */
  options: LanguageOption[];
  /** A picker is worth showing: the country offers more than one language. */
  offersChoice: boolean;
  /** Refused by the machine when it is the current language or one the country does not offer. */
  select(language: LanguageCode): void;
}

/**
 * The picker at rest on `language`: the country's languages (spec §9) with the current one marked.
 * What the app shows before the machine has started too (it starts at the first choice), so both
 * read the same list and the same rule for whether there is a choice.
 */
export function languagePickerAtRest(country: CountryCode, language: LanguageCode): Omit<LanguageSwitchApi, 'select'> {
  const options = COUNTRIES[country].languages.map((code) => ({ language: code, current: code === language }));
  return { state: 'idle', busy: false, current: language, options, offersChoice: options.length > 1 };
}

export function languageSwitchConnect(snapshot: Snapshot, send: Send): LanguageSwitchApi {
  const { country, language } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  return {
    ...languagePickerAtRest(country, language),
    state: busy ? 'switching' : 'idle',
    busy,
    select: (next) => send({ type: 'language.select', language: next }),
  };
}
