import type { MessageDescriptor } from '@lingui/core';
import type { CountryCode } from '../../config/countries.ts';
import { BOOKING } from './booking-messages.ts';
import { POINTS_EXPIRY } from './loyalty-messages.ts';

/*
 * Every text of the server's emails, in their own Lingui catalog (`i18n/mail/<catalog>.po`, listed
 * in lingui.config.ts; `npm run i18n:check` fails on a missing translation as for the SPA's).
 *
 * Message descriptors marked for extraction (`/*i18n*\/`), not the `msg` macro: the server also
 * runs unbundled under tsx (`npm run dev`), where nothing compiles macros away. Each id is the
 * English text itself, so the catalogs read as the storefront's do (msgid is the English) and a
 * changed English text is a new message that every language must translate again (as a changed
 * macro message is). At run time every language, English too, comes from its compiled catalog
 * (i18n.ts). `{name}` placeholders are ICU MessageFormat, filled in by `translator()`.
 *
 * "Beauty Pass", brand names, product names, order numbers and links are never translated.
 */

type Message = MessageDescriptor;

/** The store's name in each country ("Beauty Pass Singapore"): each country runs its own Beauty Pass. */
export const STORE_NAMES: Readonly<Record<CountryCode, Message>> = {
  AU: /*i18n*/ { id: 'Beauty Pass Australia', comment: "The store's name in Australia; keep \"Beauty Pass\" as it is." },
  HK: /*i18n*/ { id: 'Beauty Pass Hong Kong', comment: "The store's name in Hong Kong; keep \"Beauty Pass\" as it is." },
  ID: /*i18n*/ { id: 'Beauty Pass Indonesia', comment: "The store's name in Indonesia; keep \"Beauty Pass\" as it is." },
  MY: /*i18n*/ { id: 'Beauty Pass Malaysia', comment: "The store's name in Malaysia; keep \"Beauty Pass\" as it is." },
  NZ: /*i18n*/ { id: 'Beauty Pass New Zealand', comment: "The store's name in New Zealand; keep \"Beauty Pass\" as it is." },
  PH: /*i18n*/ { id: 'Beauty Pass Philippines', comment: "The store's name in the Philippines; keep \"Beauty Pass\" as it is." },
  SG: /*i18n*/ { id: 'Beauty Pass Singapore', comment: "The store's name in Singapore; keep \"Beauty Pass\" as it is." },
  TH: /*i18n*/ { id: 'Beauty Pass Thailand', comment: "The store's name in Thailand; keep \"Beauty Pass\" as it is." },
};

export const COMMON = {
  greeting: /*i18n*/ { id: 'Hello {firstName},', comment: "An email's first line. {firstName}: the member's first name." },
  greetingNoName: /*i18n*/ { id: 'Hello,', comment: "An email's first line when the recipient's name is not known." },
  /** A product with its shade or size: "Lip Tint (Rose)". */
  productWithVariant: /*i18n*/ { id: '{product} ({variant})', comment: '{product}: a product name; {variant}: its shade or size.' },
} satisfies Record<string, Message>;

export const WELCOME = {
  subject: /*i18n*/ { id: 'Welcome to {store}', comment: 'Subject of the welcome email. {store}: the store\'s name, e.g. "Beauty Pass Singapore".' },
  readyMember: /*i18n*/ {
    id: 'Your {store} account is ready. You are now a Beauty Pass member at the Pink tier: every purchase earns points towards White, Black and Gold.',
    comment: 'Welcome email of a member who joined Beauty Pass at registration. Pink, White, Black and Gold are the Beauty Pass tiers, as the account pages name them.',
  },
  readyNotMember: /*i18n*/ {
    id: 'Your {store} account is ready. You can join Beauty Pass any time from your account page to earn points on every purchase.',
    comment: 'Welcome email of a member who did not join Beauty Pass at registration.',
  },
} satisfies Record<string, Message>;

export const PASSWORD_RESET = {
  subject: /*i18n*/ { id: 'Reset your {store} password', comment: 'Subject of the password-reset email.' },
  asked: /*i18n*/ {
    id: 'Someone asked to reset the password of your {store} account. Open this link within {minutes, plural, one {# minute} other {# minutes}} to choose a new password:',
    comment: 'Password-reset email; the link follows on its own line. {minutes}: how long the link works.',
  },
  once: /*i18n*/ {
    id: 'The link works once. If you did not ask for it, ignore this email: your password stays as it is.',
    comment: 'Password-reset email, after the link.',
  },
} satisfies Record<string, Message>;

export const PASSWORD_CHANGED = {
  subject: /*i18n*/ { id: 'Your {store} password was changed', comment: 'Subject of the email sent after a password change.' },
  body: /*i18n*/ {
    id: 'Your password was changed successfully and every device was signed out. If you did not change it, reset your password now and contact our support.',
    comment: 'Email sent after a password change.',
  },
} satisfies Record<string, Message>;

export const BACK_IN_STOCK = {
  subject: /*i18n*/ { id: 'Back in stock: {product}', comment: 'Subject of the "Notify me" email. {product}: the product, with its shade or size when one was chosen.' },
  body: /*i18n*/ { id: '{product} is back in stock at {store}. Stock can go quickly:', comment: '"Notify me" email; the product\'s link follows on its own line.' },
  once: /*i18n*/ { id: 'You asked us to tell you once, so this is the only email about it.', comment: '"Notify me" email, after the link.' },
} satisfies Record<string, Message>;

export const ORDER_CONFIRMATION = {
  subject: /*i18n*/ { id: '{store}: order {number} confirmed', comment: 'Subject of the order confirmation. {number}: the order number, e.g. SG1042.' },
  thanks: /*i18n*/ { id: 'Thank you for your order {number}.', comment: 'Order confirmation, first line.' },
  placedAt: /*i18n*/ { id: 'Placed on {date}', comment: "Order confirmation. {date}: the order's date and time in the store's country." },
  line: /*i18n*/ {
    id: '{item} × {quantity}: {amount}',
    comment: 'Order confirmation, one line of the order. {item}: brand, product and shade; {quantity}: how many; {amount}: the line\'s price.',
  },
  giftCardLine: /*i18n*/ {
    id: 'E-gift card for {recipient} ({email}): {amount}',
    comment: 'Order confirmation, one e-gift card the order bought. {recipient}: its recipient\'s name; {email}: where it is sent; {amount}: its value.',
  },
  subtotal: /*i18n*/ { id: 'Subtotal: {amount}', comment: 'Order confirmation.' },
  giftCardsBought: /*i18n*/ { id: 'E-gift cards: {amount}', comment: 'Order confirmation: the e-gift cards the order bought, together (part of the total).' },
  paidWithGiftCards: /*i18n*/ { id: 'Paid with gift cards: {amount}', comment: 'Order confirmation: what the shopper\'s gift cards paid of the total.' },
  paidAllWithGiftCards: /*i18n*/ { id: 'Paid in full with gift cards.', comment: 'Order confirmation: the gift cards paid the whole order, nothing was charged.' },
  instalments: /*i18n*/ {
    id: '{provider}: {count, plural, one {# interest-free payment of {amount}} other {# interest-free payments of {amount}}}',
    comment: 'Order confirmation, a buy-now-pay-later payment. {provider}: Afterpay, Klarna or Atome, kept as it is; {count}: how many payments; {amount}: each payment.',
  },
  discount: /*i18n*/ { id: 'Discount: -{amount}', comment: 'Order confirmation: the discount taken off the subtotal.' },
  shipping: /*i18n*/ { id: 'Shipping: {amount}', comment: 'Order confirmation: the delivery fee.' },
  shippingFree: /*i18n*/ { id: 'Shipping: free', comment: 'Order confirmation: no delivery fee.' },
  total: /*i18n*/ { id: 'Total: {amount}', comment: 'Order confirmation: what the shopper paid.' },
  tax: /*i18n*/ {
    id: 'Includes {tax} {percent}%: {amount}',
    comment: 'Order confirmation: the tax included in the total. {tax}: its short name (GST, VAT, PPN, SST), kept as it is.',
  },
  paidWithCard: /*i18n*/ { id: 'Paid with {brand} ending {last4}.', comment: 'Order confirmation. {brand}: Visa, Mastercard, American Express or "card"; {last4}: the last four digits.' },
  paidWith: /*i18n*/ { id: 'Paid with {method}.', comment: 'Order confirmation. {method}: Afterpay, Klarna, Atome or "card".' },
  card: /*i18n*/ { id: 'card', comment: 'Order confirmation: a payment card whose network is not known ("Paid with card ending 4242").' },
  standardDelivery: /*i18n*/ { id: 'Standard delivery to {address}', comment: 'Order confirmation. {address}: name, street, city and postcode.' },
  expressDelivery: /*i18n*/ { id: 'Express delivery to {address}', comment: 'Order confirmation. {address}: name, street, city and postcode.' },
  collectAt: /*i18n*/ { id: 'Click & Collect at {store}', comment: 'Order confirmation. {store}: the name of the shop where the order is collected.' },
  collect: /*i18n*/ { id: 'Click & Collect at the store you chose', comment: "Order confirmation, when the shop's name is not known." },
  points: /*i18n*/ {
    id: 'You earned {points, plural, one {# Beauty Pass point} other {# Beauty Pass points}}.',
    comment: 'Order confirmation. Keep "Beauty Pass" as it is.',
  },
  reward: /*i18n*/ {
    id: 'Beauty Pass reward: {reward}, for {points, plural, one {# point} other {# points}}',
    comment: 'Order confirmation, the line of the reward redeemed with the order. {reward}: its name; {points}: the points it cost. Keep "Beauty Pass" as it is.',
  },
} satisfies Record<string, Message>;

/** Every message of the server's emails (the tests check each is in every compiled catalog). */
export const MAIL_MESSAGES: readonly Message[] = [STORE_NAMES, COMMON, WELCOME, PASSWORD_RESET, PASSWORD_CHANGED, BACK_IN_STOCK, ORDER_CONFIRMATION, BOOKING, POINTS_EXPIRY].flatMap((group) => Object.values(group));
