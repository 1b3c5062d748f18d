import { msg } from '@lingui/core/macro';
import { languageSwitchMachine } from './language-switch.machine.ts';
import { defineModel } from '../model/types.ts';

export const languageSwitchModel = defineModel({
  id: 'language-switch',
  title: msg`Language switch`,
  description: msg`Choosing a language the country offers stores it in a cookie and reloads the page, with ?language= unless it is the country's default.`,
  machine: languageSwitchMachine,
  input: { country: 'HK', language: 'en' },
  events: [
    { type: 'language.select', language: 'zh' },
    { type: 'language.select', language: 'en' },
    { type: 'language.select', language: 'th' },
  ],
});
