import { and, eq, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { AUTH_MESSAGES, MessageResponseSchema } from '../../contract/auth.ts';
import { SignInSchema, CurrentUserResponseSchema } from '../../contract/sign-in.ts';
import type { Db } from '../db/client.ts';
import { refreshTokens, users } from '../db/schema.ts';
import { clearSessionCookies, refreshTokenFromCookie } from '../auth/cookies.ts';
import { requireAccess, unauthorized, type AuthEnv } from '../auth/middleware.ts';
import { verifyAgainstDummy, verifyPassword } from '../auth/password.ts';
import type { AuthService } from '../auth/service.ts';
import { clientKeyOf, createSignInThrottle, DEFAULT_SIGN_IN_LIMITS, type SignInLimits } from '../auth/throttle.ts';
import type { AppEnv } from '../http/site.ts';
import { startSignedInSession, toCurrentUser } from '../account/session.ts';
import { clearGuestCookie, GUEST_CART_COOKIE } from '../cart/owner.ts';
import { getCookie } from 'hono/cookie';
import { endpoint, jsonBody } from '../openapi/declare.ts';




export interface SessionRouteOptions {
  signIn?: SignInLimits;
  log?: (line: string) => void;
}

/**
 * `POST sessions` signs in (sets the session cookies) behind the brute-force throttle,
 * `DELETE sessions` signs out this device, `DELETE sessions/all` every device.
 */
export function sessionRoutes(db: Db, auth: AuthService, { signIn = DEFAULT_SIGN_IN_LIMITS, log = console.error }: SessionRouteOptions = {}) {
  const throttle = createSignInThrottle(db, signIn, log);
  return new Hono<AppEnv>()
    .post('/', endpoint({ id: 'sessions.create', operation: 'create', description: 'Signs in with email and password; sets the jwt-data, jwt-signature, jwt-refresh-token and device-id cookies.', status: 201, response: CurrentUserResponseSchema, errors: { 401: 'Wrong email or password.', 403: 'Sign-in blocked after too many failures (for the account or the client), with a reference id; or refused as cross-site.' } }), jsonBody(SignInSchema), async (c) => {
      const { email, password } = c.req.valid('json');
      const pair = { accountKey: email.toLowerCase(), clientKey: clientKeyOf(c, signIn.trustProxy) };
      // Refused here, a blocked pair never reaches the password check, even with the right password.
      await throttle.admit(pair);
      const [user] = await db.select().from(users).where(eq(users.email, pair.accountKey));
      // Unknown email and wrong password take the same scrypt time, count alike and give the same answer.
      const valid = user ? await verifyPassword(password, user.passwordHash) : await verifyAgainstDummy(password);
      if (!user || !valid) throw (await throttle.failed(pair)) ?? unauthorized();
      await throttle.succeeded(pair);
      await startSignedInSession(c, db, auth, user, log);
      return c.json({ data: toCurrentUser(user) }, 201);
    })
    .delete('/', endpoint({ id: 'sessions.delete', operation: 'delete', description: 'Signs out: revokes the refresh token family and clears the session cookies.', status: 200, response: MessageResponseSchema, singular: true }), async (c) => {
      const token = refreshTokenFromCookie(c);
      if (token) await auth.revokeFamilyOf(token);
      clearSessionCookies(c);
      // The member's bag stays on the server; this browser starts again with an empty guest bag
      // (a guest bag cookie is normally gone since sign-in merged it; one left by a failed merge goes now).
      if (getCookie(c, GUEST_CART_COOKIE) !== undefined) clearGuestCookie(c);
      return c.json({ message: AUTH_MESSAGES.signedOut }, 200);
    })
    .delete('/all', endpoint({ id: 'sessionsAll.delete', operation: 'delete', description: "Signs out everywhere: revokes every refresh token family of the user (all devices) and clears this browser's session cookies.", status: 200, response: MessageResponseSchema, singular: true, auth: true }), requireAccess(auth), async (c: Context<AuthEnv>) => {
      // Every family of the user, this device's included: no refresh token of theirs works afterwards.
      // Access tokens already out live on until they expire (minutes); nothing is stored to revoke them by.
      await db
        .update(refreshTokens)
        .set({ revokedAt: new Date(auth.now()) })
        .where(and(eq(refreshTokens.userId, Number(c.var.auth.sub)), isNull(refreshTokens.revokedAt)));
      clearSessionCookies(c);
      return c.json({ message: AUTH_MESSAGES.signedOut }, 200);
    });
}
