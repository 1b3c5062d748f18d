import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef } from '@xstate/react';
import { useId, useMemo, type FormEvent } from 'react';
import { TIER_LABELS } from '../../../../machines/loyalty/tier.messages.ts';
import type { TierInput } from '../../../../machines/loyalty/tier.machine.ts';
import { tierWhatIfConnect } from '../../../../machines/loyalty/tier-what-if.connect.ts';
import { tierWhatIfMachine } from '../../../../machines/loyalty/tier-what-if.machine.ts';
import { COUNTRIES, type Site } from '../../../config/countries.ts';
import { InputField } from '../../shared/ui/input-field.tsx';
import { tierFormat } from './tier-format.ts';
import { useView } from '../../shared/hooks/use-view.ts';

/**
 * "What if I spend X by D?" (issue 15): the answer is the tier machine's own, for the member's
 * status with X more spent and D as today (tier-what-if.machine.ts); nothing is saved or sent.
 * A machine of this component only: its first render is the empty question on the server and in
 * the browser alike.
 */
export function WhatIfForm({ base, site }: { base: TierInput; site: Site }) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const id = useId();
  const view = useView(useActorRef(tierWhatIfMachine, { input: base }), tierWhatIfConnect);
  const format = useMemo(() => tierFormat(site), [site]);
  if (!view.available || !view.range) return null;
  const symbol = COUNTRIES[site.country].currencySymbol;
  const until = format.date(view.range.max);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    view.ask();
  };
  const { answer } = view;
  const answerTier = answer ? i18n._(TIER_LABELS[answer.tier]) : '';
  const answerAmount = answer ? format.money(answer.amount, answer.currency) : '';
  const answerDate = answer ? format.date(answer.date) : '';
  return (
    <section className="what-if" aria-labelledby={headingId} data-state={view.state}>
      <h3 id={headingId}>{t`What if I spend more?`}</h3>
      <p className="what-if__intro">{t`See what your tier would be if you spent more by a date of your choice, up to ${until}. Nothing changes on your account.`}</p>
      <form className="what-if__form" onSubmit={submit} noValidate aria-labelledby={headingId}>
        <InputField
          id={`${id}-amount`}
          label={t`Amount to spend (${symbol})`}
          inputMode="decimal"
          autoComplete="off"
          value={view.amount}
          onChange={view.setAmount}
          invalid={view.issues.amount !== undefined}
          error={view.issues.amount ? i18n._(view.issues.amount) : null}
          dataField="amount"
        />
        <InputField
          id={`${id}-date`}
          label={t`By this date`}
          type="date"
          min={view.range.min}
          max={view.range.max}
          value={view.date}
          onChange={view.setDate}
          invalid={view.issues.date !== undefined}
          error={view.issues.date ? i18n._(view.issues.date) : null}
          dataField="date"
        />
        <button type="submit" className="button">
          <Trans>Show my tier</Trans>
        </button>
      </form>
      <div className="what-if__answer" role="status" aria-live="polite">
        {answer ? (
          <div data-state={answer.state} data-tier={answer.tier}>
            <p className="what-if__tier">{t`If you spend ${answerAmount} more by ${answerDate}, your tier would be ${answerTier}.`}</p>
            <p>
              <Trans>You would read:</Trans> <q>{i18n._(answer.message(format).descriptor)}</q>
            </p>
            <button type="button" className="button button--secondary" onClick={view.clear}>
              <Trans>Ask again</Trans>
            </button>
          </div>
        ) : null}
      </div>
    </section>
  );
}
