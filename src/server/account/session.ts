import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import type { CurrentUser } from '../../contract/sign-in.ts';
import { deviceIdFromCookie, setSessionCookies } from '../auth/cookies.ts';
import { unauthorized, type AuthEnv } from '../auth/middleware.ts';
import type { AuthService, IssuedSession } from '../auth/service.ts';
import { mergeAtSignIn } from '../cart/merge.ts';
import type { Db } from '../db/client.ts';
import { passwordResets, refreshTokens, users } from '../db/schema.ts';

/** The session and account steps several routes share (sign-in, Google, registration, password changes, the account pages). */

const DEVICE_ID = /^[A-Za-z0-9_-]{8,64}$/;

export function toCurrentUser(user: typeof users.$inferSelect): CurrentUser {
  return { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, country: user.country, role: user.role };
}

/** The holder of the request's access token (after `requireAccess`). */
export async function signedInUser(db: Db, c: Context<AuthEnv>): Promise<typeof users.$inferSelect> {
  const [user] = await db.select().from(users).where(eq(users.id, Number(c.var.auth.sub)));
  // A token outliving its account (deleted meanwhile) is no longer a session.
  if (!user) throw unauthorized();
  return user;
}

export function splitAccessToken(token: string): { data: string; signature: string } {
  const cut = token.lastIndexOf('.');
  return { data: token.slice(0, cut), signature: token.slice(cut + 1) };
}

export function sessionCookieValues(session: IssuedSession) {
  return { ...splitAccessToken(session.access.token), refreshToken: session.refreshToken, deviceId: session.deviceId };
}

/**
 * Starts a new token family for the user on this browser (its `device-id` kept) and sets the session
 * cookies; then the browser's guest bags merge into the member's (every way in — password, Google,
 * registration — comes through here). A failed merge never fails the sign-in (src/server/cart/merge.ts).
 */
export async function startSignedInSession(c: Context, db: Db, auth: AuthService, user: typeof users.$inferSelect, log?: (line: string) => void): Promise<void> {
  const cookieDevice = deviceIdFromCookie(c);
  const deviceId = cookieDevice && DEVICE_ID.test(cookieDevice) ? cookieDevice : randomUUID();
  const session = await auth.startSession({ id: user.id, role: user.role }, deviceId);
  setSessionCookies(c, sessionCookieValues(session));
  await mergeAtSignIn(c, db, user.id, log);
}

/** Every family of the user: a changed password signs out every device (RFC 9700 §4.14: the old sessions may be the attacker's). */
export async function revokeAllSessions(db: Db, userId: number, at: Date): Promise<void> {
  await db.update(refreshTokens).set({ revokedAt: at }).where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** Reset links still out stop working once the password changed some other way. */
export async function retireResetLinks(db: Db, userId: number, at: Date): Promise<void> {
  await db.update(passwordResets).set({ usedAt: at }).where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}
