import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { TokenRequestSchema, type TokenResponse, TokenResponseSchema } from '../../contract/auth.ts';
import type { Db } from '../db/client.ts';
import { users, type UserRole } from '../db/schema.ts';
import { refreshTokenFromCookie, setSessionCookies } from '../auth/cookies.ts';
import { ACCESS_TOKEN_SECONDS } from '../auth/jwt.ts';
import { accessToken, unauthorized } from '../auth/middleware.ts';
import type { AuthService } from '../auth/service.ts';
import { sessionCookieValues } from '../account/session.ts';
import type { AppEnv } from '../http/site.ts';
import { endpoint, jsonBody } from '../openapi/declare.ts';



/** `POST auth/token` (spec §7): rotates the refresh token, client flow through cookies, app flow through the body. */
export function authTokenRoutes(db: Db, auth: AuthService) {
  const lookupRole = async (userId: number): Promise<UserRole | null> => {
    const [user] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
    return user?.role ?? null;
  };

  return new Hono<AppEnv>().post('/token', endpoint({ id: 'authToken.create', operation: 'create', description: 'Refreshes the session: rotates the refresh token (cookie in the client flow, body plus Bearer access token in the app flow) and issues a new access token.', status: 200, response: TokenResponseSchema, errors: { 401: 'Wrong email or password.', 403: 'Sign-in blocked after too many failures (for the account or the client), with a reference id.' } }), jsonBody(TokenRequestSchema), async (c) => {
    const body = c.req.valid('json');
    if (body.flow === 'client') {
      const token = refreshTokenFromCookie(c);
      if (!token) throw unauthorized();
      const result = await auth.refresh(token, lookupRole);
      if (!result.ok) throw unauthorized();
      setSessionCookies(c, sessionCookieValues(result.session));
      return c.json({ data: { token_type: 'Bearer', expires_in: ACCESS_TOKEN_SECONDS } } satisfies TokenResponse, 200);
    }
    // The app proves who it is with its (possibly expired) access token, bound to the same user and device.
    const bearer = c.req.header('authorization') === undefined ? null : accessToken(c);
    const claims = bearer ? await auth.verify(bearer, { allowExpired: true }) : null;
    if (!claims) throw unauthorized();
    const result = await auth.refresh(body.refresh_token, lookupRole);
    if (!result.ok || String(result.userId) !== claims.sub || result.session.deviceId !== body.device_id) throw unauthorized();
    const response: TokenResponse = {
      data: { token_type: 'Bearer', expires_in: ACCESS_TOKEN_SECONDS, access_token: result.session.access.token, refresh_token: result.session.refreshToken },
    };
    return c.json(response, 200);
  });
}
