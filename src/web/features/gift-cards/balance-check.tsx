import { Plural, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import type { GiftCardCredentials } from '../../../contract/gift-cards.ts';
import { GIFT_CARD_CODE_LENGTH, GIFT_CARD_PIN_DIGITS } from '../../../config/gift-cards.ts';
import { accountFormConnect, type AccountFormApi } from '../../../../machines/account/account-form.connect.ts';
import { useApi } from '../../shared/api/api-provider.tsx';
import { FormTextField } from '../../shared/forms/form-text-field.tsx';
import { useAccountForm } from '../../shared/forms/use-account-form.ts';
import { formatMoney } from '../../shared/site/format.ts';
import { useSite } from '../../shared/site/site-provider.tsx';
import { GIFT_CARD_BALANCE_FORM } from './balance.form.ts';
import { createGiftCardsApi, type BalanceOutcome } from './gift-cards-api.ts';
import { useView, viewNow } from '../../shared/hooks/use-view.ts';

const fieldId = (field: string) => `${GIFT_CARD_BALANCE_FORM.id}-${field}`;

/** Why the check found nothing, or could not ask: one alert, focused at each refused or failed submit and at each miss. */
function BalanceAlert({ view, outcome, attempt }: { view: AccountFormApi; outcome: BalanceOutcome | null; attempt: number }) {
  const { t } = useLingui();
  const region = useRef<HTMLDivElement>(null);
  const miss = outcome && outcome.kind !== 'found' ? outcome : null;
  useEffect(() => {
    if (attempt > 0 || miss) region.current?.focus();
  }, [attempt, miss]);
  const failure = miss ? null : (view.summary?.failure ?? null);
  if (!miss && !failure) return null;
  const minutes = miss?.kind === 'tooManyAttempts' ? Math.max(1, Math.ceil(miss.retryAfterSeconds / 60)) : 0;
  return (
    <div ref={region} className="panel panel--error gift-card-alert" role="alert" tabIndex={-1} data-reason={miss?.kind ?? failure?.reason}>
      {miss?.kind === 'notFound' ? <p className="gift-card-alert__title">{t`We could not find a card with this code and PIN.`}</p> : null}
      {miss?.kind === 'tooManyAttempts' ? (
        <p className="gift-card-alert__title">
          <Plural value={minutes} one="Too many attempts. Try again in # minute." other="Too many attempts. Try again in # minutes." />
        </p>
      ) : null}
      {failure?.reason === 'invalid' ? <p className="gift-card-alert__title">{t`Check the code and the PIN: the fields marked below need your attention.`}</p> : null}
      {failure?.reason === 'offline' ? <p className="gift-card-alert__title">{t`We could not reach the store. Check your connection and try again.`}</p> : null}
      {failure && failure.reason !== 'invalid' && failure.reason !== 'offline' ? <p className="gift-card-alert__title">{t`Something went wrong. Please try again.`}</p> : null}
    </div>
  );
}

/** What is left on the card, from the server's answer (never worked out here). */
function Balance({ outcome, onAnother }: { outcome: Extract<BalanceOutcome, { kind: 'found' }>; onAnother: () => void }) {
  const { t } = useLingui();
  const site = useSite();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { code, balance, initial } = outcome.balance;
  const left = formatMoney(balance, site);
  const loaded = formatMoney(initial, site);
  return (
    <div className="panel gift-card-balance" data-state="found">
      <h3 ref={heading} tabIndex={-1} className="panel__title">
        {t`Gift card ${code}`}
      </h3>
      <p className="gift-card-balance__left">{t`Balance: ${left}`}</p>
      <p>{t`Loaded with ${loaded}. E-gift cards do not expire.`}</p>
      <button type="button" className="button button--secondary" onClick={onAnother}>
        {t`Check another card`}
      </button>
    </div>
  );
}

function BalanceForm({ onAnother, again }: { onAnother: () => void; again: boolean }) {
  const { t } = useLingui();
  const api = useApi(createGiftCardsApi);
  // The check answers what was found, a miss included: the form stays open with the values after a miss.
  const form = useAccountForm({ form: GIFT_CARD_BALANCE_FORM }, (credentials) => api.balance(credentials as GiftCardCredentials));
  const view = useView(form, accountFormConnect);
  const outcome = view.succeeded ? (view.result as BalanceOutcome) : null;
  useEffect(() => {
    if (again) document.getElementById(fieldId('code'))?.focus();
  }, [again]);
  if (outcome?.kind === 'found') return <Balance outcome={outcome} onAnother={onAnother} />;
  const codeLength = GIFT_CARD_CODE_LENGTH;
  const pinDigits = GIFT_CARD_PIN_DIGITS;
  // Empty or refused, a code or PIN says what a valid one looks like: one message per field, whatever rule it broke.
  const codeError = () => t`Enter the ${codeLength}-character code from the gift card email`;
  const pinError = () => t`Enter the ${pinDigits}-digit PIN from the gift card email`;
  return (
    <form
      className="gift-card-form gift-card-form--balance"
      noValidate
      aria-labelledby="gift-card-balance-heading"
      aria-busy={view.busy}
      onSubmit={(event) => {
        event.preventDefault();
        // After a miss the form holds the answer (the machine's `succeeded`), which takes a change
        // before another submit: the same values are sent again.
        if (view.succeeded) view.change('code', form.getSnapshot().context.values.code ?? '');
        viewNow(form, accountFormConnect).submit();
      }}
    >
      <BalanceAlert view={view} outcome={outcome} attempt={view.attempts} />
      {/* No `name`: a submit before the page is hydrated (the browser's own GET) never puts a code or PIN in the URL. */}
      <FormTextField form={form} id={fieldId('code')} field="code" label={t`Gift card code`} hint={t`As in the gift card email, for example ABCD-EFGH-JKLM-NPQR.`} type="text" inputMode="text" autoComplete="off" named={false} errorText={codeError} />
      <FormTextField form={form} id={fieldId('pin')} field="pin" label={t`PIN`} hint={t`The 8 digits under the code in the email.`} type="text" inputMode="numeric" autoComplete="off" named={false} errorText={pinError} />
      <button type="submit" className="button" disabled={view.busy} aria-disabled={view.busy}>
        {view.busy ? t`Checking…` : t`Check balance`}
      </button>
    </form>
  );
}

/** "Check a balance": a card's code and PIN → what is left; guessing is slowed down by the server (429). */
export function BalanceCheck() {
  const [round, setRound] = useState(0);
  return <BalanceForm key={round} again={round > 0} onAnother={() => setRound((count) => count + 1)} />;
}
