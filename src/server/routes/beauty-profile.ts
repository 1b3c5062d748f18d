import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { BeautyProfileSchema, EMPTY_BEAUTY_PROFILE, isBeautyProfileComplete, type BeautyProfile } from '../../contract/account.ts';
import { requireAccess, type AuthEnv } from '../auth/middleware.ts';
import type { AuthService } from '../auth/service.ts';
import type { Db } from '../db/client.ts';
import { beautyProfiles } from '../db/schema.ts';
import { parseJsonBody } from '../http/validate.ts';
import { earnInTransaction, PROFILE_EARNING } from '../loyalty/earn.ts';
import { signedInUser } from './sessions.ts';

function storedProfile(value: unknown): BeautyProfile {
  // A document written under an older schema keeps whatever still parses field by field.
  const merged = { ...EMPTY_BEAUTY_PROFILE, ...(value && typeof value === 'object' ? value : {}) };
  const result = v.safeParse(BeautyProfileSchema, merged);
  if (result.success) return result.output;
  const kept: Record<string, unknown> = { ...EMPTY_BEAUTY_PROFILE };
  for (const key of Object.keys(EMPTY_BEAUTY_PROFILE) as (keyof BeautyProfile)[]) {
    if (v.safeParse(BeautyProfileSchema.entries[key], merged[key]).success) kept[key] = merged[key];
  }
  return v.parse(BeautyProfileSchema, kept);
}

/** The member's beauty profile as stored (empty when never saved), and whether it is complete. */
export async function beautyProfileOf(db: Db, userId: number) {
  const [row] = await db.select().from(beautyProfiles).where(eq(beautyProfiles.userId, userId));
  const profile = row ? storedProfile(row.profile) : EMPTY_BEAUTY_PROFILE;
  return { profile, completed: isBeautyProfileComplete(profile), updatedAt: row ? row.updatedAt.toISOString() : null };
}

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
