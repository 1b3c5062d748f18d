import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { BeautyProfileSchema, EMPTY_BEAUTY_PROFILE, isBeautyProfileComplete, type BeautyProfile } from '../../contract/account.ts';
import type { Db } from '../db/client.ts';
import { beautyProfiles } from '../db/schema.ts';

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
