import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import type { Order } from '../../../contract/checkout.ts';
import { formatMoney } from '../../shared/site/format.ts';
import { formatNumber } from '../../shared/site/format-date-number.ts';
import { useSite } from '../../shared/site/site-provider.tsx';

/** The placed order: its number, where the confirmation went, what was paid and the points earned. */
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
  const last4 = order.payment.last4 ?? '';
  return (
    <section className="checkout-confirmation" data-state="placed" aria-labelledby="checkout-placed">
      <h1 id="checkout-placed" ref={heading} tabIndex={-1}>
        {t`Thank you! Your order ${number} is placed.`}
      </h1>
      <p>{t`We sent the confirmation to ${email}.`}</p>
      <p className="checkout-confirmation__total">{order.payment.last4 ? t`${total} paid with the card ending ${last4}.` : t`${total} paid.`}</p>
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
