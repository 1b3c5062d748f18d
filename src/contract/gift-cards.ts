import * as v from 'valibot';
import type { CountryCode } from '../config/countries.ts';
import {
  GIFT_CARD_CODE_LENGTH,
  GIFT_CARD_MESSAGE_MAX,
  GIFT_CARD_NAME_MAX,
  GIFT_CARD_PIN_DIGITS,
  GIFT_CARD_RANGES,
  GIFT_CARD_SEND_DAYS_AHEAD,
  GIFT_CARDS_PER_ORDER,
} from '../config/gift-cards.ts';
import { addDays } from './calendar-day.ts';
import { IsoDateSchema } from './loyalty.ts';
import { MoneySchema } from './site.ts';

/*
 * E-gift cards (issue 13; spec §1, §2): bought as a line of the bag and paid through the same
 * checkout, emailed to the recipient on the send date with a code and a PIN, checked for their
 * balance and spent at checkout (`OrderCreate.giftCards`). The per-country amounts and limits are
 * data (src/config/gift-cards.ts): the schema checks the shape, `giftCardPurchaseIssues` the
 * country's range and the send date in the country's calendar, on the server and in the SPA alike.
 */

/** No control characters; line breaks only where `breaks` allows them (the message). */
const withoutControls =
  (breaks: boolean) =>
  (text: string): boolean =>
    [...text].every((ch) => {
      const code = ch.charCodeAt(0);
      return code === 10 || code === 13 ? breaks : code >= 32 && code !== 127;
    });

const nameOf = (what: string) =>
  v.pipe(
    v.string('must be text'),
    v.trim(),
    v.nonEmpty('is required'),
    v.maxLength(GIFT_CARD_NAME_MAX, `must be at most ${GIFT_CARD_NAME_MAX} characters`),
    v.check(withoutControls(false), `must be one line of text (${what})`),
  );

const EMAIL_MAX = 254;

/** `POST cart/gift-cards`: an e-gift card added to the bag, paid with the rest of it at checkout. */
export const GiftCardPurchaseSchema = v.object({
  /** Whole major units of the country's currency (S$50), within the country's range (`GIFT_CARD_RANGES`). */
  amount: v.pipe(v.number('must be a number'), v.integer('must be a whole amount'), v.minValue(1, 'must be positive'), v.maxValue(100_000_000, 'is too large')),
  recipientName: nameOf("the recipient's name"),
  /** Where the card goes on the send date. */
  recipientEmail: v.pipe(v.string('must be text'), v.trim(), v.nonEmpty('is required'), v.maxLength(EMAIL_MAX, `must be at most ${EMAIL_MAX} characters`), v.email('must be an email address')),
  senderName: nameOf("the sender's name"),
  /** A personal message printed on the card; line breaks allowed. */
  message: v.optional(v.pipe(v.string('must be text'), v.trim(), v.maxLength(GIFT_CARD_MESSAGE_MAX, `must be at most ${GIFT_CARD_MESSAGE_MAX} characters`), v.check(withoutControls(true), 'must not contain control characters')), ''),
  /** The day it is emailed, today or later (up to `GIFT_CARD_SEND_DAYS_AHEAD` days) in the country's calendar. */
  sendOn: IsoDateSchema,
});
export type GiftCardPurchase = v.InferOutput<typeof GiftCardPurchaseSchema>;

/** A code as typed: spaces and dashes dropped, upper case. */
export function normalizeGiftCardCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

/** A code as shown and emailed: `ABCD-EFGH-JKLM-NPQR`. */
export function groupGiftCardCode(code: string): string {
  return normalizeGiftCardCode(code).replace(/(.{4})(?=.)/g, '$1-');
}

/** A code as an order or a balance shows it: only its last four characters (`••••-••••-••••-NPQR`). */
export function maskGiftCardCode(code: string): string {
  return `••••-••••-••••-${normalizeGiftCardCode(code).slice(-4)}`;
}

/** A card's code and PIN as the shopper types them (balance check, checkout). */
export const GiftCardCredentialsSchema = v.object({
  code: v.pipe(
    v.string('must be text'),
    v.maxLength(40, 'is not a gift card code'),
    v.transform(normalizeGiftCardCode),
    v.regex(new RegExp(`^[A-Z0-9]{${GIFT_CARD_CODE_LENGTH}}$`), `must be the card's ${GIFT_CARD_CODE_LENGTH}-character code`),
  ),
  pin: v.pipe(v.string('must be text'), v.trim(), v.regex(new RegExp(`^\\d{${GIFT_CARD_PIN_DIGITS}}$`), `must be the card's ${GIFT_CARD_PIN_DIGITS}-digit PIN`)),
});
export type GiftCardCredentials = v.InferOutput<typeof GiftCardCredentialsSchema>;

/** `OrderCreate.giftCards`: the cards that pay first, in this order; the card payment takes the rest. */
export const GiftCardRedemptionsSchema = v.pipe(v.array(GiftCardCredentialsSchema, 'must be a list of gift cards'), v.maxLength(GIFT_CARDS_PER_ORDER, `at most ${GIFT_CARDS_PER_ORDER} gift cards per order`));

/** Machine-readable kinds of 4xx answers about gift cards (with `ApiErrorBody.code`). */
export const GIFT_CARD_ERROR_CODES = {
  /** No card with this code and PIN (404; counted against the client: guessing gets 429 `too_many_attempts`). */
  notFound: 'gift_card_not_found',
  /** The card was bought in another country: it pays there only (409). */
  otherCountry: 'gift_card_other_country',
  /** Nothing left on the card (409). */
  empty: 'gift_card_empty',
  /** The same card twice in one order (400). */
  duplicate: 'gift_card_duplicate',
  /** Another order spent the card meanwhile: less is left than this order counted on; nothing was charged (409). */
  balanceChanged: 'gift_card_balance_changed',
  /** The bag holds as many e-gift cards as it may (409). */
  bagLimit: 'gift_card_bag_limit',
  /** The e-gift card is not in this shopper's bag (404). */
  unknownLine: 'gift_card_unknown_line',
} as const;

export type GiftCardIssueCode = 'below_minimum' | 'above_maximum' | 'in_the_past' | 'too_far_ahead';

export const GIFT_CARD_ISSUE_MESSAGES: Readonly<Record<GiftCardIssueCode, string>> = {
  below_minimum: 'is below the smallest card of this country',
  above_maximum: 'is above the largest card of this country',
  in_the_past: 'must be today or later',
  too_far_ahead: `must be within ${GIFT_CARD_SEND_DAYS_AHEAD} days`,
};

/** What the country's rules refuse in a purchase: the amount's range and the send date against `today` (the country's calendar). */
export function giftCardPurchaseIssues(country: CountryCode, purchase: Pick<GiftCardPurchase, 'amount' | 'sendOn'>, today: string): { field: 'amount' | 'sendOn'; code: GiftCardIssueCode }[] {
  const range = GIFT_CARD_RANGES[country];
  const issues: { field: 'amount' | 'sendOn'; code: GiftCardIssueCode }[] = [];
  if (purchase.amount < range.min) issues.push({ field: 'amount', code: 'below_minimum' });
  if (purchase.amount > range.max) issues.push({ field: 'amount', code: 'above_maximum' });
  // ISO dates compare as text.
  if (purchase.sendOn < today) issues.push({ field: 'sendOn', code: 'in_the_past' });
  if (purchase.sendOn > addDays(today, GIFT_CARD_SEND_DAYS_AHEAD)) issues.push({ field: 'sendOn', code: 'too_far_ahead' });
  return issues;
}

/** An e-gift card in the bag: `Cart.giftCards`. It carries no tax and earns no points. */
export const CartGiftCardSchema = v.object({
  id: v.number(),
  amount: MoneySchema,
  recipientName: v.string(),
  recipientEmail: v.string(),
  senderName: v.string(),
  message: v.string(),
  sendOn: IsoDateSchema,
});
export type CartGiftCard = v.InferOutput<typeof CartGiftCardSchema>;

/** An e-gift card an order bought (`Order.giftCardsBought`): never its code or PIN, which only the recipient's email carries. */
export const BoughtGiftCardSchema = v.object({
  amount: MoneySchema,
  recipientName: v.string(),
  recipientEmail: v.string(),
  sendOn: IsoDateSchema,
  /** True once the card has been emailed. */
  sent: v.boolean(),
});

/** A gift card that paid part of an order (`Order.giftCardPayments`), its code masked. */
export const GiftCardPaymentSchema = v.object({ code: v.string(), amount: MoneySchema });

/** `POST gift-cards/balance`: what is left on a card. */
export const GiftCardBalanceResponseSchema = v.object({
  data: v.object({
    /** The code masked (`••••-••••-••••-NPQR`). */
    code: v.string(),
    balance: MoneySchema,
    initial: MoneySchema,
    /** Always null: the store's e-gift cards do not expire. */
    expiresOn: v.null(),
  }),
});
export type GiftCardBalance = v.InferOutput<typeof GiftCardBalanceResponseSchema>['data'];
