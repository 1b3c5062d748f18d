import { Hono } from 'hono';
import { GiftCardCredentialsSchema, GiftCardPurchaseSchema } from '../../contract/gift-cards.ts';
import type { AuthService } from '../auth/service.ts';
import { cartOwner } from '../cart/owner.ts';
import { bagAfterWrite } from '../cart/respond.ts';
import type { Db } from '../db/client.ts';
import { addGiftCardToBag, removeGiftCardFromBag } from '../gift-cards/bag.ts';
import { giftCardBalance, giftCardNotFound } from '../gift-cards/redeem.ts';
import type { RateLimit } from '../http/rate-limit.ts';
import { siteOf, type AppEnv } from '../http/site.ts';
import { IdParamSchema, parseInput, parseJsonBody } from '../http/validate.ts';

/**
 * `cart/gift-cards`: an e-gift card added to the bag (201) or removed from it, each answering the
 * whole bag after the write, as the bag's other writes do.
 */
export function cartGiftCardRoutes(db: Db, auth: AuthService) {
  return new Hono<AppEnv>()
    .post('/', async (c) => {
      const purchase = await parseJsonBody(c, GiftCardPurchaseSchema);
      const owner = await cartOwner(c, auth);
      const result = await addGiftCardToBag(db, owner, siteOf(c), purchase);
      return c.json({ data: await bagAfterWrite(c, db, owner, siteOf(c), result) }, 201);
    })
    .delete('/:id', async (c) => {
      const { id } = parseInput(IdParamSchema, c.req.param(), 'param');
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
  return new Hono<AppEnv>().post('/balance', async (c) => {
    await guesses.check(c);
    const credentials = await parseJsonBody(c, GiftCardCredentialsSchema);
    const balance = await giftCardBalance(db, credentials);
    if (!balance) {
      await guesses.fail(c);
      throw giftCardNotFound('body.pin');
    }
    return c.json({ data: balance }, 200);
  });
}
