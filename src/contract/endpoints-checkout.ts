import { ChallengeAnswerSchema, CheckoutOptionsResponseSchema, GiftCardCheckResponseSchema, GiftCardCheckSchema, OrderCreateSchema, OrderListQuerySchema, OrderListResponseSchema, OrderLookupSchema, OrderResponseSchema } from './checkout.ts';
import type { Endpoint } from './endpoints.ts';

const JSON_TYPE = 'application/json';

/** Checkout and orders (issue 13): part of `ENDPOINTS`, kept in their own file by resource. */
export const CHECKOUT_ENDPOINTS: readonly Endpoint[] = [
  {
    id: 'checkoutOptions.show',
    method: 'GET',
    path: 'checkout/options',
    operation: 'show',
    description: "What this bag may be delivered and paid with in the request's country: delivery methods with fees (free standard over the threshold), click & collect stores, card and BNPL with availability and the reason (below_minimum, above_maximum); a member's saved addresses and email.",
    status: 200,
    contentType: JSON_TYPE,
    response: CheckoutOptionsResponseSchema,
    singular: true,
  },
  {
    id: 'checkoutOrders.create',
    method: 'POST',
    path: 'checkout/orders',
    operation: 'create',
    description:
      'Places the bag as an order. Requires `Idempotency-Key` (one order and one payment per key: a retry or a second click answers the same order). Stock, the order and the bag are written in one transaction after the payment is authorized; a refusal after that voids it. 201 the order; 202 requires_challenge (answer with checkout/orders/challenge); 400 address fields; 402 payment_declined with reason; 409 bag_changed, bag_blocked, sold_out (lines), payment_unavailable, offer_used_up, offer_customer_limit (the applied code reached its limits meanwhile). `giftCards` (code and PIN, at most 2) pay first, each min(its balance, what is left; never the e-gift cards bought), and the payment is authorized for the rest only (not at all when they pay everything): 404 gift_card_not_found on body.giftCards.N (counted with gift-cards/balance: 429 too_many_attempts), 409 gift_card_other_country, gift_card_empty, gift_card_balance_changed (another order spent it meanwhile; nothing charged). A bag of e-gift cards only needs no address (checkout/options emailOnly).',
    status: 201,
    contentType: JSON_TYPE,
    body: OrderCreateSchema,
    response: OrderResponseSchema,
  },
  {
    id: 'checkoutGiftCards.create',
    method: 'POST',
    path: 'checkout/gift-cards',
    operation: 'create',
    description:
      "Checks the gift cards the shopper means to pay with (code and PIN, at most 2) as checkout/orders checks them, and answers each card's balance (codes masked), so the payment step knows whether they pay the whole order (then payment method gift_cards, no card). 404 gift_card_not_found on body.giftCards.N (counted with gift-cards/balance: 429 too_many_attempts), 409 gift_card_other_country, gift_card_empty, 400 gift_card_duplicate. Nothing is spent.",
    status: 200,
    contentType: JSON_TYPE,
    body: GiftCardCheckSchema,
    response: GiftCardCheckResponseSchema,
  },
  {
    id: 'checkoutOrderChallenges.create',
    method: 'POST',
    path: 'checkout/orders/challenge',
    operation: 'create',
    description: "The answer to the card bank's challenge of a 202 attempt: 201 the order; 402 challenge_failed; 404 challenge_gone (unknown, expired, answered, or another shopper's).",
    status: 201,
    contentType: JSON_TYPE,
    body: ChallengeAnswerSchema,
    response: OrderResponseSchema,
  },
  {
    id: 'orders.index',
    method: 'GET',
    path: 'orders',
    operation: 'index',
    description: "The member's orders, newest first, paged (total, status, date, items, points earned).",
    status: 200,
    contentType: JSON_TYPE,
    query: OrderListQuerySchema,
    response: OrderListResponseSchema,
    auth: true,
  },
  {
    id: 'orders.show',
    method: 'GET',
    path: 'orders/{number}',
    operation: 'show',
    description: "One of the member's orders as it was placed: lines, figures, tax, shipping, masked payment, address, points, status history. Another member's number: 404.",
    status: 200,
    contentType: JSON_TYPE,
    response: OrderResponseSchema,
    auth: true,
  },
  {
    id: 'orderLookups.create',
    method: 'POST',
    path: 'orders/lookup',
    operation: 'create',
    description: 'A guest finds an order by its number and the email it was placed with (404 when either is wrong; 429 too_many_attempts after repeated misses from one client).',
    status: 200,
    contentType: JSON_TYPE,
    body: OrderLookupSchema,
    response: OrderResponseSchema,
  },
];
