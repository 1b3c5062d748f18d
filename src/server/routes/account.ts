import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Account } from '../../contract/account.ts';
import { SESSION_COOKIE_MAX_AGE } from '../auth/cookies.ts';
import { requireAccess, type AuthEnv } from '../auth/middleware.ts';
import type { AuthService } from '../auth/service.ts';
import type { Db } from '../db/client.ts';
import { todayIn } from '../../contract/calendar-day.ts';
import { refreshTokens } from '../db/schema.ts';
import { readMember } from '../loyalty/ledger.ts';
import { pointsSummaryOf } from '../loyalty/rules.ts';
import { settlementOf } from '../loyalty/settle.ts';
import { beautyProfileOf } from '../account/beauty-profile.ts';
import { signedInUser, toCurrentUser } from '../account/session.ts';
import { endpoint } from '../openapi/declare.ts';
import { AccountResponseSchema } from '../../contract/account.ts';

/**
 * The membership as the dashboard's summary shows it: tier and balance as settling today would
 * leave them (an expiry or a year end the job has not written yet already counts), as GET
 * beauty-pass shows them.
 */
async function memberSummary(db: Db, userId: number, now: Date): Promise<Account['beautyPass']> {
  const member = await readMember(db, userId);
  if (!member) return null;
  const today = todayIn(member.country, now.getTime());
  const { state } = await settlementOf(db, member, today);
  return { tier: state.tier, points: pointsSummaryOf(state, today).balance, termsVariant: member.termsVariant, joinedAt: member.joinedAt.toISOString() };
}

/** `GET account`: the account page's summary (Beauty Pass membership, profile, live sessions). */
export function accountRoutes(db: Db, auth: AuthService) {
  return new Hono<AuthEnv>()
    .get('/', endpoint({ id: 'account.index', operation: 'index', description: 'The account dashboard: user, Beauty Pass membership, beauty profile completion, signed-in devices.', status: 200, response: AccountResponseSchema, auth: true }), requireAccess(auth), async (c) => {
      const user = await signedInUser(db, c);
      const member = await memberSummary(db, user.id, new Date(auth.now()));
      const { completed } = await beautyProfileOf(db, user.id);
      const liveSince = new Date(auth.now() - SESSION_COOKIE_MAX_AGE * 1000);
      const [sessions] = await db
        .select({ n: sql<number>`count(distinct ${refreshTokens.familyId})::int` })
        .from(refreshTokens)
        .where(and(eq(refreshTokens.userId, user.id), isNull(refreshTokens.revokedAt), isNull(refreshTokens.usedAt), gt(refreshTokens.createdAt, liveSince)));
      const data: Account = {
        user: toCurrentUser(user),
        beautyPass: member,
        beautyProfileCompleted: completed,
        activeSessions: sessions?.n ?? 0,
        memberSince: user.createdAt.toISOString(),
        marketingConsent: user.marketingConsent,
      };
      return c.json({ data }, 200);
    });
}
