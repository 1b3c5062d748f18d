import { Hono, type Context } from 'hono';
import { ApplyOfferSchema, SamplesBodySchema } from '../../contract/cart.ts';
import type { AuthService } from '../auth/service.ts';
import { applyOffer, listOffers, listSamples, removeOffer, replaceSamples } from '../cart/extras.ts';
import { cartOwner } from '../cart/owner.ts';
import { isGiftCardsOnly } from '../cart/bag.ts';
import { readBag } from '../cart/read.ts';
import { bagAfterWrite } from '../cart/respond.ts';
import type { Db } from '../db/client.ts';
import { NO_STORE } from '../http/cache.ts';
import { siteOf, type AppEnv } from '../http/site.ts';
import { parseJsonBody } from '../http/validate.ts';

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
    .get('/samples', async (c) => {
      const owner = await cartOwner(c, auth);
      const site = siteOf(c);
      // E-gift cards only: no parcel, so no samples to pick (the bag's `samples.limit` is 0 too).
      if (isGiftCardsOnly(await readBag(db, owner, site))) return c.json({ data: { limit: 0, choices: [] } }, 200, { 'Cache-Control': NO_STORE });
      return c.json({ data: await listSamples(db, owner, site) }, 200, { 'Cache-Control': NO_STORE });
    })
    .put('/samples', async (c) => {
      const { sampleIds } = await parseJsonBody(c, SamplesBodySchema);
      const owner = await cartOwner(c, auth);
      const result = await replaceSamples(db, owner, c.var.country, sampleIds);
      // Like every bag write, it answers the bag (its `samples.chosen`): the screen has the choices already.
      return c.json({ data: await bagAfterWrite(c, db, owner, siteOf(c), result) }, 200);
    })
    .get('/offers', offersOf(false))
    .get('/beauty-pass-offers', offersOf(true))
    .post('/offers', async (c) => {
      const { code } = await parseJsonBody(c, ApplyOfferSchema);
      const owner = await cartOwner(c, auth);
      const result = await applyOffer(db, owner, c.var.country, code);
      return c.json({ data: await bagAfterWrite(c, db, owner, siteOf(c), result) }, 201);
    })
    .delete('/offers', async (c) => {
      const owner = await cartOwner(c, auth);
      await removeOffer(db, owner, c.var.country);
      return c.json({ data: await bagAfterWrite(c, db, owner, siteOf(c), { newToken: null }) }, 200);
    });
}
