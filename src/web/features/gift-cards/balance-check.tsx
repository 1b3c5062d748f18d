import { Plural, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import type { GiftCardCredentials } from '../../../contract/gift-cards.ts';
import { GIFT_CARD_CODE_LENGTH, GIFT_CARD_PIN_DIGITS } from '../../../config/gift-cards.ts';
import { useApi } from '../../shared/api/api-provider.tsx';
import { LookupAlert, LookupForm, minutesToWait, useLookup, type Lookup } from '../../shared/forms/lookup-form.tsx';
import { formatMoney } from '../../shared/site/format.ts';
import { useSite } from '../../shared/site/site-provider.tsx';
import { GIFT_CARD_BALANCE_FORM } from './balance.form.ts';
import { createGiftCardsApi, type BalanceOutcome } from './gift-cards-api.ts';

/** Why the check found nothing, or could not ask (shared/forms/lookup-form.tsx focuses it). */
function BalanceAlert({ lookup }: { lookup: Lookup<BalanceOutcome> }) {
  const { t } = useLingui();
  return (
    <LookupAlert lookup={lookup} className="panel panel--error gift-card-alert">
      {({ miss, failure }) => {
        const minutes = miss?.kind === 'tooManyAttempts' ? minutesToWait(miss.retryAfterSeconds) : 0;
        return (
          <>
            {miss?.kind === 'notFound' ? <p className="gift-card-alert__title">{t`We could not find a card with this code and PIN.`}</p> : null}
            {miss?.kind === 'tooManyAttempts' ? (
              <p className="gift-card-alert__title">
                <Plural value={minutes} one="Too many attempts. Try again in # minute." other="Too many attempts. Try again in # minutes." />
              </p>
            ) : null}
            {failure?.reason === 'invalid' ? <p className="gift-card-alert__title">{t`Check the code and the PIN: the fields marked below need your attention.`}</p> : null}
            {failure?.reason === 'offline' ? <p className="gift-card-alert__title">{t`We could not reach the store. Check your connection and try again.`}</p> : null}
            {failure && failure.reason !== 'invalid' && failure.reason !== 'offline' ? <p className="gift-card-alert__title">{t`Something went wrong. Please try again.`}</p> : null}
          </>
        );
      }}
    </LookupAlert>
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
  const lookup = useLookup<GiftCardCredentials, BalanceOutcome>(GIFT_CARD_BALANCE_FORM, (credentials) => api.balance(credentials));
  const { outcome } = lookup;
  if (outcome?.kind === 'found') return <Balance outcome={outcome} onAnother={onAnother} />;
  const codeLength = GIFT_CARD_CODE_LENGTH;
  const pinDigits = GIFT_CARD_PIN_DIGITS;
  // Empty or refused, a code or PIN says what a valid one looks like: one message per field, whatever rule it broke.
  const codeError = () => t`Enter the ${codeLength}-character code from the gift card email`;
  const pinError = () => t`Enter the ${pinDigits}-digit PIN from the gift card email`;
  return (
    <LookupForm
      lookup={lookup}
      definition={GIFT_CARD_BALANCE_FORM}
      className="gift-card-form gift-card-form--balance"
      label={{ 'aria-labelledby': 'gift-card-balance-heading' }}
      again={again}
      fields={[
        // No `name`: a submit before the page is hydrated (the browser's own GET) never puts a code or PIN in the URL.
        { field: 'code', label: t`Gift card code`, hint: t`As in the gift card email, for example ABCD-EFGH-JKLM-NPQR.`, type: 'text', inputMode: 'text', autoComplete: 'off', named: false, errorText: codeError },
        { field: 'pin', label: t`PIN`, hint: t`The 8 digits under the code in the email.`, type: 'text', inputMode: 'numeric', autoComplete: 'off', named: false, errorText: pinError },
      ]}
      submit={{ label: t`Check balance`, busyLabel: t`Checking…` }}
    >
      <BalanceAlert lookup={lookup} />
    </LookupForm>
  );
}

/** "Check a balance": a card's code and PIN → what is left; guessing is slowed down by the server (429). */
export function BalanceCheck() {
  const [round, setRound] = useState(0);
  return <BalanceForm key={round} again={round > 0} onAnother={() => setRound((count) => count + 1)} />;
}
