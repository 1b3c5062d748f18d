import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useId, useMemo } from 'react';
import { COUNTRY_CODES, isCountryCode, isLanguageCode } from '../../config/countries.ts';
import { LANGUAGES } from '../../config/languages.ts';
import { languageSwitchConnect } from '../../../machines/runtime/language-switch.connect.ts';
import { COUNTRY_NAMES } from '../shared/site/messages.ts';
import { useSite } from '../shared/site/site-provider.tsx';

/** Country and language pickers; each change stores its cookie and reloads the page (spec §4). */
export function LocaleSwitchers() {
  const { t, i18n } = useLingui();
  const site = useSite();
  const countryId = useId();
  const languageId = useId();
  const actor = site.languageSwitch;
  // The view-model changes only with the current language and the busy tag (the country is fixed
  // for the page's life: a new one reloads it), so those two primitives are what the picker
  // subscribes to; the first screen needs no deep compare.
  const current = useSelector(actor, (snapshot) => languageSwitchConnect(snapshot, actor.send).current);
  const busy = useSelector(actor, (snapshot) => languageSwitchConnect(snapshot, actor.send).busy);
  const languages = useMemo(() => ({ ...languageSwitchConnect(actor.getSnapshot(), actor.send), current, busy }), [actor, current, busy]);
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
      {languages.offersChoice ? (
        <>
          <label htmlFor={languageId} className="locale-switchers__label">{t`Language`}</label>
          <select
            id={languageId}
            value={languages.current}
            data-state={languages.state}
            aria-busy={languages.busy}
            onChange={(event) => {
              const value = event.target.value;
              // The machine refuses a language the country does not offer, and the current one.
              if (isLanguageCode(value)) languages.select(value);
            }}
          >
            {languages.options.map(({ language: code }) => (
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
