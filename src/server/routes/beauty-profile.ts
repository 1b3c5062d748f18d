import { Hono } from 'hono';
import { BeautyProfileSchema, isBeautyProfileComplete } from '../../contract/account.ts';
import { requireAccess, type AuthEnv } from '../auth/middleware.ts';
import type { AuthService } from '../auth/service.ts';
import type { Db } from '../db/client.ts';
import { beautyProfiles } from '../db/schema.ts';
import { parseJsonBody } from '../http/validate.ts';
import { earnInTransaction, PROFILE_EARNING } from '../loyalty/earn.ts';
import { beautyProfileOf } from '../account/beauty-profile.ts';
import { signedInUser } from '../account/session.ts';



/** `GET`/`PUT beauty-profile`: the signed-in member's skin, hair and shade preferences. */
export function beautyProfileRoutes(db: Db, auth: AuthService) {
  return new Hono<AuthEnv>()
    .get('/', requireAccess(auth), async (c) => {
      const user = await signedInUser(db, c);
      return c.json({ data: await beautyProfileOf(db, user.id) }, 200);
    })
    .put('/', requireAccess(auth), async (c) => {
      const profile = await parseJsonBody(c, BeautyProfileSchema);
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
