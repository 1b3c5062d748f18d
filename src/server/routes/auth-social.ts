import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { ACCOUNT_ERROR_CODES, ACCOUNT_MESSAGES, SocialSignInSchema } from '../../contract/account.ts';
import type { Db } from '../db/client.ts';
import { userIdentities, users } from '../db/schema.ts';
import type { IdTokenVerifier } from '../auth/identity.ts';
import { unauthorized } from '../auth/middleware.ts';
import type { AuthService } from '../auth/service.ts';
import { ApiError, notFound } from '../http/errors.ts';
import type { AppEnv } from '../http/site.ts';
import { startSignedInSession, toCurrentUser } from '../account/session.ts';
import { endpoint, jsonBody } from '../openapi/declare.ts';
import { CurrentUserResponseSchema } from '../../contract/sign-in.ts';

export const SOCIAL_NOT_CONFIGURED_MESSAGE = 'Google sign-in is not configured';

/**
 * `POST auth/social`: signs in with a Google ID token. Only an identity linked before (issuer and
 * subject in `user_identities`) signs in. An account is never matched by email: whoever controls
 * an issuer account carrying someone's address would otherwise take that store account over.
 */
export function socialAuthRoutes(db: Db, auth: AuthService, idTokens: IdTokenVerifier | null) {
  return new Hono<AppEnv>().post('/social', endpoint({ id: 'authSocial.create', operation: 'create', description: 'Signs in with a Google (OpenID Connect) ID token of an identity linked to an account; sets the session cookies. A genuine token not linked yet: 404 social_not_linked with its email and names for registration. 404 when Google sign-in is not configured.', status: 201, response: CurrentUserResponseSchema, errors: { 401: 'The ID token is not genuine, expired, or for another client.', 404: 'social_not_linked: a genuine identity not linked to an account (its email and names come back for registration); or Google sign-in is not configured.' } }), jsonBody(SocialSignInSchema), async (c) => {
    if (!idTokens) throw notFound(SOCIAL_NOT_CONFIGURED_MESSAGE);
    const { idToken } = c.req.valid('json');
    const identity = await idTokens.verify(idToken);
    if (!identity) throw unauthorized();
    const [linked] = await db
      .select({ user: users })
      .from(userIdentities)
      .innerJoin(users, eq(users.id, userIdentities.userId))
      .where(and(eq(userIdentities.issuer, identity.issuer), eq(userIdentities.subject, identity.subject)));
    if (!linked) {
      // The register form starts from what the provider said; linking happens only when that registration succeeds.
      throw new ApiError(404, ACCOUNT_MESSAGES.notLinked, undefined, {
        code: ACCOUNT_ERROR_CODES.socialNotLinked,
        email: identity.email,
        firstName: identity.givenName,
        lastName: identity.familyName,
      });
    }
    await startSignedInSession(c, db, auth, linked.user);
    return c.json({ data: toCurrentUser(linked.user) }, 201);
  });
}
