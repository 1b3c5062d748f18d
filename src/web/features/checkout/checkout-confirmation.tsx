import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { instalmentPlans } from '../../../config/instalments.ts';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import type { Order } from '../../../contract/checkout.ts';
import { formatCalendarDate } from '../../shared/site/format-calendar.ts';
import { formatMoney } from '../../shared/site/format.ts';
import { formatNumber } from '../../shared/site/format-date-number.ts';
import { useSite } from '../../shared/site/site-provider.tsx';
import { PROVIDER_NAMES } from './checkout-texts.ts';

/**
 * The placed order: its number, where the confirmation went, what was paid (by each gift card and by
 * the payment method, as the order says) and the points earned, and when its e-gift cards go out.
 */
export function CheckoutConfirmation({ order, member }: { order: Order; member: boolean }) {
  const { t } = useLingui();
  const site = useSite();
  const heading = useRef<HTMLHeadingElement>(null);
  // The page changed under the shopper's focus (the Place order button is gone): the heading takes it.
  useEffect(() => heading.current?.focus(), []);
  const number = order.number;
  const email = order.email;
  const total = formatMoney(order.total, site);
  const points = formatNumber(order.pointsEarned, site);
  const rewardName = order.reward?.name ?? '';
  const rewardPoints = formatNumber(order.reward?.pointsCost ?? 0, site);
  const last4 = order.payment.last4 ?? '';
  const byGiftCards = order.giftCardPayments.length > 0;
  // What the payment method paid once the gift cards paid their part (nothing when they paid it all).
  const rest = formatMoney(order.payment.amount, site);
  // A BNPL provider's instalments of what it took (the instalment rule of the bag and checkout).
  const method = order.payment.method;
  const plan = method === 'card' || method === 'gift_cards' ? undefined : instalmentPlans(site.country, Math.round(order.payment.amount.amount * 100)).find((candidate) => candidate.provider === method);
  const provider = method === 'card' || method === 'gift_cards' ? '' : PROVIDER_NAMES[method];
  const count = plan?.instalments ?? 0;
  const instalment = plan ? formatMoney({ currency: order.payment.amount.currency, amount: plan.instalmentMinor / 100 }, site) : '';
  return (
    <section className="checkout-confirmation" data-state="placed" aria-labelledby="checkout-placed">
      <h1 id="checkout-placed" ref={heading} tabIndex={-1}>
        {t`Thank you! Your order ${number} is placed.`}
      </h1>
      <p>{t`We sent the confirmation to ${email}.`}</p>
      {byGiftCards ? (
        <>
          <p className="checkout-confirmation__total">{t`Order total: ${total}`}</p>
          <ul className="checkout-confirmation__payments" aria-label={t`How you paid`}>
            {order.giftCardPayments.map((payment) => {
              const code = payment.code;
              const amount = formatMoney(payment.amount, site);
              return <li key={payment.code}>{t`${amount} paid with the gift card ${code}.`}</li>;
            })}
            {order.payment.amount.amount > 0 ? <li>{order.payment.last4 ? t`${rest} paid with the card ending ${last4}.` : t`${rest} paid.`}</li> : null}
          </ul>
        </>
      ) : (
        <p className="checkout-confirmation__total">{order.payment.last4 ? t`${total} paid with the card ending ${last4}.` : t`${total} paid.`}</p>
      )}
      {plan ? (
        <p className="checkout-confirmation__instalments">{t`With ${provider}: ${plural(count, { one: `# interest-free payment of ${instalment}`, other: `# interest-free payments of ${instalment}` })}`}</p>
      ) : null}
      {order.giftCardsBought.length > 0 ? (
        <ul className="checkout-confirmation__payments" aria-label={t`Your e-gift cards`}>
          {order.giftCardsBought.map((card, index) => {
            const recipient = card.recipientName;
            const email = card.recipientEmail;
            const sendOn = formatCalendarDate(card.sendOn, site);
            return <li key={`${email}-${index}`}>{t`The e-gift card for ${recipient} will be emailed to ${email} on ${sendOn}.`}</li>;
          })}
        </ul>
      ) : null}
      {order.reward ? <p className="checkout-confirmation__reward">{t`Your Beauty Pass reward ${rewardName} comes with this order, for ${rewardPoints} points.`}</p> : null}
      {order.pointsEarned > 0 ? <p>{t`You earned ${points} Beauty Pass points.`}</p> : null}
      <p className="checkout-confirmation__links">
        {member ? (
          <Link className="button" href={`/account/orders/${order.number}`}>
            {t`View your order`}
          </Link>
        ) : (
          <Link className="button" href="/orders/lookup">
            {t`Track your order`}
          </Link>
        )}
        <Link className="button button--secondary" href="/">
          {t`Continue shopping`}
        </Link>
      </p>
    </section>
  );
}
