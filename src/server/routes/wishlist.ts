import { Hono } from 'hono';
import { WishlistPatchSchema } from '../../contract/cart.ts';
import { requireAccess, type AuthEnv } from '../auth/middleware.ts';
import type { AuthService } from '../auth/service.ts';
import { listWishlist, patchWishlist } from '../cart/wishlist.ts';
import type { Db } from '../db/client.ts';
import { NO_STORE } from '../http/cache.ts';
import { siteOf } from '../http/site.ts';
import { parseJsonBody } from '../http/validate.ts';

/** `GET wishlist`, `PATCH wishlist` {add, remove}: the member's own list (a guest's stays on the device until sign-in). */
export function wishlistRoutes(db: Db, auth: AuthService) {
  return new Hono<AuthEnv>()
    .use('*', requireAccess(auth))
    .get('/', async (c) => c.json({ data: await listWishlist(db, Number(c.var.auth.sub), siteOf(c)) }, 200, { 'Cache-Control': NO_STORE }))
    .patch('/', async (c) => {
      const patch = await parseJsonBody(c, WishlistPatchSchema);
      const userId = Number(c.var.auth.sub);
      await patchWishlist(db, userId, patch);
      return c.json({ data: await listWishlist(db, userId, siteOf(c)) }, 200);
    });
}
