import { useLingui } from '@lingui/react/macro';
import { useCallback, useId, useState, useSyncExternalStore } from 'react';
import { COUNTRY_CODES, isCountryCode, isLanguageCode } from '../../config/countries.ts';
import { LANGUAGES } from '../../config/languages.ts';
import { languagePickerAtRest, languageSwitchConnect } from '../../../machines/runtime/language-switch.connect.ts';
import { COUNTRY_NAMES } from '../shared/site/messages.ts';
import { useSite, type LanguageSwitchActor } from '../shared/site/site-provider.tsx';

/** Country and language pickers; each change stores its cookie and reloads the page (spec §4). */
export function LocaleSwitchers() {
  const { t, i18n } = useLingui();
  const site = useSite();
  const countryId = useId();
  const languageId = useId();
  // The language switch machine starts at the first choice (site-provider.tsx); until then the
  // picker shows the page's language, and after, the machine's view-model (busy while reloading).
  const [actor, setActor] = useState<LanguageSwitchActor | null>(null);
  const subscribe = useCallback(
    (listener: () => void) => {
      const subscription = actor?.subscribe(listener);
      return () => subscription?.unsubscribe();
    },
    [actor],
  );
  const view = () => (actor ? languageSwitchConnect(actor.getSnapshot(), actor.send) : null);
  // Primitives, so the picker re-renders only when one changes.
  const current = useSyncExternalStore(subscribe, () => view()?.current ?? site.language, () => site.language);
  const busy = useSyncExternalStore(subscribe, () => view()?.busy ?? false, () => false);
  const state = useSyncExternalStore(subscribe, () => view()?.state ?? 'idle', () => 'idle' as const);
  const { options, offersChoice } = languagePickerAtRest(site.country, current);
  return (
    <div className="locale-switchers">
      {/* Read out on every width; shown as text in the phone menu (styles.css), where there is room. */}
      <label htmlFor={countryId} className="locale-switchers__label">{t`Country`}</label>
      <select
        id={countryId}
        value={site.country}
        onChange={(event) => {
          const value = event.target.value;
          if (isCountryCode(value) && value !== site.country) site.changeCountry(value);
        }}
      >
        {COUNTRY_CODES.map((code) => (
          <option key={code} value={code}>
            {i18n._(COUNTRY_NAMES[code])}
          </option>
        ))}
      </select>
      {offersChoice ? (
        <>
          <label htmlFor={languageId} className="locale-switchers__label">{t`Language`}</label>
          <select
            id={languageId}
            value={current}
            data-state={state}
            aria-busy={busy}
            onChange={(event) => {
              const value = event.target.value;
              // The machine refuses a language the country does not offer, and the current one.
              if (isLanguageCode(value)) site.changeLanguage(value).then(setActor, (error: unknown) => console.error('The language switch did not load', error));
            }}
          >
            {options.map(({ language: code }) => (
              <option key={code} value={code} lang={LANGUAGES[code].catalog}>
                {LANGUAGES[code].endonym}
              </option>
            ))}
          </select>
        </>
      ) : null}
    </div>
  );
}
