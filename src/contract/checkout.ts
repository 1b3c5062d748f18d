import * as v from 'valibot';
import { ADDRESS_FIELD_MAX, PHONE_MAX } from '../config/addresses.ts';
import { BoughtGiftCardSchema, GIFT_CARD_ERROR_CODES, GiftCardPaymentSchema, GiftCardRedemptionsSchema } from './gift-cards.ts';
import { IsoDateSchema } from './loyalty.ts';
import { MoneySchema } from './site.ts';
import { intFromQuery } from './site-input.ts';

/*
 * Checkout and orders (issue 13; spec §1 check out, §2 checkout and orders screens, §7 cart/…).
 * The client sends what the shopper entered and the bag version it saw; the server prices the
 * order from the bag as it is (never from figures the client sent) and answers the order as it
 * was placed. Country rules (postcodes, states, phones, delivery fees, BNPL limits) are data in
 * src/config, checked on the server and shown by the SPA from the same source.
 */

const text = (max: number) => v.pipe(v.string('must be text'), v.trim(), v.maxLength(max, `must be at most ${max} characters`));

export const EMAIL_MAX = 254;
export const EmailSchema = v.pipe(v.string('must be text'), v.trim(), v.nonEmpty('is required'), v.maxLength(EMAIL_MAX, `must be at most ${EMAIL_MAX} characters`), v.email('must be an email address'));

/**
 * A delivery address as entered. The shape is the same in every country; which fields are required
 * and what they must look like (postcode format, the state list, the phone's country code) is per
 * country data (src/config/addresses.ts), checked by `addressIssues`.
 */
export const AddressSchema = v.object({
  fullName: text(ADDRESS_FIELD_MAX.fullName),
  phone: v.pipe(v.string('must be text'), v.trim(), v.maxLength(PHONE_MAX, `must be at most ${PHONE_MAX} characters`)),
  line1: text(ADDRESS_FIELD_MAX.line1),
  line2: text(ADDRESS_FIELD_MAX.line2),
  city: text(ADDRESS_FIELD_MAX.city),
  /** The state's or province's code from the country's list; empty where the country has none. */
  state: text(ADDRESS_FIELD_MAX.state),
  postcode: text(ADDRESS_FIELD_MAX.postcode),
});
export type Address = v.InferOutput<typeof AddressSchema>;

export const DELIVERY_METHODS = ['standard', 'express', 'click_collect'] as const;
export const DeliveryMethodSchema = v.picklist(DELIVERY_METHODS, 'must be one of standard, express, click_collect');
export type DeliveryMethod = v.InferOutput<typeof DeliveryMethodSchema>;

/** `gift_cards`: the order's gift cards pay all of it, so nothing is charged (refused when they leave something to pay). */
export const PAYMENT_METHODS = ['card', 'afterpay', 'klarna', 'atome', 'gift_cards'] as const;
export const PaymentMethodSchema = v.picklist(PAYMENT_METHODS, 'must be one of card, afterpay, klarna, atome, gift_cards');
export type PaymentMethod = v.InferOutput<typeof PaymentMethodSchema>;

/** Card details as typed; they go to the payment provider and are never stored (only brand and last 4). */
export const CardInputSchema = v.object({
  number: v.pipe(v.string('must be text'), v.transform((s) => s.replace(/[\s-]/g, '')), v.regex(/^\d{12,19}$/, 'must be 12 to 19 digits')),
  expMonth: v.pipe(v.number('must be a number'), v.integer('must be a whole number'), v.minValue(1, 'must be 1 to 12'), v.maxValue(12, 'must be 1 to 12')),
  expYear: v.pipe(v.number('must be a number'), v.integer('must be a whole number'), v.minValue(2000, 'must be a four-digit year'), v.maxValue(2100, 'must be a four-digit year')),
  cvc: v.pipe(v.string('must be text'), v.regex(/^\d{3,4}$/, 'must be 3 or 4 digits')),
  name: text(80),
});
export type CardInput = v.InferOutput<typeof CardInputSchema>;

export const PaymentInputSchema = v.variant('method', [
  v.object({ method: v.literal('card'), card: CardInputSchema }),
  v.object({ method: v.picklist(['afterpay', 'klarna', 'atome']) }),
  v.object({ method: v.literal('gift_cards') }),
]);
export type PaymentInput = v.InferOutput<typeof PaymentInputSchema>;

/** `POST checkout/orders` (with an `Idempotency-Key`): place the bag as an order. */
export const OrderCreateSchema = v.object({
  /** The bag version the shopper reviewed: a bag changed since (another tab) is refused with 409 `bag_changed`. */
  bagVersion: v.pipe(v.number('must be a number'), v.integer('must be a whole number'), v.minValue(0, 'must not be negative')),
  /** Where the order confirmation goes; a member's account email by default. */
  email: EmailSchema,
  delivery: v.object({
    method: DeliveryMethodSchema,
    /** Click & collect: the store's id from `checkout/options`. */
    storeId: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(60)))),
    /** Standard and express: where to; for click & collect, the name and phone of who collects (address lines may be empty). */
    address: AddressSchema,
  }),
  /**
   * `gift_cards` when the order's gift cards pay all of it (409 `payment_unavailable`
   * `gift_cards_short` when they leave something to pay); a method given while they pay it all is
   * only recorded, nothing is authorized. A bag of e-gift cards only is delivered by email: its delivery is not checked (any
   * method, empty address lines) and is kept as `standard` with no fee.
   */
  payment: PaymentInputSchema,
  /** E-gift cards that pay first, in this order (at most 2): each pays min(its balance, what is left); the payment takes the rest. */
  giftCards: v.optional(GiftCardRedemptionsSchema),
});
export type OrderCreate = v.InferOutput<typeof OrderCreateSchema>;

/** `POST checkout/gift-cards`: the gift cards the shopper means to pay with, checked as the order checks them. */
export const GiftCardCheckSchema = v.object({ giftCards: v.pipe(GiftCardRedemptionsSchema, v.minLength(1, 'must name a gift card')) });
export type GiftCardCheck = v.InferOutput<typeof GiftCardCheckSchema>;

/**
 * Each card's balance, in the order given (codes masked): what checkout's payment step counts on to
 * know whether they pay the whole order (the order checks them again when it is placed).
 */
export const GiftCardCheckResponseSchema = v.object({ data: v.object({ cards: v.array(v.object({ code: v.string(), balance: MoneySchema })) }) });
export type GiftCardCheckResult = v.InferOutput<typeof GiftCardCheckResponseSchema>['data'];

/** `POST checkout/orders/challenge`: the shopper's answer to the card bank's challenge (3-D Secure). */
export const ChallengeAnswerSchema = v.object({
  attempt: v.pipe(v.string('must be text'), v.nonEmpty('is required'), v.maxLength(80)),
  answer: v.pipe(v.string('must be text'), v.trim(), v.nonEmpty('is required'), v.maxLength(20, 'must be at most 20 characters')),
});

/** Why a payment was declined, as processors report it: the 402 answer's `reason`. */
export const DECLINE_REASONS = ['card_declined', 'insufficient_funds', 'expired_card', 'incorrect_cvc', 'incorrect_number', 'challenge_failed', 'outside_provider_limits'] as const;
export const DeclineReasonSchema = v.picklist(DECLINE_REASONS);
export type DeclineReason = v.InferOutput<typeof DeclineReasonSchema>;

/** Machine-readable kinds of 4xx answers of checkout (with `ApiErrorBody.code`). */
export const CHECKOUT_ERROR_CODES = {
  /** The bag moved on since the shopper reviewed it (409). */
  bagChanged: 'bag_changed',
  /** Empty bag or an out-of-stock line (409, spec §4). */
  bagBlocked: 'bag_blocked',
  /** A unit the bag held was sold to someone else just now (409, `lines` names them); nothing was charged. */
  soldOut: 'sold_out',
  /** The card was declined (402, `reason`): every field is kept and the shopper tries another card. */
  paymentDeclined: 'payment_declined',
  /** BNPL outside the provider's amounts or country (409, `reason`). */
  paymentUnavailable: 'payment_unavailable',
  /** A delivery method or store the country does not offer (400 `body.delivery.method`). */
  deliveryUnavailable: 'delivery_unavailable',
  /** The challenge attempt is unknown, answered or expired (404). */
  challengeGone: 'challenge_gone',
  /** A gift card of the order was spent by another order meanwhile (409, `body.giftCards.N`); the other gift card codes are `GIFT_CARD_ERROR_CODES`. */
  giftCardBalanceChanged: GIFT_CARD_ERROR_CODES.balanceChanged,
  /** The bag's reward is gone: its last unit went to another order, or (its hold lapsed) to other bags' holds (409); nothing was charged. */
  rewardUnavailable: 'reward_unavailable',
  /** The member's points no longer cover the bag's reward (spent or expired meanwhile; 409); nothing was charged. */
  pointsInsufficient: 'points_insufficient',
  /** A reward comes with a purchase: the bag holds no product (409, the bag's `checkout.blockedBy` says so too). */
  rewardWithoutGoods: 'reward_without_goods',
} as const;

/** Machine-readable kinds of the 4xx answers of `POST orders/{number}/cancel`. */
export const ORDER_CANCEL_ERROR_CODES = {
  /** The order is past what can be cancelled (shipped, delivered, cancelled already, refunded: 409 with its `orderStatus`), or bought e-gift cards (409 `reason: gift_cards`). */
  notCancellable: 'order_not_cancellable',
} as const;

/** An order the member may still cancel: placed or paid, not yet shipped (issue 15; the server's rule, the order page's too). */
export const CANCELLABLE_ORDER_STATUSES = ['placed', 'paid'] as const;

export const ORDER_STATUSES = ['placed', 'paid', 'shipped', 'delivered', 'cancelled', 'refunded'] as const;
export const OrderStatusSchema = v.picklist(ORDER_STATUSES);
export type OrderStatus = v.InferOutput<typeof OrderStatusSchema>;

export const OrderLineSchema = v.object({
  productSlug: v.string(),
  productName: v.string(),
  brandName: v.string(),
  variantName: v.string(),
  variantKind: v.picklist(['shade', 'size']),
  colorHex: v.nullable(v.string()),
  sku: v.string(),
  quantity: v.number(),
  unitPrice: MoneySchema,
  lineTotal: MoneySchema,
  imageUrl: v.string(),
});
export type OrderLine = v.InferOutput<typeof OrderLineSchema>;

/** An order as it was placed: its figures never follow later price changes. */
export const OrderSchema = v.object({
  number: v.string(),
  country: v.string(),
  status: OrderStatusSchema,
  /** Every status the order has had, oldest first, with when (ISO instants). */
  history: v.array(v.object({ status: OrderStatusSchema, at: v.string() })),
  placedAt: v.string(),
  email: v.string(),
  lines: v.array(OrderLineSchema),
  samples: v.array(v.object({ name: v.string() })),
  subtotal: MoneySchema,
  discount: MoneySchema,
  promoCode: v.nullable(v.string()),
  tax: v.nullable(v.object({ label: v.string(), percent: v.number(), amount: MoneySchema })),
  shipping: v.object({ method: DeliveryMethodSchema, fee: MoneySchema, storeName: v.nullable(v.string()) }),
  /** What gift cards paid of the total (`giftCardPayments` card by card); `payment.amount` is the rest. */
  giftCards: MoneySchema,
  /** The gift cards that paid, in the order given, codes masked, each with what it paid. */
  giftCardPayments: v.array(GiftCardPaymentSchema),
  /** E-gift cards the order bought: part of the total, with no tax and no points. */
  giftCardsBought: v.array(BoughtGiftCardSchema),
  total: MoneySchema,
  payment: v.object({ method: PaymentMethodSchema, brand: v.nullable(v.string()), last4: v.nullable(v.string()), amount: MoneySchema }),
  address: AddressSchema,
  /** Beauty Pass points the order earned the member (0 for a guest). */
  pointsEarned: v.number(),
  /** Points its reward cost (0 without one): taken when it was placed, given back if it is cancelled. */
  pointsUsed: v.number(),
  /** The Beauty Pass reward it came with, by its name as it was then; null without one. */
  reward: v.nullable(v.object({ name: v.string(), pointsCost: v.number() })),
  /** Whether the member may cancel it now (placed or paid, nothing shipped, no e-gift card bought): the order page offers Cancel order only then. */
  cancellable: v.boolean(),
});
export type Order = v.InferOutput<typeof OrderSchema>;

export const OrderResponseSchema = v.object({ data: OrderSchema });

/** `POST checkout/orders` when the card's bank asks for a challenge (202): answer it with `checkout/orders/challenge`. */
export const ChallengeRequiredSchema = v.object({ data: v.object({ status: v.literal('requires_challenge'), attempt: v.string(), expiresAt: v.string() }) });

export const OrderSummarySchema = v.object({
  number: v.string(),
  status: OrderStatusSchema,
  placedAt: v.string(),
  total: MoneySchema,
  itemCount: v.number(),
  pointsEarned: v.number(),
});
export const OrderListResponseSchema = v.object({
  data: v.array(OrderSummarySchema),
  meta: v.object({ page: v.number(), perPage: v.number(), total: v.number(), totalPages: v.number() }),
});

/** `GET orders`: a page of the member's orders, newest first. */
export const OrderListQuerySchema = v.object({ page: v.optional(intFromQuery(1, 10_000)), per_page: v.optional(intFromQuery(1, 50)) });

/**
 * `POST orders/{number}/cancel`: an empty JSON object (every write carries a JSON body, the API's
 * guard against cross-site form posts); answers the order as cancelled.
 */
export const OrderCancelSchema = v.object({});
export const OrderCancelResponseSchema = OrderResponseSchema;

/** `POST orders/lookup`: a guest finds an order by its number and the email it was placed with. */
export const OrderLookupSchema = v.object({ number: v.pipe(v.string('must be text'), v.trim(), v.nonEmpty('is required'), v.maxLength(30)), email: EmailSchema });

/** What checkout may offer this bag: delivery methods with fees, click & collect stores, payment methods with availability and why not. */
export const CheckoutOptionsSchema = v.object({
  delivery: v.array(v.object({ method: DeliveryMethodSchema, fee: MoneySchema, free: v.boolean(), days: v.string() })),
  stores: v.array(v.object({ id: v.string(), name: v.string(), city: v.string() })),
  /** What may pay for what is left after gift cards: card and the country's BNPL providers (available here for the bag's total; checkout applies `instalmentPlans` to the order's). */
  payment: v.array(v.object({ method: PaymentMethodSchema, available: v.boolean(), reason: v.nullable(v.picklist(['below_minimum', 'above_maximum'])), minimum: v.nullable(MoneySchema), maximum: v.nullable(MoneySchema) })),
  date: IsoDateSchema,
  /** A member's saved addresses, to pick one at the address step ([] for a guest). */
  savedAddresses: v.array(AddressSchema),
  /** A member's account email, filled in at the contact step; null for a guest. */
  memberEmail: v.nullable(v.string()),
  /** True when the bag holds e-gift cards only: delivered by email, no address or delivery step (send `standard` and empty address lines). */
  emailOnly: v.boolean(),
});
export type CheckoutOptions = v.InferOutput<typeof CheckoutOptionsSchema>;
export const CheckoutOptionsResponseSchema = v.object({ data: CheckoutOptionsSchema });
