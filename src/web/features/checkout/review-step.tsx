import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Link } from 'wouter';
import { ADDRESS_RULES } from '../../../config/addresses.ts';
import { maskGiftCardCode } from '../../../contract/gift-cards.ts';
import type { CheckoutApi } from '../../../../machines/checkout/checkout.connect.ts';
import { formatMoney } from '../../shared/site/format.ts';
import { useSite } from '../../shared/site/site-provider.tsx';
import { addressLine } from './address-step.tsx';
import type { CheckoutTexts } from './checkout-texts.ts';
import { TextField } from './checkout-fields.tsx';

/** What the order will be, each part with a link back to its step; then Place order, or why not. */
export function ReviewStep({ view, texts, onPlace }: { view: CheckoutApi; texts: CheckoutTexts; onPlace: () => void }) {
  const { t } = useLingui();
  const site = useSite();
  const reasonId = useId();
  const { inputs } = view;
  const method = inputs.delivery.method;
  const store = view.delivery.stores.find((candidate) => candidate.selected);
  const states = ADDRESS_RULES[site.country].states?.options ?? [];
  const stateName = states.find((option) => option.code === inputs.address.state)?.name;
  const where = method === 'click_collect' ? (store?.name ?? '') : [addressLine(inputs.address), stateName ? (stateName[site.language] ?? stateName.en) : ''].filter(Boolean).join(', ');
  const last4 = inputs.payment.card.number.replace(/\D/g, '').slice(-4);
  const paidBy = view.payment.giftCards.payAll ? 'gift_cards' : inputs.payment.method;
  const chosen = view.payment.choices.find((choice) => choice.selected && choice.method === paidBy);
  const count = chosen?.instalments?.count ?? 0;
  const instalment = chosen?.instalments ? formatMoney(chosen.instalments.amount, site) : '';
  const provider = paidBy === null ? '' : texts.paymentNames[paidBy];
  // The instalment line of what is due (the same rule as the payment step's and the bag's).
  const paying =
    paidBy === null
      ? ''
      : paidBy === 'card' && last4
        ? `${texts.paymentNames.card} •••• ${last4}`
        : chosen?.instalments
          ? t`${provider}: ${plural(count, { one: `# payment of ${instalment}`, other: `# payments of ${instalment}` })}`
          : provider;
  const reason = view.placeDisabledReason;
  const fix = view.placeFixStep;
  const giftCards = view.payment.giftCards.entries.map((card) => maskGiftCardCode(card.code)).join(', ');
  // E-gift cards only: emailed on their send dates, nothing to deliver (no step to change).
  const delivery: { label: string; value: string; step: 'address' | 'delivery' | null }[] = view.emailOnly
    ? [{ label: t`Delivery`, value: t`By email, on each card's send date`, step: null }]
    : [
        { label: method === 'click_collect' ? t`Collect from` : t`Deliver to`, value: where, step: method === 'click_collect' ? 'delivery' : 'address' },
        { label: t`Delivery`, value: method ? texts.deliveryNames[method] : '', step: 'delivery' },
      ];
  const rows: { label: string; value: string; step: 'contact' | 'address' | 'delivery' | 'payment' | null }[] = [
    { label: t`Email`, value: inputs.email, step: 'contact' },
    ...delivery,
    ...(giftCards === '' ? [] : [{ label: t`Gift cards`, value: giftCards, step: 'payment' as const }]),
    { label: t`Payment`, value: paying, step: 'payment' },
  ];
  return (
    <div className="checkout-review">
      <dl className="checkout-review__rows">
        {rows.map(({ label, value, step }) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>
              {value}{' '}
              {step === null ? null : (
                <button type="button" className="link-button" onClick={() => view.edit(step)} disabled={view.busy}>
                  {t`Change`}
                  <span className="visually-hidden"> {label}</span>
                </button>
              )}
            </dd>
          </div>
        ))}
      </dl>
      {view.failure?.kind === 'sold_out' && view.failure.lines.length > 0 ? (
        <ul className="checkout-review__sold-out">
          {view.failure.lines.map((line) => (
            <li key={`${line.productName}-${line.variantName ?? ''}`}>{line.variantName ? `${line.productName} (${line.variantName})` : line.productName}</li>
          ))}
        </ul>
      ) : null}
      {view.failure && (view.failure.kind === 'sold_out' || view.failure.kind === 'offer_unavailable' || view.failure.kind === 'bag_blocked' || view.failure.kind === 'reward') ? (
        <p>
          <Link href="/cart">{t`Go to your bag`}</Link>
        </p>
      ) : null}
      <button
        type="button"
        className="button checkout-place"
        aria-disabled={reason !== null || view.busy}
        aria-describedby={reason ? reasonId : undefined}
        onClick={() => {
          if (reason === null && !view.busy) onPlace();
          else if (fix && fix !== 'review') view.edit(fix);
        }}
      >
        {view.busy ? t`Placing your order…` : t`Place order`}
      </button>
      {reason ? (
        <p id={reasonId} className="checkout-reason" data-reason={reason}>
          {texts.refusals[reason]}
        </p>
      ) : null}
    </div>
  );
}

/** The card's bank asks the shopper to confirm the payment (3-D Secure): a code from their bank app or text message. */
export function ChallengePanel({ view }: { view: CheckoutApi }) {
  const { t } = useLingui();
  const challenge = view.challenge;
  if (!challenge) return null;
  return (
    <form
      className="panel checkout-challenge"
      aria-busy={view.busy}
      onSubmit={(event) => {
        event.preventDefault();
        if (challenge.submitDisabledReason === null && !view.busy) view.submitChallenge();
      }}
    >
      <h2>{t`Confirm the payment with your bank`}</h2>
      <p>{t`Your bank sent you a one-time code. Enter it to confirm this payment.`}</p>
      <TextField name="challenge" label={t`One-time code`} value={challenge.answer} inputMode="numeric" autoComplete="one-time-code" maxLength={20} required error={null} onChange={view.setChallengeAnswer} />
      <button type="submit" className="button" aria-disabled={challenge.submitDisabledReason !== null || view.busy}>
        {view.busy ? t`Confirming…` : t`Confirm payment`}
      </button>
    </form>
  );
}
