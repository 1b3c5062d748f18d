import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { Cart } from '../../../contract/cart.ts';
import { offerText } from '../../../contract/offer-text.ts';
import type { CheckoutRefusal } from '../../../../machines/bag/bag.rules.ts';
import { formatCalendarDate } from '../../shared/site/format-calendar.ts';
import { formatMoney } from '../../shared/site/format.ts';
import { formatNumber } from '../../shared/site/format-date-number.ts';
import { useSite } from '../../shared/site/site-provider.tsx';

/** Providers' own names: brands, the same in every language. */
const BNPL_NAMES = { atome: 'Atome', afterpay: 'Afterpay', klarna: 'Klarna' } as const;

export interface BagSummaryProps {
  bag: Cart;
  /** The bag's e-gift cards together (the connect's), null without any. */
  giftCardsTotal: Cart['total'] | null;
  /** E-gift cards only: nothing is shipped. */
  deliveredByEmail: boolean;
  /** Figures are the last confirmed ones while changes are on their way. */
  saving: boolean;
  checkoutDisabledReason: CheckoutRefusal | null;
  onCheckout: () => void;
}

/** Order summary (spec §3 Cart): subtotal, discount, tax line, shipping with its progress, total, points, buy now pay later, checkout. */
export function BagSummary({ bag, giftCardsTotal, deliveredByEmail, saving, checkoutDisabledReason, onCheckout }: BagSummaryProps) {
  const { t } = useLingui();
  const site = useSite();
  const headingId = useId();
  const reasonId = useId();
  const money = (value: Cart['total']) => formatMoney(value, site);
  const { subtotal, discount, tax, shipping, total, points } = bag;
  const remaining = money(shipping.remaining);
  const earn = formatNumber(points.earn, site);
  const reasons: Record<CheckoutRefusal, string> = {
    empty: t`Your bag is empty.`,
    out_of_stock: t`Out-of-stock item must be removed to proceed`,
    not_on_sale: t`Remove the item that is not on sale yet to check out.`,
    saving: t`Please wait: your changes are being saved.`,
    reward_without_goods: t`A Beauty Pass reward comes with a purchase: add a product to your bag.`,
  };
  const valid = points.valid;
  const validAmount = valid ? formatNumber(valid.amount, site) : '';
  const validUntil = valid?.expiresOn ? formatCalendarDate(valid.expiresOn, site) : null;
  const spend = formatNumber(points.spend, site);
  const offerTitle = bag.appliedOffer ? offerText(bag.appliedOffer.title, bag.appliedOffer, money) : '';
  const taxLabel = tax?.label ?? '';
  const taxPercent = tax?.percent ?? 0;
  return (
    <section className="bag-summary" aria-labelledby={headingId} aria-busy={saving} data-state={saving ? 'saving' : 'saved'}>
      <h2 id={headingId}>{t`Order summary`}</h2>
      <dl className="bag-summary__rows">
        {deliveredByEmail ? null : (
          <div>
            <dt>{t`Subtotal`}</dt>
            <dd>{money(subtotal)}</dd>
          </div>
        )}
        {giftCardsTotal ? (
          <div>
            <dt>{t`E-gift cards`}</dt>
            <dd>{money(giftCardsTotal)}</dd>
          </div>
        ) : null}
        {discount.amount > 0 ? (
          <div>
            <dt>{bag.appliedOffer ? t`Discount (${offerTitle})` : t`Discount`}</dt>
            <dd>−{money(discount)}</dd>
          </div>
        ) : null}
        {deliveredByEmail ? null : (
          <div>
            <dt>{t`Shipping`}</dt>
            <dd>{shipping.free ? t`Free` : t`Spend ${remaining} more for free shipping`}</dd>
          </div>
        )}
        <div className="bag-summary__total">
          <dt>{t`Total`}</dt>
          <dd>{money(total)}</dd>
        </div>
        {tax && !deliveredByEmail ? (
          <div className="bag-summary__tax">
            <dt>{t`Includes ${taxLabel} ${taxPercent}%`}</dt>
            <dd>{money(tax.amount)}</dd>
          </div>
        ) : null}
      </dl>
      {shipping.free || deliveredByEmail ? null : (
        <progress className="bag-summary__progress" max={shipping.threshold.amount} value={shipping.threshold.amount - shipping.remaining.amount} aria-label={t`Progress to free shipping`} />
      )}
      {points.earn > 0 ? <p className="bag-summary__points">{t`Earn ${plural(points.earn, { one: `${earn} Beauty Pass point`, other: `${earn} Beauty Pass points` })} with this order`}</p> : null}
      {valid ? (
        <p className="bag-summary__points">
          {validUntil ? t`You have ${validAmount} points, valid until ${validUntil}` : t`You have ${validAmount} points`}
        </p>
      ) : null}
      {points.spend > 0 ? <p className="bag-summary__points">{t`Your reward uses ${spend} points when you place the order`}</p> : null}
      {bag.bnpl
        .filter((offer) => offer.available)
        .map((offer) => {
          const count = offer.instalments;
          const instalment = money(offer.instalment);
          const provider = BNPL_NAMES[offer.provider];
          return (
            <p key={offer.provider} className="bag-summary__bnpl" data-provider={offer.provider}>
              {t`or ${plural(count, { one: `# payment of ${instalment}`, other: `# payments of ${instalment}` })} with ${provider}`}
            </p>
          );
        })}
      {/* On a phone this block stays at the bottom of the screen while the lines scroll (bag.css). */}
      <div className="bag-summary__actions">
        {/* The summary's Total row, repeated beside the button where the bar hides the summary: read once. */}
        <p className="bag-summary__bar-total" aria-hidden="true">
          <span>{t`Total`}</span> <strong>{money(total)}</strong>
        </p>
        <button
          type="button"
          className="button bag-summary__checkout"
          disabled={checkoutDisabledReason !== null}
          aria-describedby={checkoutDisabledReason ? reasonId : undefined}
          onClick={onCheckout}
        >
          {t`Check out`}
        </button>
        {checkoutDisabledReason ? (
          <p id={reasonId} className="bag-summary__reason" data-reason={checkoutDisabledReason}>
            <span className="bag-summary__why">{t`Why can't I check out?`}</span> {reasons[checkoutDisabledReason]}
          </p>
        ) : null}
      </div>
    </section>
  );
}
