import { useLingui } from '@lingui/react/macro';
import type { CheckoutApi } from '../../../../machines/checkout/checkout.connect.ts';
import type { CardField } from '../../../../machines/checkout/checkout.types.ts';
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
    return showIssues && issue ? texts.cardIssues[issue.code] : null;
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
    </>
  );
}
