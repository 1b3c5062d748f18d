import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { COUNTRY_CODES } from '../../config/countries.ts';
import { COUNTRY_NAMES } from '../shared/site/messages.ts';
import { countrySiteHref } from '../shared/site/resolve.ts';

/** Shown instead of the store for a country it does not ship to (spec §8). */
export function WelcomeScreen() {
  const { t, i18n } = useLingui();
  const title = t`Welcome to Beauty Pass`;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <main id="main" className="welcome" data-state="unsupported-country">
      <p className="logo">BEAUTY PASS</p>
      <h1>{title}</h1>
      <p className="welcome__lead">
        <Trans>This site doesn't ship to your country.</Trans>
      </p>
      <p>
        <Trans>Choose the site of the country you want your order delivered to:</Trans>
      </p>
      <ul className="welcome__countries">
        {COUNTRY_CODES.map((code) => (
          <li key={code}>
            <a href={countrySiteHref(code)} className="button button--secondary">
              {i18n._(COUNTRY_NAMES[code])}
            </a>
          </li>
        ))}
      </ul>
    </main>
  );
}
