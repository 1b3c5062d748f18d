import { Hono } from 'hono';
import { LineItemCreateSchema, LineItemUpdateSchema, CartResponseSchema } from '../../contract/cart.ts';
import type { AuthService } from '../auth/service.ts';
import { addLine, deleteLine, updateLine } from '../cart/lines.ts';
import { cartOwner, setGuestCookie } from '../cart/owner.ts';
import { bagAfterWrite, publicBag } from '../cart/respond.ts';
import type { Db } from '../db/client.ts';
import { siteOf, type AppEnv } from '../http/site.ts';
import { IdParamSchema } from '../http/validate.ts';
import { endpoint, jsonBody, params } from '../openapi/declare.ts';

/**
 * `cart/line-items`: add units of a variant (201), set a line's quantity, remove a line. Each
 * answers the whole bag as it is after the write, so the client replaces its copy in one step.
 */
export function cartLineRoutes(db: Db, auth: AuthService) {
  return new Hono<AppEnv>()
    .post('/', endpoint({ id: 'cartLineItems.create', operation: 'create', description: 'Adds units of a variant (to its line when there is one); 400 unknown_variant (not sold in the country), 409 quantity_unavailable / out_of_stock with maxQuantity, 409 bag_full, 409 not_on_sale (a coming-soon product). Answers the bag; a guest\'s first write sets the bag cookie.', status: 201, response: CartResponseSchema, errors: { 409: 'Sold out, not enough stock, a line limit reached, or the bag is being checked out.' } }), jsonBody(LineItemCreateSchema), async (c) => {
      const { variantId, quantity } = c.req.valid('json');
      const owner = await cartOwner(c, auth);
      // The add answers the bag as it left it: no second read.
      const { newToken, bag } = await addLine(db, owner, siteOf(c), variantId, quantity);
      if (newToken !== null) setGuestCookie(c, newToken);
      return c.json({ data: publicBag(bag) }, 201);
    })
    .patch('/:id', endpoint({ id: 'cartLineItems.update', operation: 'update', description: 'Sets a line\'s quantity (lowering always works; raising up to the stock and the line limit, else 409). Answers the bag.', status: 200, response: CartResponseSchema, errors: { 404: 'No such line in this bag.', 409: 'Not enough stock, a line limit reached, or the bag is being checked out.' } }), params(IdParamSchema), jsonBody(LineItemUpdateSchema), async (c) => {
      const { id } = c.req.valid('param');
      const { quantity } = c.req.valid('json');
      const owner = await cartOwner(c, auth);
      const result = await updateLine(db, owner, c.var.country, id, quantity);
      return c.json({ data: await bagAfterWrite(c, db, owner, siteOf(c), result) }, 200);
    })
    .delete('/:id', endpoint({ id: 'cartLineItems.delete', operation: 'delete', description: 'Removes a line (404 unknown_line when it is not in this bag). Answers the bag.', status: 200, response: CartResponseSchema, errors: { 404: 'No such line in this bag.' } }), params(IdParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      const owner = await cartOwner(c, auth);
      const result = await deleteLine(db, owner, c.var.country, id);
      return c.json({ data: await bagAfterWrite(c, db, owner, siteOf(c), result) }, 200);
    });
}
