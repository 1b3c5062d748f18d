import { Trans, useLingui } from '@lingui/react/macro';
import { useId, type Ref } from 'react';
import { Link } from 'wouter';
import type { Site } from '../../../config/countries.ts';
import type { Order, OrderLine } from '../../../contract/checkout.ts';
import type { Money } from '../../../contract/site.ts';
import { formatMoney } from '../../shared/site/format.ts';
import { formatNumber } from '../../shared/site/format-date-number.ts';
import { useSite } from '../../shared/site/site-provider.tsx';
import { bnplName, cardBrandName, countryOfOrder, DELIVERY_LABELS, formatOrderDate, ORDER_STATUS_LABELS } from './order-format.ts';
import './orders.css';

export interface OrderDetailProps {
  order: Order;
  /** 1 on the order's own page, 2 under the lookup's heading; its sections are one level below. */
  level: 1 | 2;
  /** Points are shown to a member; a guest's order earns none, so the lookup shows them only when there are some. */
  points: 'always' | 'whenEarned';
  /** The order's heading, which takes the focus when the order replaces what the shopper acted on (a lookup, another page). */
  headingRef?: Ref<HTMLHeadingElement>;
}

/**
 * An order as it was placed (spec §2 order detail): status and its history, items with their
 * shade or size, figures, payment, delivery and points. The member's page and a guest's lookup
 * show the same view; every figure is the order's own, in its currency.
 */
export function OrderDetail({ order, level, points, headingRef }: OrderDetailProps) {
  const { t, i18n } = useLingui();
  const site = useSite();
  const country = countryOfOrder(order, site);
  const Heading = level === 1 ? 'h1' : 'h2';
  const Section = level === 1 ? 'h2' : 'h3';
  const id = useId();
  const ids = { title: `${id}-title`, items: `${id}-items`, summary: `${id}-summary`, timeline: `${id}-timeline`, payment: `${id}-payment`, delivery: `${id}-delivery` };
  const number = order.number;
  const placed = formatOrderDate(order.placedAt, country, site);
  const status = i18n._(ORDER_STATUS_LABELS[order.status]);
  const earned = formatNumber(order.pointsEarned, site);
  const used = formatNumber(order.pointsUsed ?? 0, site);
  return (
    <article className="order-detail" data-state={order.status} aria-labelledby={ids.title}>
      <header className="order-detail__header">
        <Heading id={ids.title} ref={headingRef} tabIndex={-1} className="order-detail__title">
          {t`Order ${number}`}
        </Heading>
        <p className="order-detail__meta">
          <span>
            <Trans>
              Placed on <time dateTime={order.placedAt}>{placed}</time>
            </Trans>
          </span>{' '}
          <span className="order-status" data-status={order.status}>
            {status}
          </span>
        </p>
      </header>

      <section aria-labelledby={ids.timeline} className="order-detail__section">
        <Section id={ids.timeline}>{t`Order status`}</Section>
        <ol className="order-timeline">
          {order.history.map((step, index) => {
            const current = index === order.history.length - 1;
            return (
              <li key={`${step.status}-${step.at}`} className="order-timeline__step" data-status={step.status} aria-current={current ? 'step' : undefined}>
                <span className="order-timeline__status">{i18n._(ORDER_STATUS_LABELS[step.status])}</span>{' '}
                <time dateTime={step.at}>{formatOrderDate(step.at, country, site)}</time>
              </li>
            );
          })}
        </ol>
      </section>

      <section aria-labelledby={ids.items} className="order-detail__section">
        <Section id={ids.items}>{t`Items`}</Section>
        <ul className="order-lines" aria-labelledby={ids.items}>
          {order.lines.map((line) => (
            <OrderLineItem key={line.sku} line={line} site={site} />
          ))}
          {order.reward ? <OrderRewardLine reward={order.reward} site={site} /> : null}
          {(order.giftCardsBought ?? []).map((card, index) => {
            const recipient = card.recipientName;
            return (
              <li key={`gift-${index}`} className="order-line order-line--gift-card">
                <p className="order-line__name">{t`E-gift card for ${recipient}`}</p>
                <p className="order-line__total">{formatMoney(card.amount, site)}</p>
              </li>
            );
          })}
        </ul>
        {order.samples.length > 0 ? (
          <p className="order-detail__samples">
            <Trans>Free samples:</Trans> {order.samples.map((sample) => sample.name).join(', ')}
          </p>
        ) : null}
      </section>

      <section aria-labelledby={ids.summary} className="order-detail__section">
        <Section id={ids.summary}>{t`Order summary`}</Section>
        <OrderFigures order={order} site={site} />
      </section>

      <section aria-labelledby={ids.payment} className="order-detail__section">
        <Section id={ids.payment}>{t`Payment`}</Section>
        <OrderPayment order={order} site={site} />
      </section>

      <section aria-labelledby={ids.delivery} className="order-detail__section">
        <Section id={ids.delivery}>{order.shipping.method === 'click_collect' ? t`Collection` : t`Delivery`}</Section>
        <OrderDelivery order={order} />
      </section>

      {points === 'always' || order.pointsEarned > 0 ? (
        <p className="order-detail__points" data-testid="points-earned">
          {t`Beauty Pass points earned: ${earned}`}
        </p>
      ) : null}
      {(order.pointsUsed ?? 0) > 0 ? (
        <p className="order-detail__points" data-testid="points-used">
          {t`Beauty Pass points used: ${used}`}
        </p>
      ) : null}
    </article>
  );
}

/** The Beauty Pass reward the order came with (issue 15): a line paid in points, by its name as it was. */
function OrderRewardLine({ reward, site }: { reward: NonNullable<Order['reward']>; site: Site }) {
  const { t } = useLingui();
  const name = reward.name;
  const points = formatNumber(reward.pointsCost, site);
  return (
    <li className="order-line order-line--reward">
      <div className="order-line__info">
        <p className="order-line__brand">{t`Beauty Pass reward`}</p>
        <p className="order-line__name">{name}</p>
      </div>
      <p className="order-line__total">{t`${points} points`}</p>
    </li>
  );
}

function OrderLineItem({ line, site }: { line: OrderLine; site: Site }) {
  const { t } = useLingui();
  const variantName = line.variantName;
  const unit = formatMoney(line.unitPrice, site);
  const quantity = formatNumber(line.quantity, site);
  return (
    <li className="order-line">
      <img className="order-line__image" src={line.imageUrl} alt="" width={72} height={72} loading="lazy" decoding="async" />
      <div className="order-line__info">
        <p className="order-line__brand">{line.brandName}</p>
        <Link href={`/products/${line.productSlug}`} className="order-line__name">
          {line.productName}
        </Link>
        <p className="order-line__variant">
          {line.variantKind === 'shade' && line.colorHex ? (
            <span className="order-line__swatch" role="img" aria-label={t`Colour of ${variantName}`} style={{ backgroundColor: line.colorHex }} />
          ) : null}
          {line.variantKind === 'shade' ? t`Shade: ${variantName}` : t`Size: ${variantName}`}
        </p>
        <p className="order-line__quantity">
          {t`Quantity: ${quantity}`} · {t`${unit} each`}
        </p>
      </div>
      <p className="order-line__total">
        <span className="visually-hidden">{t`Line total:`} </span>
        {formatMoney(line.lineTotal, site)}
      </p>
    </li>
  );
}

function OrderFigures({ order, site }: { order: Order; site: Site }) {
  const { t, i18n } = useLingui();
  const money = (value: Money) => formatMoney(value, site);
  const { subtotal, discount, promoCode, shipping, tax, total } = order;
  const code = promoCode ?? '';
  const method = i18n._(DELIVERY_LABELS[shipping.method]);
  const taxLabel = tax?.label ?? '';
  const taxPercent = tax ? formatNumber(tax.percent, site) : '';
  const taxAmount = tax ? money(tax.amount) : '';
  return (
    <>
      <dl className="order-figures">
        <div>
          <dt>{t`Subtotal`}</dt>
          <dd>{money(subtotal)}</dd>
        </div>
        {discount.amount > 0 ? (
          <div data-testid="discount">
            <dt>{promoCode ? t`Discount (code ${code})` : t`Discount`}</dt>
            <dd>−{money(discount)}</dd>
          </div>
        ) : null}
        <div data-testid="shipping">
          <dt>{t`Shipping: ${method}`}</dt>
          <dd>{shipping.fee.amount > 0 ? money(shipping.fee) : t`Free`}</dd>
        </div>
        <div className="order-figures__total">
          <dt>{t`Total`}</dt>
          <dd>{money(total)}</dd>
        </div>
      </dl>
      {tax ? <p className="order-figures__tax">{t`Includes ${taxLabel} ${taxPercent}%: ${taxAmount}`}</p> : null}
    </>
  );
}

function OrderPayment({ order, site }: { order: Order; site: Site }) {
  const { t } = useLingui();
  const { payment, giftCards } = order;
  const byGiftCards = giftCards.amount > 0;
  return (
    <dl className="order-figures">
      {byGiftCards ? (
        <div data-testid="gift-cards">
          <dt>{t`Gift cards`}</dt>
          <dd>{formatMoney(giftCards, site)}</dd>
        </div>
      ) : null}
      {/* Gift cards that paid it all: the method was recorded, nothing was charged to it. */}
      {byGiftCards && payment.amount.amount === 0 ? null : (
        <div data-testid="payment-method">
          <dt>
            <PaymentMethodName payment={payment} />
          </dt>
          <dd>{formatMoney(payment.amount, site)}</dd>
        </div>
      )}
    </dl>
  );
}

/** "Visa •••• 4242" (read as "Visa ending in 4242"), or the provider's name. */
function PaymentMethodName({ payment }: { payment: Order['payment'] }) {
  const { t } = useLingui();
  if (payment.method === 'gift_cards') return <>{t`Gift cards`}</>;
  if (payment.method !== 'card') return <>{bnplName(payment.method)}</>;
  const brand = cardBrandName(payment.brand) ?? t`Card`;
  if (!payment.last4) return <>{brand}</>;
  return (
    <>
      {brand} <span aria-hidden="true">••••</span>
      <span className="visually-hidden"> {t`ending in`}</span> {payment.last4}
    </>
  );
}

function OrderDelivery({ order }: { order: Order }) {
  const { t, i18n } = useLingui();
  const { shipping, address } = order;
  const store = shipping.storeName ?? '';
  const lines = [address.line1, address.line2, [address.city, address.state, address.postcode].filter(Boolean).join(' ')].filter((line) => line.trim() !== '');
  return (
    <div className="order-delivery">
      <p className="order-delivery__method">{shipping.method === 'click_collect' && store ? t`Click & collect at ${store}` : i18n._(DELIVERY_LABELS[shipping.method])}</p>
      {address.fullName || lines.length > 0 ? (
        <p className="order-delivery__address">
          {shipping.method === 'click_collect' ? (
            <span className="order-delivery__label">
              <Trans>Collected by:</Trans>{' '}
            </span>
          ) : null}
          {[address.fullName, ...lines, address.phone]
            .filter((line) => line.trim() !== '')
            .map((line, index) => (
              <span key={index} className="order-delivery__line">
                {line}
              </span>
            ))}
        </p>
      ) : null}
    </div>
  );
}
