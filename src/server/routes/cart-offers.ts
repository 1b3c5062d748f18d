import { Hono, type Context } from 'hono';
import { ApplyOfferSchema, SamplesBodySchema, CartResponseSchema, OffersResponseSchema, SamplesResponseSchema } from '../../contract/cart.ts';
import type { AuthService } from '../auth/service.ts';
import { applyOffer, listOffers, listSamples, removeOffer, replaceSamples } from '../cart/extras.ts';
import { cartOwner } from '../cart/owner.ts';
import { isGiftCardsOnly } from '../cart/bag.ts';
import { readBag } from '../cart/read.ts';
import { bagAfterWrite } from '../cart/respond.ts';
import type { Db } from '../db/client.ts';
import { NO_STORE } from '../http/cache.ts';
import { siteOf, type AppEnv } from '../http/site.ts';
import { endpoint, jsonBody } from '../openapi/declare.ts';

/** `cart/samples` (the country's choices, the shopper's picks), `cart/offers` and `cart/beauty-pass-offers`. */
export function cartOfferRoutes(db: Db, auth: AuthService) {
  const offersOf = (beautyPass: boolean) => async (c: Context<AppEnv>) => {
    const owner = await cartOwner(c, auth);
    const site = siteOf(c);
    const bag = await readBag(db, owner, site);
    // E-gift cards only: offers discount goods, so none is offered (as on the bag's screen).
    if (isGiftCardsOnly(bag)) return c.json({ data: [] }, 200, { 'Cache-Control': NO_STORE });
    const data = await listOffers(db, owner, site, beautyPass, { subtotalMinor: Math.round(bag.subtotal.amount * 100), appliedCode: bag.appliedOffer?.code ?? null });
    return c.json({ data }, 200, { 'Cache-Control': NO_STORE });
  };
  return new Hono<AppEnv>()
    .get('/samples', endpoint({ id: 'cartSamples.index', operation: 'index', description: "The country's samples with stock, the shopper's picks and the limit per purchase.", status: 200, response: SamplesResponseSchema }), async (c) => {
      const owner = await cartOwner(c, auth);
      const site = siteOf(c);
      // E-gift cards only: no parcel, so no samples to pick (the bag's `samples.limit` is 0 too).
      if (isGiftCardsOnly(await readBag(db, owner, site))) return c.json({ data: { limit: 0, choices: [] } }, 200, { 'Cache-Control': NO_STORE });
      return c.json({ data: await listSamples(db, owner, site) }, 200, { 'Cache-Control': NO_STORE });
    })
    .put('/samples', endpoint({ id: 'cartSamples.replace', operation: 'replace', description: "Replaces the picks: samples of this country (else 400), in stock (409 sample_unavailable), at most the country's limit (409 sample_limit). Answers the bag.", status: 200, response: CartResponseSchema, singular: true, errors: { 409: 'Samples are not offered for this bag (an e-gift card bag, or more than allowed).' } }), jsonBody(SamplesBodySchema), async (c) => {
      const { sampleIds } = c.req.valid('json');
      const owner = await cartOwner(c, auth);
      const result = await replaceSamples(db, owner, c.var.country, sampleIds);
      // Like every bag write, it answers the bag (its `samples.chosen`): the screen has the choices already.
      return c.json({ data: await bagAfterWrite(c, db, owner, siteOf(c), result) }, 200);
    })
    .get('/offers', endpoint({ id: 'cartOffers.index', operation: 'index', description: "The country's offers valid today: those that apply to the bag and those that would after spending more (an empty list: 'No offers found').", status: 200, response: OffersResponseSchema }), offersOf(false))
    .get('/beauty-pass-offers', endpoint({ id: 'beautyPassOffers.index', operation: 'index', description: "Beauty Pass offers for the member's tier, valid today (none for guests and non-members).", status: 200, response: OffersResponseSchema }), offersOf(true))
    .post('/offers', endpoint({ id: 'cartOffers.create', operation: 'create', description: "Applies an offer by code; unknown, expired or not for this member's tier: 404 offer_not_found 'Offer not found'; minimum spend not reached: 409. Answers the bag.", status: 201, response: CartResponseSchema, errors: { 404: 'No such code in this country.', 409: 'The code does not apply to this bag, has expired or reached its limits.' } }), jsonBody(ApplyOfferSchema), async (c) => {
      const { code } = c.req.valid('json');
      const owner = await cartOwner(c, auth);
      const result = await applyOffer(db, owner, c.var.country, code);
      return c.json({ data: await bagAfterWrite(c, db, owner, siteOf(c), result) }, 201);
    })
    .delete('/offers', endpoint({ id: 'cartOffers.delete', operation: 'delete', description: 'Removes the applied offer. Answers the bag.', status: 200, response: CartResponseSchema, singular: true }), async (c) => {
      const owner = await cartOwner(c, auth);
      await removeOffer(db, owner, c.var.country);
      return c.json({ data: await bagAfterWrite(c, db, owner, siteOf(c), { newToken: null }) }, 200);
    });
}
