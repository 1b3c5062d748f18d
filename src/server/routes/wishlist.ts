import { Hono } from 'hono';
import { WishlistPatchSchema, WishlistResponseSchema } from '../../contract/cart.ts';
import { requireAccess, type AuthEnv } from '../auth/middleware.ts';
import type { AuthService } from '../auth/service.ts';
import { listWishlist, patchWishlist } from '../cart/wishlist.ts';
import type { Db } from '../db/client.ts';
import { NO_STORE } from '../http/cache.ts';
import { siteOf } from '../http/site.ts';
import { endpoint, jsonBody } from '../openapi/declare.ts';

/** `GET wishlist`, `PATCH wishlist` {add, remove}: the member's own list (a guest's stays on the device until sign-in). */
export function wishlistRoutes(db: Db, auth: AuthService) {
  return new Hono<AuthEnv>()
    .use('*', requireAccess(auth))
    .get('/', endpoint({ id: 'wishlist.index', operation: 'index', description: "The member's wish list with live prices and stock in the request's country.", status: 200, response: WishlistResponseSchema, auth: true }), async (c) => c.json({ data: await listWishlist(db, Number(c.var.auth.sub), siteOf(c)) }, 200, { 'Cache-Control': NO_STORE }))
    .patch('/', endpoint({ id: 'wishlist.update', operation: 'update', description: 'Adds and removes products (idempotent; a guest sends the device list with `add` after sign-in); an unknown product is a 400 naming the entry. Answers the list.', status: 200, response: WishlistResponseSchema, singular: true, auth: true }), jsonBody(WishlistPatchSchema), async (c) => {
      const patch = c.req.valid('json');
      const userId = Number(c.var.auth.sub);
      await patchWishlist(db, userId, patch);
      return c.json({ data: await listWishlist(db, userId, siteOf(c)) }, 200);
    });
}
