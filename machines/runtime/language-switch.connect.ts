import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { COUNTRIES, type LanguageCode } from '../../src/config/countries.ts';
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

export function languageSwitchConnect(snapshot: Snapshot, send: Send): LanguageSwitchApi {
  const { country, language } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const options = COUNTRIES[country].languages.map((code) => ({ language: code, current: code === language }));
  return {
    state: busy ? 'switching' : 'idle',
    busy,
    current: language,
    options,
    offersChoice: options.length > 1,
    select: (next) => send({ type: 'language.select', language: next }),
  };
}
