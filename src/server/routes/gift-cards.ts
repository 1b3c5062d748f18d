import { Hono } from 'hono';
import { GiftCardCredentialsSchema, GiftCardPurchaseSchema, GiftCardBalanceResponseSchema } from '../../contract/gift-cards.ts';
import type { AuthService } from '../auth/service.ts';
import { cartOwner } from '../cart/owner.ts';
import { bagAfterWrite } from '../cart/respond.ts';
import type { Db } from '../db/client.ts';
import { addGiftCardToBag, removeGiftCardFromBag } from '../gift-cards/bag.ts';
import { giftCardBalance, giftCardNotFound } from '../gift-cards/redeem.ts';
import type { RateLimit } from '../http/rate-limit.ts';
import { siteOf, type AppEnv } from '../http/site.ts';
import { IdParamSchema } from '../http/validate.ts';
import { endpoint, jsonBody, params } from '../openapi/declare.ts';
import { CartResponseSchema } from '../../contract/cart.ts';

/**
 * `cart/gift-cards`: an e-gift card added to the bag (201) or removed from it, each answering the
 * whole bag after the write, as the bag's other writes do.
 */
export function cartGiftCardRoutes(db: Db, auth: AuthService) {
  return new Hono<AppEnv>()
    .post('/', endpoint({ id: 'giftCardLines.create', operation: 'create', description: "Adds an e-gift card to the bag: amount in whole units within the country's range (SG S$20–S$300; `GIFT_CARD_RANGES`), recipient's name and email, sender's name, message (at most 200 characters), send date today or later in the country's calendar (at most 180 days ahead). 400 names each bad field; 409 gift_card_bag_limit (5 per bag). No tax, no points; paid with the bag by checkout/orders and emailed with its code and PIN on the send date. Answers the bag.", status: 201, response: CartResponseSchema, errors: { 409: 'The bag holds the most e-gift cards allowed, or is being checked out.' } }), jsonBody(GiftCardPurchaseSchema), async (c) => {
      const purchase = c.req.valid('json');
      const owner = await cartOwner(c, auth);
      const result = await addGiftCardToBag(db, owner, siteOf(c), purchase);
      return c.json({ data: await bagAfterWrite(c, db, owner, siteOf(c), result) }, 201);
    })
    .delete('/:id', endpoint({ id: 'giftCardLines.delete', operation: 'delete', description: 'Removes an e-gift card from the bag (404 gift_card_unknown_line when it is not in this bag). Answers the bag.', status: 200, response: CartResponseSchema, errors: { 404: 'No such e-gift card line in this bag.' } }), params(IdParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      const owner = await cartOwner(c, auth);
      const result = await removeGiftCardFromBag(db, owner, siteOf(c), id);
      return c.json({ data: await bagAfterWrite(c, db, owner, siteOf(c), result) }, 200);
    });
}

/**
 * `POST gift-cards/balance`: what is left on a card, by code and PIN. A wrong pair is a 404 counted
 * against the client (`guesses`, shared with checkout's gift cards): guessing gets 429.
 */
export function giftCardRoutes(db: Db, guesses: RateLimit) {
  return new Hono<AppEnv>().post('/balance', endpoint({ id: 'giftCardBalance.create', operation: 'create', description: "What is left on an e-gift card, by its code (dashes and spaces ignored) and PIN; cards do not expire (expiresOn null). 404 gift_card_not_found when the pair is wrong; wrong pairs count per client with checkout's gift cards: 429 too_many_attempts after 10 in 15 minutes.", status: 200, response: GiftCardBalanceResponseSchema, errors: { 404: 'No card with that code and PIN.', 429: 'too_many_attempts: too many wrong codes from this client; try later.' } }), jsonBody(GiftCardCredentialsSchema), async (c) => {
    await guesses.check(c);
    const credentials = c.req.valid('json');
    const balance = await giftCardBalance(db, credentials);
    if (!balance) {
      await guesses.fail(c);
      throw giftCardNotFound('body.pin');
    }
    return c.json({ data: balance }, 200);
  });
}
