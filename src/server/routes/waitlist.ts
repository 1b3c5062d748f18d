import { Hono } from 'hono';
import * as v from 'valibot';
import { SlugSchema } from '../../contract/catalog.ts';
import { CATALOG_ERROR_CODES, WaitlistPatchSchema, WaitlistPatchResponseSchema, WaitlistResponseSchema } from '../../contract/reviews.ts';
import { requireAccess, unauthorized, type AuthEnv } from '../auth/middleware.ts';
import type { AuthService } from '../auth/service.ts';
import { listWaitlist, setWaitlisted } from '../catalog/waitlist.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { NO_STORE } from '../http/cache.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { eq } from 'drizzle-orm';
import { endpoint, jsonBody, params } from '../openapi/declare.ts';

const SlugParamSchema = v.object({ slug: SlugSchema });

export const NOT_WAITLISTABLE_MESSAGE = 'Only out-of-stock or coming-soon products have a waitlist';

/** `GET waitlist`, `PATCH waitlist/{slug}`: the member's own list, never cached. */
export function waitlistRoutes(db: Db, auth: AuthService) {
  return new Hono<AuthEnv>()
    .use('*', requireAccess(auth))
    .get('/', endpoint({ id: 'waitlist.index', operation: 'index', description: 'Products the signed-in member is waitlisted for; never cached.', status: 200, response: WaitlistResponseSchema, auth: true }), async (c) => c.json({ data: await listWaitlist(db, Number(c.var.auth.sub)) }, 200, { 'Cache-Control': NO_STORE }))
    .patch('/:slug', endpoint({ id: 'waitlist.update', operation: 'update', description: 'Joins ({"waitlisted": true}) or leaves the waitlist of a product; only out-of-stock or coming-soon products can be joined (409 not_waitlistable).', status: 200, response: WaitlistPatchResponseSchema, auth: true, errors: { 404: 'No such product or variant.', 409: 'The variant is in stock (nothing to wait for).' } }), params(SlugParamSchema), jsonBody(WaitlistPatchSchema), async (c) => {
      const { slug } = c.req.valid('param');
      const { waitlisted } = c.req.valid('json');
      const userId = Number(c.var.auth.sub);
      // A token outliving its account is no longer a session (and would break the foreign key).
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
      if (!user) throw unauthorized();
      const result = await setWaitlisted(db, userId, slug, waitlisted);
      if (result === 'noProduct') throw notFound();
      if (result === 'notWaitlistable') throw new ApiError(409, NOT_WAITLISTABLE_MESSAGE, undefined, { code: CATALOG_ERROR_CODES.notWaitlistable });
      return c.json({ data: { slug, waitlisted } }, 200, { 'Cache-Control': NO_STORE });
    });
}
