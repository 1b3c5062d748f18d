import { Hono } from 'hono';
import * as v from 'valibot';
import { SlugSchema } from '../../contract/catalog.ts';
import { CATALOG_ERROR_CODES, WaitlistPatchSchema } from '../../contract/reviews.ts';
import { requireAccess, unauthorized, type AuthEnv } from '../auth/middleware.ts';
import type { AuthService } from '../auth/service.ts';
import { listWaitlist, setWaitlisted } from '../catalog/waitlist.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { NO_STORE } from '../http/cache.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { parseInput, parseJsonBody } from '../http/validate.ts';
import { eq } from 'drizzle-orm';

const SlugParamSchema = v.object({ slug: SlugSchema });

export const NOT_WAITLISTABLE_MESSAGE = 'Only out-of-stock or coming-soon products have a waitlist';

/** `GET waitlist`, `PATCH waitlist/{slug}`: the member's own list, never cached. */
export function waitlistRoutes(db: Db, auth: AuthService) {
  return new Hono<AuthEnv>()
    .use('*', requireAccess(auth))
    .get('/', async (c) => c.json({ data: await listWaitlist(db, Number(c.var.auth.sub)) }, 200, { 'Cache-Control': NO_STORE }))
    .patch('/:slug', async (c) => {
      const { slug } = parseInput(SlugParamSchema, c.req.param(), 'param');
      const { waitlisted } = await parseJsonBody(c, WaitlistPatchSchema);
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
