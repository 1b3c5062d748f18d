import { Hono } from 'hono';
import { LineItemCreateSchema, LineItemUpdateSchema } from '../../contract/cart.ts';
import type { AuthService } from '../auth/service.ts';
import { addLine, deleteLine, updateLine } from '../cart/lines.ts';
import { cartOwner, setGuestCookie } from '../cart/owner.ts';
import { bagAfterWrite, publicBag } from '../cart/respond.ts';
import type { Db } from '../db/client.ts';
import { siteOf, type AppEnv } from '../http/site.ts';
import { IdParamSchema, parseInput, parseJsonBody } from '../http/validate.ts';

/**
 * `cart/line-items`: add units of a variant (201), set a line's quantity, remove a line. Each
 * answers the whole bag as it is after the write, so the client replaces its copy in one step.
 */
export function cartLineRoutes(db: Db, auth: AuthService) {
  return new Hono<AppEnv>()
    .post('/', async (c) => {
      const { variantId, quantity } = await parseJsonBody(c, LineItemCreateSchema);
      const owner = await cartOwner(c, auth);
      // The add answers the bag as it left it: no second read.
      const { newToken, bag } = await addLine(db, owner, siteOf(c), variantId, quantity);
      if (newToken !== null) setGuestCookie(c, newToken);
      return c.json({ data: publicBag(bag) }, 201);
    })
    .patch('/:id', async (c) => {
      const { id } = parseInput(IdParamSchema, c.req.param(), 'param');
      const { quantity } = await parseJsonBody(c, LineItemUpdateSchema);
      const owner = await cartOwner(c, auth);
      const result = await updateLine(db, owner, c.var.country, id, quantity);
      return c.json({ data: await bagAfterWrite(c, db, owner, siteOf(c), result) }, 200);
    })
    .delete('/:id', async (c) => {
      const { id } = parseInput(IdParamSchema, c.req.param(), 'param');
      const owner = await cartOwner(c, auth);
      const result = await deleteLine(db, owner, c.var.country, id);
      return c.json({ data: await bagAfterWrite(c, db, owner, siteOf(c), result) }, 200);
    });
}
