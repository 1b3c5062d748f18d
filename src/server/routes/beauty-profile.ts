import { Hono } from 'hono';
import { BeautyProfileSchema, isBeautyProfileComplete, BeautyProfileResponseSchema } from '../../contract/account.ts';
import { requireAccess, type AuthEnv } from '../auth/middleware.ts';
import type { AuthService } from '../auth/service.ts';
import type { Db } from '../db/client.ts';
import { beautyProfiles } from '../db/schema.ts';
import { earnInTransaction, PROFILE_EARNING } from '../loyalty/earn.ts';
import { beautyProfileOf } from '../account/beauty-profile.ts';
import { signedInUser } from '../account/session.ts';
import { endpoint, jsonBody } from '../openapi/declare.ts';



/** `GET`/`PUT beauty-profile`: the signed-in member's skin, hair and shade preferences. */
export function beautyProfileRoutes(db: Db, auth: AuthService) {
  return new Hono<AuthEnv>()
    .get('/', endpoint({ id: 'beautyProfile.index', operation: 'index', description: 'The beauty profile (empty answers until filled in) and whether it is complete.', status: 200, response: BeautyProfileResponseSchema, auth: true }), requireAccess(auth), async (c) => {
      const user = await signedInUser(db, c);
      return c.json({ data: await beautyProfileOf(db, user.id) }, 200);
    })
    .put('/', endpoint({ id: 'beautyProfile.replace', operation: 'replace', description: 'Replaces the beauty profile.', status: 200, response: BeautyProfileResponseSchema, singular: true, auth: true }), requireAccess(auth), jsonBody(BeautyProfileSchema), async (c) => {
      const profile = c.req.valid('json');
      const user = await signedInUser(db, c);
      const at = new Date(auth.now());
      const completed = isBeautyProfileComplete(profile);
      // One transaction: the profile and its Beauty Pass points (once, the first time it is complete; members only).
      await db.transaction(async (tx) => {
        await tx
          .insert(beautyProfiles)
          .values({ userId: user.id, profile, updatedAt: at })
          .onConflictDoUpdate({ target: beautyProfiles.userId, set: { profile, updatedAt: at } });
        if (completed) await earnInTransaction(tx, user.id, PROFILE_EARNING, at);
      });
      return c.json({ data: { profile, completed, updatedAt: at.toISOString() } }, 200);
    });
}
