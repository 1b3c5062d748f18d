import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef } from 'react';
import { GIFT_CARD_PIN_DIGITS } from '../../../config/gift-cards.ts';
import type { CheckoutApi, GiftCardEntryView } from '../../../../machines/checkout/checkout.connect.ts';
import type { CardField, GiftCardField } from '../../../../machines/checkout/checkout.types.ts';
import { formatMoney } from '../../shared/site/format.ts';
import { useSite } from '../../shared/site/site-provider.tsx';
import { Choice, TextField } from './checkout-fields.tsx';
import type { CheckoutTexts } from './checkout-texts.ts';

const CARD_INPUTS: readonly { field: CardField; autoComplete: string; inputMode: 'numeric' | 'text'; maxLength: number }[] = [
  { field: 'number', autoComplete: 'cc-number', inputMode: 'numeric', maxLength: 23 },
  { field: 'name', autoComplete: 'cc-name', inputMode: 'text', maxLength: 80 },
  { field: 'expMonth', autoComplete: 'cc-exp-month', inputMode: 'numeric', maxLength: 2 },
  { field: 'expYear', autoComplete: 'cc-exp-year', inputMode: 'numeric', maxLength: 4 },
  { field: 'cvc', autoComplete: 'cc-csc', inputMode: 'numeric', maxLength: 4 },
];

/**
 * Card, or the country's buy-now-pay-later providers: one outside its amounts is shown disabled
 * with the reason and its limits (the options' reason, the machine's guard).
 */
export function PaymentStep({ view, texts, showIssues }: { view: CheckoutApi; texts: CheckoutTexts; showIssues: boolean }) {
  const { t } = useLingui();
  const site = useSite();
  const { choices, showsCard, card, cardIssues } = view.payment;
  const issueOf = (field: CardField) => {
    const issue = cardIssues.find((candidate) => candidate.field === field);
    return showIssues && issue ? texts.cardIssues(field, issue.code) : null;
  };
  return (
    <>
      <fieldset className="checkout-choices">
        <legend>{t`How would you like to pay?`}</legend>
        {choices.map((choice) => {
          const minimum = choice.minimum ? formatMoney(choice.minimum, site) : '';
          const maximum = choice.maximum ? formatMoney(choice.maximum, site) : '';
          const count = choice.instalments?.count ?? 0;
          const instalment = choice.instalments ? formatMoney(choice.instalments.amount, site) : '';
          const details = choice.disabledReason
            ? `${texts.methodRefusals[choice.disabledReason]} ${t`Orders from ${minimum} to ${maximum}.`}`
            : choice.instalments
              ? t`${count} interest-free payments of ${instalment}`
              : null;
          return (
            <Choice
              key={choice.method}
              group="payment"
              value={choice.method}
              checked={choice.selected}
              disabled={choice.disabledReason !== null}
              onSelect={choice.select}
              title={texts.paymentNames[choice.method]}
              details={details}
            />
          );
        })}
      </fieldset>
      {showsCard ? (
        <fieldset className="checkout-card">
          <legend>{t`Card details`}</legend>
          <p className="field__hint">{t`Your card details go to the payment provider only: we keep the card's last 4 digits.`}</p>
          {CARD_INPUTS.map(({ field, autoComplete, inputMode, maxLength }) => (
            <TextField
              key={field}
              name={`card-${field}`}
              label={texts.cardFields[field]}
              value={card[field]}
              autoComplete={autoComplete}
              inputMode={inputMode}
              maxLength={maxLength}
              required={field !== 'name'}
              error={issueOf(field)}
              onChange={(value) => view.setCardField(field, value)}
            />
          ))}
        </fieldset>
      ) : null}
      {view.payment.giftCards.accepted ? <GiftCards view={view} texts={texts} showIssues={showIssues} /> : null}
    </>
  );
}

/** One gift card as typed: its code and PIN, what is wrong with them, and Remove. */
function GiftCardEntry({ entry, texts, showIssues }: { entry: GiftCardEntryView; texts: CheckoutTexts; showIssues: boolean }) {
  const { t } = useLingui();
  const name = texts.giftCardName(entry.index, []);
  const position = entry.index + 1;
  const issueOf = (field: GiftCardField) => {
    const issue = entry.issues[field];
    if (showIssues && issue) return texts.giftCardIssues[field][issue];
    // The server's refusal of the card, under its code (every input kept).
    return field === 'code' && entry.refused ? texts.giftCardRefusals[entry.refused] : null;
  };
  return (
    <fieldset className="checkout-gift-card" data-state={entry.refused ? 'refused' : 'entered'}>
      <legend>{name}</legend>
      <TextField
        name={`gift-card-${entry.index}-code`}
        label={texts.giftCardFields.code}
        value={entry.code}
        autoComplete="off"
        maxLength={40}
        required
        error={issueOf('code')}
        onChange={(value) => entry.setField('code', value)}
      />
      <TextField
        name={`gift-card-${entry.index}-pin`}
        label={texts.giftCardFields.pin}
        value={entry.pin}
        autoComplete="off"
        inputMode="numeric"
        maxLength={GIFT_CARD_PIN_DIGITS}
        required
        error={issueOf('pin')}
        onChange={(value) => entry.setField('pin', value)}
      />
      <button type="button" className="link-button" onClick={entry.remove}>
        {t`Remove gift card ${position}`}
      </button>
    </fieldset>
  );
}

/**
 * E-gift cards that pay first (up to two); the method above pays the rest. What each card pays is
 * the server's to say: the confirmation shows it from the order.
 */
function GiftCards({ view, texts, showIssues }: { view: CheckoutApi; texts: CheckoutTexts; showIssues: boolean }) {
  const { t } = useLingui();
  const reasonId = useId();
  const { entries, addDisabledReason, add } = view.payment.giftCards;
  const group = useRef<HTMLFieldSetElement>(null);
  // A card just added takes the focus on its code (not a card restored or shown again).
  const count = entries.length;
  const shown = useRef(count);
  useEffect(() => {
    if (count > shown.current) group.current?.querySelector<HTMLInputElement>(`[name="gift-card-${count - 1}-code"]`)?.focus();
    shown.current = count;
  }, [count]);
  return (
    <fieldset ref={group} className="checkout-choices checkout-gift-cards">
      <legend>{t`Gift cards`}</legend>
      <p className="field__hint">{t`Gift cards pay first and the payment method above pays the rest. If they cover your whole order, nothing is charged to it. For your security, PINs are never kept.`}</p>
      {entries.map((entry) => (
        <GiftCardEntry key={entry.index} entry={entry} texts={texts} showIssues={showIssues} />
      ))}
      <button
        type="button"
        className="button button--secondary"
        aria-disabled={addDisabledReason !== null}
        aria-describedby={addDisabledReason ? reasonId : undefined}
        onClick={() => {
          if (addDisabledReason === null) add();
        }}
      >
        {t`Add a gift card`}
      </button>
      {addDisabledReason ? (
        <p id={reasonId} className="checkout-reason">
          {texts.giftCardLimitReason}
        </p>
      ) : null}
    </fieldset>
  );
}
