import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { Account } from '../../contract/account.ts';
import { TierNameSchema } from '../../contract/loyalty.ts';
import { SESSION_COOKIE_MAX_AGE } from '../auth/cookies.ts';
import { requireAccess, type AuthEnv } from '../auth/middleware.ts';
import type { AuthService } from '../auth/service.ts';
import type { Db } from '../db/client.ts';
import { beautyPassMembers, refreshTokens } from '../db/schema.ts';
import { beautyProfileOf } from './beauty-profile.ts';
import { signedInUser, toCurrentUser } from './sessions.ts';

/** `GET account`: the account page's summary (Beauty Pass membership, profile, live sessions). */
export function accountRoutes(db: Db, auth: AuthService) {
  return new Hono<AuthEnv>()
    .get('/', requireAccess(auth), async (c) => {
      const user = await signedInUser(db, c);
      const [member] = await db.select().from(beautyPassMembers).where(eq(beautyPassMembers.userId, user.id));
      const { completed } = await beautyProfileOf(db, user.id);
      const liveSince = new Date(auth.now() - SESSION_COOKIE_MAX_AGE * 1000);
      const [sessions] = await db
        .select({ n: sql<number>`count(distinct ${refreshTokens.familyId})::int` })
        .from(refreshTokens)
        .where(and(eq(refreshTokens.userId, user.id), isNull(refreshTokens.revokedAt), isNull(refreshTokens.usedAt), gt(refreshTokens.createdAt, liveSince)));
      const tier = member ? v.safeParse(TierNameSchema, member.tier) : null;
      const data: Account = {
        user: toCurrentUser(user),
        beautyPass:
          member && tier?.success ? { tier: tier.output, points: member.points, termsVariant: member.termsVariant, joinedAt: member.joinedAt.toISOString() } : null,
        beautyProfileCompleted: completed,
        activeSessions: sessions?.n ?? 0,
        memberSince: user.createdAt.toISOString(),
        marketingConsent: user.marketingConsent,
      };
      return c.json({ data }, 200);
    });
}
