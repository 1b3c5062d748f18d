import { Hono } from 'hono';
import type { CartScreen } from '../../contract/cart.ts';
import { unauthorized } from '../auth/middleware.ts';
import type { AuthService } from '../auth/service.ts';
import { listOffers, listSamples } from '../cart/extras.ts';
import { mergeGuestBags } from '../cart/merge.ts';
import { cartOwner, clearGuestCookie, guestToken } from '../cart/owner.ts';
import { isGiftCardsOnly } from '../cart/bag.ts';
import { itemsCount, readBag } from '../cart/read.ts';
import { publicBag } from '../cart/respond.ts';
import type { Db } from '../db/client.ts';
import { NO_STORE } from '../http/cache.ts';
import { siteOf, type AppEnv } from '../http/site.ts';
import { endpoint } from '../openapi/declare.ts';
import { CartCountResponseSchema, CartResponseSchema, CartScreenResponseSchema } from '../../contract/cart.ts';

/**
 * The bag's reads: `cart/items-count` (the header's number), `cart/bag` (the whole bag), `cart/`
 * (everything `/cart` shows in one answer), and `POST cart/merge` (tries a failed guest-bag merge
 * again). Never cached: a bag is one shopper's.
 */
export function cartRoutes(db: Db, auth: AuthService) {
  return new Hono<AppEnv>()
    .get('/items-count', endpoint({ id: 'cartItemsCount.show', operation: 'show', description: "Units in the bag and the bag's version, for the header: one indexed query, no prices.", status: 200, response: CartCountResponseSchema, singular: true }), async (c) => {
      const owner = await cartOwner(c, auth);
      return c.json({ data: await itemsCount(db, owner, c.var.country) }, 200, { 'Cache-Control': NO_STORE });
    })
    .get('/bag', endpoint({ id: 'cartBag.show', operation: 'show', description: "The whole bag computed live in the request's country and language: lines with stock state, subtotal, discount, tax part, free-shipping progress, points, BNPL, checkout block; shows a merge notice once.", status: 200, response: CartResponseSchema, singular: true }), async (c) => {
      const owner = await cartOwner(c, auth);
      const bag = await readBag(db, owner, siteOf(c), { consumeNotice: true });
      return c.json({ data: publicBag(bag) }, 200, { 'Cache-Control': NO_STORE });
    })
    .get('/', endpoint({ id: 'cart.index', operation: 'index', description: "Everything the bag screen shows in one answer: the bag, the country's samples, the offers and the member's Beauty Pass offers.", status: 200, response: CartScreenResponseSchema }), async (c) => {
      const owner = await cartOwner(c, auth);
      const site = siteOf(c);
      const bag = await readBag(db, owner, site, { consumeNotice: true });
      const basis = { subtotalMinor: Math.round(bag.subtotal.amount * 100), appliedCode: bag.appliedOffer?.code ?? null };
      // E-gift cards only: no parcel, so no samples to pick and no offers to spend towards.
      if (isGiftCardsOnly(bag)) {
        const data: CartScreen = { bag: publicBag(bag), samples: { limit: 0, choices: [] }, offers: [], beautyPassOffers: [] };
        return c.json({ data }, 200, { 'Cache-Control': NO_STORE });
      }
      const [samples, offers, beautyPassOffers] = await Promise.all([
        listSamples(db, owner, site),
        listOffers(db, owner, site, false, basis),
        listOffers(db, owner, site, true, basis),
      ]);
      const data: CartScreen = { bag: publicBag(bag), samples, offers, beautyPassOffers };
      return c.json({ data }, 200, { 'Cache-Control': NO_STORE });
    })
    .post('/merge', endpoint({ id: 'cartMerge.create', operation: 'create', description: "Merges the browser's guest bag into the member's (sign-in does it; this retries one that failed, answered by a `Bag-Merge: failed` header). Answers the member's bag.", status: 200, response: CartResponseSchema, auth: true }), async (c) => {
      const owner = await cartOwner(c, auth);
      if (owner.kind !== 'member') throw unauthorized();
      const token = guestToken(c);
      if (token !== null) {
        await mergeGuestBags(db, token, owner.userId);
        clearGuestCookie(c);
      }
      // Merged (or nothing was left): no guest bag waits any more.
      const bag = await readBag(db, { ...owner, guestBagLeft: false }, siteOf(c), { consumeNotice: true });
      return c.json({ data: publicBag(bag) }, 200);
    });
}
