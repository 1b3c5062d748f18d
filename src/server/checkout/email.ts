import { instalmentPlans } from '../../config/instalments.ts';
import type { Site } from '../../config/countries.ts';
import type { ServerBag } from '../cart/read.ts';
import { formatDateTime, formatMoneyMinor } from '../mail/format.ts';
import { translator, type Translate } from '../mail/i18n.ts';
import { COMMON, ORDER_CONFIRMATION as M, STORE_NAMES } from '../mail/messages.ts';
import type { OutgoingEmail } from '../mail/outbox.ts';
import type { CommitInput } from './commit.ts';
import type { OrderFigures } from './price.ts';

export interface ConfirmationFacts {
  number: string;
  email: string;
  /** The order's site: the email is written in its language, with its country's currency, locale and time zone. */
  site: Site;
  bag: ServerBag;
  figures: OrderFigures;
  delivery: CommitInput['delivery'];
  payment: CommitInput['payment'];
  points: number;
  /** What the shopper's gift cards paid of the total (0 without any). */
  giftCardsPaidMinor?: number;
  /** The Beauty Pass reward the order comes with, and the points it cost; null or absent without one. */
  reward?: { name: string; pointsCost: number } | null;
  /** When the order was placed (the order's `placed_at`); now when not given. */
  placedAt?: Date;
}

/** Card networks and BNPL providers by their own names, never translated. */
const PAYMENT_BRANDS: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  afterpay: 'Afterpay',
  klarna: 'Klarna',
  atome: 'Atome',
};

/** "Visa", or the language's word for a card whose network is not known. */
function paymentName(t: Translate, code: string | null): string {
  return (code ? PAYMENT_BRANDS[code] : undefined) ?? t(M.card);
}

function deliveryLine(t: Translate, delivery: ConfirmationFacts['delivery']): string {
  if (delivery.method === 'click_collect') return delivery.storeName ? t(M.collectAt, { store: delivery.storeName }) : t(M.collect);
  const { fullName, line1, line2, city, state, postcode } = delivery.address;
  const address = [fullName, line1, line2, city, state, postcode].filter((part) => part !== '').join(', ');
  return t(delivery.method === 'express' ? M.expressDelivery : M.standardDelivery, { address });
}

/**
 * The order confirmation: written in the order's transaction, so it exists exactly when the order
 * does, in the order's language (`site.language`, the language the shopper ordered in) with
 * amounts in its country's currency and the date in its country's time zone.
 */
export function orderConfirmationEmail(facts: ConfirmationFacts): OutgoingEmail {
  const { site, figures, number } = facts;
  const t = translator(site.language);
  const amount = (minor: number) => formatMoneyMinor(minor, site);
  const store = t(STORE_NAMES[site.country]);
  const lines = facts.bag.lines.map((line) => {
    const product = `${line.product.brand.name} ${line.product.name}`;
    const item = line.variant.name ? t(COMMON.productWithVariant, { product, variant: line.variant.name }) : product;
    return `- ${t(M.line, { item, quantity: line.quantity, amount: amount(Math.round(line.lineTotal.amount * 100)) })}`;
  });
  const giftCardsPaidMinor = facts.giftCardsPaidMinor ?? 0;
  const restMinor = figures.totalMinor - giftCardsPaidMinor;
  const paid: string[] = [];
  if (giftCardsPaidMinor > 0) paid.push(t(M.paidWithGiftCards, { amount: amount(giftCardsPaidMinor) }));
  if (restMinor <= 0 && giftCardsPaidMinor > 0) paid.push(t(M.paidAllWithGiftCards));
  else if (facts.payment.last4) paid.push(t(M.paidWithCard, { brand: paymentName(t, facts.payment.brand), last4: facts.payment.last4 }));
  else {
    paid.push(t(M.paidWith, { method: paymentName(t, facts.payment.method) }));
    // The provider's instalments of what it took: the rule the bag and checkout showed.
    const plan = instalmentPlans(site.country, restMinor).find((candidate) => candidate.provider === facts.payment.method);
    if (plan) paid.push(t(M.instalments, { provider: paymentName(t, plan.provider), count: plan.instalments, amount: amount(plan.instalmentMinor) }));
  }
  const giftCardLines = (facts.bag.giftCards ?? []).map((card) => `- ${t(M.giftCardLine, { recipient: card.recipientName, email: card.recipientEmail, amount: amount(Math.round(card.amount.amount * 100)) })}`);
  const goods = facts.bag.lines.length > 0;
  return {
    kind: 'order-confirmation',
    to: facts.email,
    subject: t(M.subject, { store, number }),
    text: [
      t(M.thanks, { number }),
      t(M.placedAt, { date: formatDateTime(facts.placedAt ?? new Date(), site) }),
      '',
      ...lines,
      ...giftCardLines,
      ...(facts.reward ? [`- ${t(M.reward, { reward: facts.reward.name, points: facts.reward.pointsCost })}`] : []),
      '',
      // Subtotal (goods) + e-gift cards − discount + shipping = total: each figure shown where it has a part.
      ...(goods ? [t(M.subtotal, { amount: amount(figures.subtotalMinor) })] : []),
      ...(figures.giftCardsBoughtMinor > 0 ? [t(M.giftCardsBought, { amount: amount(figures.giftCardsBoughtMinor) })] : []),
      ...(figures.discountMinor > 0 ? [t(M.discount, { amount: amount(figures.discountMinor) })] : []),
      ...(goods ? [figures.shippingMinor === 0 ? t(M.shippingFree) : t(M.shipping, { amount: amount(figures.shippingMinor) })] : []),
      t(M.total, { amount: amount(figures.totalMinor) }),
      ...(figures.tax && goods ? [t(M.tax, { tax: figures.tax.label, percent: figures.tax.percent, amount: amount(figures.tax.amountMinor) })] : []),
      ...paid,
      ...(goods ? [deliveryLine(t, facts.delivery)] : []),
      ...(facts.points > 0 ? [t(M.points, { points: facts.points })] : []),
      '',
      store,
    ].join('\n'),
  };
}
