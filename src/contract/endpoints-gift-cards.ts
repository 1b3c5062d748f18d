import { CartResponseSchema } from './cart.ts';
import type { Endpoint } from './endpoints.ts';
import { GiftCardBalanceResponseSchema, GiftCardCredentialsSchema, GiftCardPurchaseSchema } from './gift-cards.ts';

const JSON_TYPE = 'application/json';

/**
 * E-gift cards (issue 13): part of `ENDPOINTS`. Bought as bag lines (`cart/gift-cards`, paid by
 * `checkout/orders`, spent there with `giftCards`), checked with `gift-cards/balance`. The ids do
 * not start with `cart`: the bag's fuzz test covers the bag's own endpoints, the gift cards' fuzz these.
 */
export const GIFT_CARD_ENDPOINTS: readonly Endpoint[] = [
  {
    id: 'giftCardLines.create',
    method: 'POST',
    path: 'cart/gift-cards',
    operation: 'create',
    description:
      "Adds an e-gift card to the bag: amount in whole units within the country's range (SG S$20–S$300; `GIFT_CARD_RANGES`), recipient's name and email, sender's name, message (at most 200 characters), send date today or later in the country's calendar (at most 180 days ahead). 400 names each bad field; 409 gift_card_bag_limit (5 per bag). No tax, no points; paid with the bag by checkout/orders and emailed with its code and PIN on the send date. Answers the bag.",
    status: 201,
    contentType: JSON_TYPE,
    body: GiftCardPurchaseSchema,
    response: CartResponseSchema,
  },
  {
    id: 'giftCardLines.delete',
    method: 'DELETE',
    path: 'cart/gift-cards/{id}',
    operation: 'delete',
    description: 'Removes an e-gift card from the bag (404 gift_card_unknown_line when it is not in this bag). Answers the bag.',
    status: 200,
    contentType: JSON_TYPE,
    response: CartResponseSchema,
  },
  {
    id: 'giftCardBalance.create',
    method: 'POST',
    path: 'gift-cards/balance',
    operation: 'create',
    description:
      "What is left on an e-gift card, by its code (dashes and spaces ignored) and PIN; cards do not expire (expiresOn null). 404 gift_card_not_found when the pair is wrong; wrong pairs count per client with checkout's gift cards: 429 too_many_attempts after 10 in 15 minutes.",
    status: 200,
    contentType: JSON_TYPE,
    body: GiftCardCredentialsSchema,
    response: GiftCardBalanceResponseSchema,
  },
];
