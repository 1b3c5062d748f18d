import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { AUTH_MESSAGES, SignInSchema, type CurrentUser } from '../../contract/auth.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { clearSessionCookies, deviceIdFromCookie, refreshTokenFromCookie, setSessionCookies } from '../auth/cookies.ts';
import { requireAccess, unauthorized, type AuthEnv } from '../auth/middleware.ts';
import { verifyAgainstDummy, verifyPassword } from '../auth/password.ts';
import type { AuthService } from '../auth/service.ts';
import type { AppEnv } from '../http/site.ts';
import { parseJsonBody } from '../http/validate.ts';
import { sessionCookieValues } from './auth-token.ts';

const DEVICE_ID = /^[A-Za-z0-9_-]{8,64}$/;

function toCurrentUser(user: typeof users.$inferSelect): CurrentUser {
  return { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, country: user.country, role: user.role };
}

/** `POST sessions` signs in (sets the session cookies), `DELETE sessions` signs out. */
export function sessionRoutes(db: Db, auth: AuthService) {
  return new Hono<AppEnv>()
    .post('/', async (c) => {
      const { email, password } = await parseJsonBody(c, SignInSchema);
      const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
      // Unknown email and wrong password take the same scrypt time and give the same answer.
      const valid = user ? await verifyPassword(password, user.passwordHash) : await verifyAgainstDummy(password);
      if (!user || !valid) throw unauthorized();
      const cookieDevice = deviceIdFromCookie(c);
      const deviceId = cookieDevice && DEVICE_ID.test(cookieDevice) ? cookieDevice : randomUUID();
      const session = await auth.startSession({ id: user.id, role: user.role }, deviceId);
      setSessionCookies(c, sessionCookieValues(session));
      return c.json({ data: toCurrentUser(user) }, 201);
    })
    .delete('/', async (c) => {
      const token = refreshTokenFromCookie(c);
      if (token) await auth.revokeFamilyOf(token);
      clearSessionCookies(c);
      return c.json({ message: AUTH_MESSAGES.signedOut }, 200);
    });
}

/** `GET user`: who holds the access token. Lives here until the account slice gives it its own file. */
export function userRoutes(db: Db, auth: AuthService) {
  return new Hono<AuthEnv>().get('/', requireAccess(auth), async (c) => {
    const [user] = await db.select().from(users).where(eq(users.id, Number(c.var.auth.sub)));
    if (!user) throw unauthorized();
    return c.json({ data: toCurrentUser(user) }, 200);
  });
}
