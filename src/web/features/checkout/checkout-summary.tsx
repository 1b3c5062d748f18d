import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { Cart } from '../../../contract/cart.ts';
import { offerText } from '../../../contract/offer-text.ts';
import type { Money } from '../../../contract/site.ts';
import type { CheckoutApi } from '../../../../machines/checkout/checkout.connect.ts';
import { formatCalendarDate } from '../../shared/site/format-calendar.ts';
import { formatMoney } from '../../shared/site/format.ts';
import { formatNumber } from '../../shared/site/format-date-number.ts';
import { useSite } from '../../shared/site/site-provider.tsx';

/** The order beside the steps: the bag's lines, its e-gift cards and figures, with the chosen delivery's fee (none for e-gift cards only). */
export function CheckoutSummary({ bag, totals, emailOnly }: { bag: Cart; totals: CheckoutApi['totals']; emailOnly: boolean }) {
  const { shipping, total } = totals;
  const { t } = useLingui();
  const site = useSite();
  const headingId = useId();
  const money = (value: Money) => formatMoney(value, site);
  const earn = formatNumber(bag.points.earn, site);
  const rewardPoints = formatNumber(bag.reward?.pointsCost ?? 0, site);
  const taxLabel = bag.tax?.label ?? '';
  const taxPercent = bag.tax?.percent ?? 0;
  const offer = bag.appliedOffer ? offerText(bag.appliedOffer.title, bag.appliedOffer, money) : '';
  return (
    <aside className="checkout-summary" aria-labelledby={headingId}>
      <h2 id={headingId}>{t`Your order`}</h2>
      <ul className="checkout-summary__lines">
        {bag.lines.map((line) => {
          const quantity = line.quantity;
          return (
            <li key={line.id}>
              <img src={line.product.imageUrl} alt="" width={56} height={56} loading="lazy" />
              <span className="checkout-summary__name">
                {line.product.brand.name} {line.product.name}
                <span className="checkout-summary__variant">{line.variant.name}</span>
                <span className="checkout-summary__quantity">{t`Quantity: ${quantity}`}</span>
              </span>
              <span className="checkout-summary__price">{money(line.lineTotal)}</span>
            </li>
          );
        })}
        {bag.giftCards.map((card) => {
          const recipient = card.recipientName;
          const sendOn = formatCalendarDate(card.sendOn, site);
          return (
            <li key={`gift-card-${card.id}`} className="checkout-summary__gift-card">
              <span className="checkout-summary__name">
                {t`E-gift card for ${recipient}`}
                <span className="checkout-summary__variant">{t`Emailed on ${sendOn}`}</span>
              </span>
              <span className="checkout-summary__price">{money(card.amount)}</span>
            </li>
          );
        })}
        {bag.reward ? (
          <li className="checkout-summary__reward">
            <span className="checkout-summary__name">
              {bag.reward.name}
              <span className="checkout-summary__variant">{t`Beauty Pass reward`}</span>
            </span>
            <span className="checkout-summary__price">{t`${rewardPoints} points`}</span>
          </li>
        ) : null}
      </ul>
      <dl className="checkout-summary__rows">
        {bag.lines.length > 0 ? (
          <div>
            <dt>{t`Subtotal`}</dt>
            <dd>{money(bag.subtotal)}</dd>
          </div>
        ) : null}
        {bag.discount.amount > 0 ? (
          <div>
            <dt>{t`Discount (${offer})`}</dt>
            <dd>−{money(bag.discount)}</dd>
          </div>
        ) : null}
        {emailOnly ? null : (
          <div>
            <dt>{t`Shipping`}</dt>
            <dd>{shipping === null ? t`Chosen at delivery` : shipping.amount === 0 ? t`Free` : money(shipping)}</dd>
          </div>
        )}
        <div className="checkout-summary__total">
          <dt>{t`Total`}</dt>
          <dd>{money(total)}</dd>
        </div>
        {totals.giftCards ? (
          <>
            <div>
              <dt>{t`Paid with gift cards`}</dt>
              <dd>−{money(totals.giftCards)}</dd>
            </div>
            <div className="checkout-summary__due">
              <dt>{t`Left to pay`}</dt>
              <dd>{money(totals.due)}</dd>
            </div>
          </>
        ) : null}
        {bag.tax && !emailOnly ? (
          <div className="checkout-summary__tax">
            <dt>{t`Includes ${taxLabel} ${taxPercent}%`}</dt>
            <dd>{t`calculated on the final total`}</dd>
          </div>
        ) : null}
      </dl>
      {bag.points.valid && bag.points.earn > 0 ? <p className="checkout-summary__points">{t`Earn ${earn} Beauty Pass points with this order`}</p> : null}
    </aside>
  );
}
