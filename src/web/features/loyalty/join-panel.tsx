import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef } from '@xstate/react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import { beautyPassJoinConnect } from '../../../../machines/loyalty/beauty-pass-join.connect.ts';
import { beautyPassJoinMachine } from '../../../../machines/loyalty/beauty-pass-join.machine.ts';
import { BEAUTY_PASS_TERMS } from '../../../config/consents.ts';
import { useApi } from '../../shared/api/api-provider.tsx';
import { JOIN_ANCHOR } from '../../shared/beauty-pass-links.ts';
import { COUNTRY_NAMES } from '../../shared/site/messages.ts';
import { useSite } from '../../shared/site/site-provider.tsx';
import { createBeautyPassApi } from './beauty-pass-api.ts';
import { TIER_PERKS } from './perks.ts';
import { useView } from '../../shared/hooks/use-view.ts';

/**
 * A signed-in shopper who has not joined: why join (the pink and white perks, points, rewards) and
 * how, with the country's Beauty Pass terms to agree to (`POST beauty-pass/members`). Shown on the
 * account dashboard and above the rewards boutique; `onJoined` reads the screen's data again.
 */
export function JoinPanel({ onJoined, intro }: { onJoined: () => void; intro?: string }) {
  const { t, i18n } = useLingui();
  const site = useSite();
  const api = useApi(createBeautyPassApi);
  const headingId = useId();
  const boxId = useId();
  const joined = useRef(onJoined);
  joined.current = onJoined;
  const [machine] = useState(() =>
    beautyPassJoinMachine.provide({
      actors: { joinBeautyPass: fromPromise<unknown, undefined>(() => api.join()) },
      actions: { joined: () => joined.current() },
    }),
  );
  const view = useView(useActorRef(machine), beautyPassJoinConnect);
  const country = i18n._(COUNTRY_NAMES[site.country]);
  const { dataLaw, variant } = BEAUTY_PASS_TERMS[site.country];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    view.join();
  };
  const reasonId = `${boxId}-why`;
  const errorId = `${boxId}-error`;
  return (
    <section id={JOIN_ANCHOR} className="join-panel" aria-labelledby={headingId} data-state={view.state}>
      <h2 id={headingId}>{t`Join Beauty Pass`}</h2>
      <p>{intro ?? t`You are not a Beauty Pass member yet. Members earn points on every purchase, redeem them for rewards in the boutique and get member offers.`}</p>
      <p className="join-panel__perks-title">{t`As a Pink member you get:`}</p>
      <ul className="join-panel__perks">
        {TIER_PERKS.pink.map((perk) => (
          <li key={perk.id}>{i18n._(perk)}</li>
        ))}
        <li>{t`Points on every purchase, to redeem for rewards`}</li>
      </ul>
      <form onSubmit={submit} noValidate aria-labelledby={headingId} className="join-panel__form">
        <div className="field field--checkbox">
          <input
            id={boxId}
            type="checkbox"
            checked={view.agreed}
            onChange={(event) => view.agree(event.target.checked)}
            aria-invalid={view.termsError ? true : undefined}
            aria-describedby={view.termsError ? errorId : undefined}
          />
          <label htmlFor={boxId}>
            <Trans>
              I agree to the Beauty Pass terms for {country}, including how my personal data is handled under the {dataLaw}.
            </Trans>
          </label>
          {view.termsError ? (
            <p className="field__error" id={errorId}>
              {i18n._(view.termsError)}
            </p>
          ) : null}
        </div>
        <p className="field__hint">
          <Trans>
            <Link href="/terms?section=beauty-pass">Read the Beauty Pass terms</Link> (version {variant}).
          </Trans>
        </p>
        {view.failure ? (
          <p className="field__error" role="alert">
            {i18n._(view.failure)}
          </p>
        ) : null}
        <button type="submit" className="button" aria-disabled={view.joinBlocked || view.busy ? true : undefined} aria-describedby={view.joinBlocked ? reasonId : undefined}>
          {view.busy ? t`Joining…` : t`Join Beauty Pass`}
        </button>
        {view.joinBlocked ? (
          <span id={reasonId} className="visually-hidden">
            {i18n._(view.joinBlocked)}
          </span>
        ) : null}
      </form>
    </section>
  );
}
