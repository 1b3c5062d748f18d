import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { BEAUTY_PASS_TERMS } from '../../config/consents.ts';
import { ACCOUNT_ERROR_CODES, ACCOUNT_MESSAGES, ChangePasswordSchema, CONSENT_KINDS, FIELD_MESSAGES, ProfilePatchSchema, RegisterSchema } from '../../contract/account.ts';
import type { IdTokenVerifier, VerifiedIdentity } from '../auth/identity.ts';
import { requireAccess, unauthorized, type AuthEnv } from '../auth/middleware.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import type { AuthService } from '../auth/service.ts';
import { clientKeyOf, createSignInThrottle, DEFAULT_SIGN_IN_LIMITS, type SignInLimits } from '../auth/throttle.ts';
import type { Db } from '../db/client.ts';
import { consents, userIdentities, users } from '../db/schema.ts';
import { ApiError, invalidRequest } from '../http/errors.ts';
import { joinBeautyPass } from '../loyalty/join.ts';
import { siteOf } from '../http/site.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { passwordChangedEmail, welcomeEmail } from '../mail/templates.ts';
import { retireResetLinks, revokeAllSessions, signedInUser, startSignedInSession, toCurrentUser } from '../account/session.ts';
import { endpoint, jsonBody } from '../openapi/declare.ts';
import { CurrentUserResponseSchema } from '../../contract/sign-in.ts';
import { MessageResponseSchema } from '../../contract/auth.ts';

export interface UserRouteOptions {
  /** Checks the Google ID token a registration may carry; null: Google sign-in is off. */
  idTokens?: IdTokenVerifier | null;
  /** The sign-in throttle's limits: wrong current passwords count like failed sign-ins. */
  signIn?: SignInLimits;
  log?: (line: string) => void;
}

type UserRow = typeof users.$inferSelect;

const emailTaken = () =>
  new ApiError(409, ACCOUNT_MESSAGES.emailTaken, [{ field: 'body.email', message: ACCOUNT_MESSAGES.emailTaken }], { code: ACCOUNT_ERROR_CODES.emailTaken });
const identityLinked = () =>
  new ApiError(409, ACCOUNT_MESSAGES.identityLinked, [{ field: 'body.googleIdToken', message: ACCOUNT_MESSAGES.identityLinked }], { code: ACCOUNT_ERROR_CODES.identityLinked });

/** The unique index a failed insert hit, when it was a unique violation (the check before it lost a race). */
function uniqueViolation(error: unknown): string | null {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}



/**
 * The signed-in shopper's own record (issue 4), every route of `user` in one place: `GET user`
 * (who holds the access token), `POST user` (register), `PATCH user` (profile and marketing
 * consent), `PUT user/password`.
 */
export function userRoutes(db: Db, auth: AuthService, { idTokens = null, signIn = DEFAULT_SIGN_IN_LIMITS, log = console.error }: UserRouteOptions = {}) {
  // The throttle keeps its counts in the database, so this instance and the sign-in route's share them.
  const throttle = createSignInThrottle(db, signIn, log);

  const verifyGoogle = async (idToken: string): Promise<VerifiedIdentity> => {
    if (!idTokens) throw invalidRequest([{ field: 'body.googleIdToken', message: ACCOUNT_MESSAGES.googleNotConfigured }]);
    const identity = await idTokens.verify(idToken);
    if (!identity) throw invalidRequest([{ field: 'body.googleIdToken', message: ACCOUNT_MESSAGES.googleInvalid }]);
    return identity;
  };

  return new Hono<AuthEnv>()
    .get('/', endpoint({ id: 'user.index', operation: 'index', description: 'The signed-in user.', status: 200, response: CurrentUserResponseSchema, auth: true }), requireAccess(auth), async (c) => c.json({ data: toCurrentUser(await signedInUser(db, c)) }, 200))
    .post('/', endpoint({ id: 'user.create', operation: 'create', description: 'Registers an account with its consents (the Beauty Pass one with the country\'s terms variant makes a Pink member), optionally linking a Google account; signs in (session cookies). 409 email_taken, terms_outdated or identity_linked.', status: 201, response: CurrentUserResponseSchema, errors: { 409: 'An account with that email exists.' } }), jsonBody(RegisterSchema), async (c) => {
      const body = c.req.valid('json');
      const terms = BEAUTY_PASS_TERMS[body.country];
      const joinsBeautyPass = body.consents.beautyPass;
      if (joinsBeautyPass) {
        if (body.beautyPassTermsVariant === undefined) throw invalidRequest([{ field: 'body.beautyPassTermsVariant', message: FIELD_MESSAGES.required }]);
        // The form showed an older text than the one in force: the member must read and agree again.
        if (body.beautyPassTermsVariant !== terms.variant) {
          throw new ApiError(409, ACCOUNT_MESSAGES.termsOutdated, [{ field: 'body.beautyPassTermsVariant', message: ACCOUNT_MESSAGES.termsOutdated }], {
            code: ACCOUNT_ERROR_CODES.termsOutdated,
          });
        }
      }
      const identity = body.googleIdToken === undefined ? null : await verifyGoogle(body.googleIdToken);
      // Outside the transaction: scrypt takes ~100 ms and must not hold locks.
      const passwordHash = await hashPassword(body.password);

      let user: UserRow;
      try {
        // One transaction: a failure anywhere leaves no user, no consents, no member row and no email.
        user = await db.transaction(async (tx) => {
          const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, body.email));
          if (taken) throw emailTaken();
          if (identity) {
            const [linked] = await tx
              .select({ id: userIdentities.id })
              .from(userIdentities)
              .where(and(eq(userIdentities.issuer, identity.issuer), eq(userIdentities.subject, identity.subject)));
            if (linked) throw identityLinked();
          }
          const [created] = await tx
            .insert(users)
            .values({ email: body.email, passwordHash, firstName: body.firstName, lastName: body.lastName, country: body.country, marketingConsent: body.consents.marketing })
            .returning();
          if (!created) throw new Error('insert into users returned no row');
          await tx.insert(consents).values(
            CONSENT_KINDS.map((kind) => ({
              userId: created.id,
              kind,
              granted: body.consents[kind],
              variant: kind === 'beautyPass' && joinsBeautyPass ? terms.variant : null,
            })),
          );
          // The same joining as from the account (its year, its points' clock, the registration points); the consents are written above.
          if (joinsBeautyPass) await joinBeautyPass(tx, { userId: created.id, country: body.country, now: new Date(auth.now()), recordConsent: false });
          if (identity) await tx.insert(userIdentities).values({ userId: created.id, issuer: identity.issuer, subject: identity.subject, email: identity.email });
          // Users have no language of their own (no column): the email is in the language the registration came in.
          await enqueueEmail(tx, welcomeEmail(created, siteOf(c).language, { beautyPassMember: joinsBeautyPass }));
          return created;
        });
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (constraint === null) throw error;
        throw constraint.startsWith('user_identities') ? identityLinked() : emailTaken();
      }
      await startSignedInSession(c, db, auth, user, log);
      return c.json({ data: toCurrentUser(user) }, 201);
    })
    .patch('/', endpoint({ id: 'user.update', operation: 'update', description: 'Changes the profile fields sent (names, marketing consent; a consent change is recorded).', status: 200, response: CurrentUserResponseSchema, singular: true, auth: true }), requireAccess(auth), jsonBody(ProfilePatchSchema), async (c) => {
      const patch = c.req.valid('json');
      const userId = Number(c.var.auth.sub);
      const updated = await db.transaction(async (tx) => {
        // Locked, so two edits of the marketing consent cannot both see the old value and both log a change.
        const [current] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
        if (!current) throw unauthorized();
        const [row] = await tx
          .update(users)
          .set({
            ...(patch.firstName === undefined ? {} : { firstName: patch.firstName }),
            ...(patch.lastName === undefined ? {} : { lastName: patch.lastName }),
            ...(patch.marketingConsent === undefined ? {} : { marketingConsent: patch.marketingConsent }),
            updatedAt: new Date(auth.now()),
          })
          .where(eq(users.id, userId))
          .returning();
        if (patch.marketingConsent !== undefined && patch.marketingConsent !== current.marketingConsent) {
          await tx.insert(consents).values({ userId, kind: 'marketing', granted: patch.marketingConsent, variant: null });
        }
        return row ?? current;
      });
      return c.json({ data: toCurrentUser(updated) }, 200);
    })
    .put('/password', endpoint({ id: 'userPassword.replace', operation: 'replace', description: 'Changes the password (400 wrong_password), signs out every other device and starts a new session here.', status: 200, response: MessageResponseSchema, singular: true, auth: true, errors: { 403: 'The current password is wrong; or refused as cross-site.' } }), requireAccess(auth), jsonBody(ChangePasswordSchema), async (c) => {
      const body = c.req.valid('json');
      const user = await signedInUser(db, c);
      // A stolen session must not become a way to guess the password: same limits as sign-in.
      const pair = { accountKey: user.email, clientKey: clientKeyOf(c, signIn.trustProxy) };
      await throttle.admit(pair);
      if (!(await verifyPassword(body.currentPassword, user.passwordHash))) {
        const blocked = await throttle.failed(pair);
        if (blocked && blocked.status !== 401) throw blocked;
        throw new ApiError(400, ACCOUNT_MESSAGES.wrongPassword, [{ field: 'body.currentPassword', message: ACCOUNT_MESSAGES.wrongPassword }], {
          code: ACCOUNT_ERROR_CODES.wrongPassword,
        });
      }
      await throttle.succeeded(pair);
      const passwordHash = await hashPassword(body.newPassword);
      const at = new Date(auth.now());
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: at }).where(eq(users.id, user.id));
        await revokeAllSessions(tx, user.id, at);
        await retireResetLinks(tx, user.id, at);
        // In the language of the request that changed it (users have no language column).
        await enqueueEmail(tx, passwordChangedEmail(user, siteOf(c).language));
      });
      // Every other device is signed out; this one goes on with a fresh family.
      await startSignedInSession(c, db, auth, user, log);
      return c.json({ message: ACCOUNT_MESSAGES.passwordChanged }, 200);
    });
}
