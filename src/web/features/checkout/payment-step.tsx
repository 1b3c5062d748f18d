import { plural } from '@lingui/core/macro';
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
 * The gift cards first (they pay first), then card or the country's buy-now-pay-later providers for
 * what they leave; none when the checked cards pay it all (the guard's word, `payAll`).
 */
export function PaymentStep({ view, texts, showIssues }: { view: CheckoutApi; texts: CheckoutTexts; showIssues: boolean }) {
  const { t } = useLingui();
  const { showsCard, card, cardIssues } = view.payment;
  const payAll = view.payment.giftCards.payAll;
  const issueOf = (field: CardField) => {
    const issue = cardIssues.find((candidate) => candidate.field === field);
    return showIssues && issue ? texts.cardIssues(field, issue.code) : null;
  };
  return (
    <>
      {view.payment.giftCards.accepted ? <GiftCards view={view} texts={texts} showIssues={showIssues} /> : null}
      {payAll ? null : <PaymentMethods view={view} texts={texts} />}
      {showsCard && !payAll ? (
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
    </>
  );
}

/**
 * Card, or the country's buy-now-pay-later providers for what is due: one outside its amounts is
 * shown disabled with the reason and its limits, each with its instalments (the guard's and the
 * instalment rule's, from the order's total after delivery and gift cards).
 */
function PaymentMethods({ view, texts }: { view: CheckoutApi; texts: CheckoutTexts }) {
  const { t } = useLingui();
  const site = useSite();
  const due = formatMoney(view.totals.due, site);
  return (
    <fieldset className="checkout-choices">
      <legend>{view.totals.giftCards ? t`How would you like to pay the remaining ${due}?` : t`How would you like to pay?`}</legend>
      {view.payment.choices.map((choice) => {
        const minimum = choice.minimum ? formatMoney(choice.minimum, site) : '';
        const maximum = choice.maximum ? formatMoney(choice.maximum, site) : '';
        const count = choice.instalments?.count ?? 0;
        const instalment = choice.instalments ? formatMoney(choice.instalments.amount, site) : '';
        const details = choice.disabledReason
          ? `${texts.methodRefusals[choice.disabledReason]} ${t`Orders from ${minimum} to ${maximum}.`}`
          : choice.instalments
            ? t`${plural(count, { one: `# interest-free payment of ${instalment}`, other: `# interest-free payments of ${instalment}` })}`
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
 * E-gift cards that pay first (up to two); the method below pays the rest. Apply asks the server
 * what is on them: when they pay it all, no method is asked. What each card paid is the order's to
 * say: the confirmation shows it.
 */
function GiftCards({ view, texts, showIssues }: { view: CheckoutApi; texts: CheckoutTexts; showIssues: boolean }) {
  const { t } = useLingui();
  const site = useSite();
  const reasonId = useId();
  const checkReasonId = useId();
  const { entries, addDisabledReason, add, checkDisabledReason, checking, check, payAll } = view.payment.giftCards;
  const paid = view.totals.giftCards ? formatMoney(view.totals.giftCards, site) : '';
  const due = formatMoney(view.totals.due, site);
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
      <p className="field__hint">{t`Gift cards pay first and the payment method below pays the rest. If they cover your whole order, no other payment is needed. For your security, PINs are never kept.`}</p>
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
      {entries.length > 0 ? (
        <button
          type="button"
          className="button button--secondary checkout-gift-cards__apply"
          aria-disabled={checkDisabledReason !== null || checking}
          aria-describedby={checkDisabledReason ? checkReasonId : undefined}
          aria-busy={checking}
          onClick={() => {
            if (checkDisabledReason === null && !checking) check();
          }}
        >
          {checking ? t`Applying gift cards…` : t`Apply gift cards`}
        </button>
      ) : null}
      {entries.length > 0 && checkDisabledReason !== null ? (
        <p id={checkReasonId} className="checkout-reason">
          {texts.giftCardCheckRefusals[checkDisabledReason]}
        </p>
      ) : null}
      <p className="checkout-gift-cards__result" role="status" data-state={payAll ? 'pays-all' : paid ? 'pays-part' : 'none'}>
        {payAll ? t`Your gift cards pay your whole order: nothing else to pay.` : paid ? t`Your gift cards pay ${paid}. Left to pay: ${due}.` : ''}
      </p>
      {addDisabledReason ? (
        <p id={reasonId} className="checkout-reason">
          {texts.giftCardLimitReason}
        </p>
      ) : null}
    </fieldset>
  );
}
