import { setupI18n, type I18n, type MessageDescriptor, type Messages } from '@lingui/core';
import { LANGUAGE_CODES, type LanguageCode } from '../../config/countries.ts';
import { LANGUAGES, type CatalogName } from '../../config/languages.ts';
import en from '../../../i18n/mail/en.json' with { type: 'json' };
import id from '../../../i18n/mail/id.json' with { type: 'json' };
import th from '../../../i18n/mail/th.json' with { type: 'json' };
import zhHant from '../../../i18n/mail/zh-Hant.json' with { type: 'json' };

/*
 * The emails' messages at run time: the compiled catalogs (`npm run i18n:compile`,
 * compile-catalogs.ts) imported as modules, so tsx, Vitest and the server bundle all carry them
 * without reading a file.
 */
const COMPILED: Readonly<Record<CatalogName, Messages>> = {
  en: en.messages as Messages,
  'zh-Hant': zhHant.messages as Messages,
  id: id.messages as Messages,
  th: th.messages as Messages,
};

/**
 * One Lingui instance per language, made once with its own catalog active and never switched: an
 * email is rendered with the instance of its recipient's language, so two requests rendering
 * emails in two languages at once never share (or race on) an active locale. Lingui's global
 * `i18n` is never used on the server.
 */
const INSTANCES: Readonly<Record<LanguageCode, I18n>> = Object.fromEntries(
  LANGUAGE_CODES.map((language) => {
    const catalog = LANGUAGES[language].catalog;
    return [language, setupI18n({ locale: catalog, messages: { [catalog]: COMPILED[catalog] } })];
  }),
) as Record<LanguageCode, I18n>;

/** Values of a message's `{placeholders}`: text the template already formatted, or a number for a plural. */
export type MessageValues = Readonly<Record<string, string | number>>;
export type Translate = (message: MessageDescriptor, values?: MessageValues) => string;

/**
 * Renders messages in one language. A message missing from that language's compiled catalog (the
 * catalog not compiled since the .po changed: `npm run i18n:check` fails on it) is logged and
 * written in English rather than failing what sends the email; one missing in English too is a
 * programming error.
 */
export function translator(language: LanguageCode, log: (line: string) => void = console.error): Translate {
  const i18n = INSTANCES[language];
  return (message, values) => {
    if (message.id in i18n.messages) return i18n._(message.id, values);
    if (!(message.id in INSTANCES.en.messages)) throw new Error(`i18n/mail has no message ${JSON.stringify(message.id)}: run npm run i18n:extract, translate it, npm run i18n:compile`);
    log(`mail: no ${LANGUAGES[language].catalog} translation of ${JSON.stringify(message.id)} in i18n/mail (run npm run i18n:compile); sent in English`);
    return INSTANCES.en._(message.id, values);
  };
}
