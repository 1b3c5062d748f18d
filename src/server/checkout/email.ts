import { COUNTRIES, type Site } from '../../config/countries.ts';
import type { ServerBag } from '../cart/read.ts';
import type { OutgoingEmail } from '../mail/outbox.ts';
import { storeName } from '../mail/templates.ts';
import type { CommitInput } from './commit.ts';
import type { OrderFigures } from './price.ts';

export interface ConfirmationFacts {
  number: string;
  email: string;
  site: Site;
  bag: ServerBag;
  figures: OrderFigures;
  delivery: CommitInput['delivery'];
  payment: CommitInput['payment'];
  points: number;
}

/** The order confirmation: written in the order's transaction, so it exists exactly when the order does. */
export function orderConfirmationEmail(facts: ConfirmationFacts): OutgoingEmail {
  const { site, figures } = facts;
  const format = new Intl.NumberFormat(site.language === 'zh' ? 'zh-HK' : `${site.language}-${site.country}`, { style: 'currency', currency: COUNTRIES[site.country].currency });
  const amount = (minor: number) => format.format(minor / 100);
  const lines = facts.bag.lines.map((line) => `- ${line.product.brand.name} ${line.product.name} (${line.variant.name}) × ${line.quantity}: ${amount(Math.round(line.lineTotal.amount * 100))}`);
  const paidWith = facts.payment.last4 ? `${facts.payment.brand ?? 'card'} ending ${facts.payment.last4}` : facts.payment.method;
  const where = facts.delivery.method === 'click_collect' ? `Collect at ${facts.delivery.storeName ?? 'the store'}` : [facts.delivery.address.fullName, facts.delivery.address.line1, facts.delivery.address.line2, facts.delivery.address.city, facts.delivery.address.state, facts.delivery.address.postcode].filter((part) => part !== '').join(', ');
  const store = storeName(site.country);
  return {
    kind: 'order-confirmation',
    to: facts.email,
    subject: `${store}: order ${facts.number} confirmed`,
    text: [
      `Thank you for your order ${facts.number}.`,
      '',
      ...lines,
      '',
      `Subtotal: ${amount(figures.subtotalMinor)}`,
      ...(figures.discountMinor > 0 ? [`Discount: -${amount(figures.discountMinor)}`] : []),
      `Shipping: ${figures.shippingMinor === 0 ? 'free' : amount(figures.shippingMinor)}`,
      `Total: ${amount(figures.totalMinor)}`,
      ...(figures.tax ? [`Includes ${figures.tax.label} ${figures.tax.percent}%: ${amount(figures.tax.amountMinor)}`] : []),
      `Paid with ${paidWith}.`,
      `Delivery: ${where}`,
      ...(facts.points > 0 ? [`You earned ${facts.points} Beauty Pass points.`] : []),
      '',
      store,
    ].join('\n'),
  };
}
