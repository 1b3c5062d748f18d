import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { BEAUTY_PASS_TERMS, ENTRY_TIER } from '../../config/consents.ts';
import {
  ACCOUNT_ERROR_CODES,
  ACCOUNT_MESSAGES,
  BeautyProfileSchema,
  ChangePasswordSchema,
  CONSENT_KINDS,
  EMPTY_BEAUTY_PROFILE,
  FIELD_MESSAGES,
  isBeautyProfileComplete,
  ProfilePatchSchema,
  RegisterSchema,
  type Account,
  type BeautyProfile,
} from '../../contract/account.ts';
import { TierNameSchema } from '../../contract/loyalty.ts';
import { SESSION_COOKIE_MAX_AGE } from '../auth/cookies.ts';
import { clientKeyOf, createSignInThrottle, DEFAULT_SIGN_IN_LIMITS, type SignInLimits } from '../auth/throttle.ts';
import type { IdTokenVerifier, VerifiedIdentity } from '../auth/identity.ts';
import { requireAccess, unauthorized, type AuthEnv } from '../auth/middleware.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import type { AuthService } from '../auth/service.ts';
import type { Db } from '../db/client.ts';
import { beautyPassMembers, beautyProfiles, consents, passwordResets, refreshTokens, userIdentities, users } from '../db/schema.ts';
import { ApiError, invalidRequest } from '../http/errors.ts';
import { parseJsonBody } from '../http/validate.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { passwordChangedEmail, welcomeEmail } from '../mail/templates.ts';
import { startSignedInSession, toCurrentUser } from './sessions.ts';

export interface AccountRouteOptions {
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

/** Every family of the user: a changed password signs out every device (RFC 9700 §4.14: the old sessions may be the attacker's). */
export async function revokeAllSessions(db: Db, userId: number, at: Date): Promise<void> {
  await db.update(refreshTokens).set({ revokedAt: at }).where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** Reset links still out stop working once the password changed some other way. */
export async function retireResetLinks(db: Db, userId: number, at: Date): Promise<void> {
  await db.update(passwordResets).set({ usedAt: at }).where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

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

/**
 * Accounts (issue 4): `POST user` (register), `PATCH user`, `PUT user/password`, `GET account`,
 * `GET`/`PUT beauty-profile`. `GET user` stays with the sessions.
 */
export function accountRoutes(db: Db, auth: AuthService, { idTokens = null, signIn = DEFAULT_SIGN_IN_LIMITS, log = console.error }: AccountRouteOptions = {}) {
  // The throttle keeps its counts in the database, so this instance and the sign-in route's share them.
  const throttle = createSignInThrottle(db, signIn, log);
  const signedInUser = async (c: Context<AuthEnv>): Promise<UserRow> => {
    const [user] = await db.select().from(users).where(eq(users.id, Number(c.var.auth.sub)));
    // A token outliving its account (deleted meanwhile) is no longer a session.
    if (!user) throw unauthorized();
    return user;
  };

  const verifyGoogle = async (idToken: string): Promise<VerifiedIdentity> => {
    if (!idTokens) throw invalidRequest([{ field: 'body.googleIdToken', message: ACCOUNT_MESSAGES.googleNotConfigured }]);
    const identity = await idTokens.verify(idToken);
    if (!identity) throw invalidRequest([{ field: 'body.googleIdToken', message: ACCOUNT_MESSAGES.googleInvalid }]);
    return identity;
  };

  const profileOf = async (userId: number) => {
    const [row] = await db.select().from(beautyProfiles).where(eq(beautyProfiles.userId, userId));
    const profile = row ? storedProfile(row.profile) : EMPTY_BEAUTY_PROFILE;
    return { profile, completed: isBeautyProfileComplete(profile), updatedAt: row ? row.updatedAt.toISOString() : null };
  };

  return new Hono<AuthEnv>()
    .post('/user', async (c) => {
      const body = await parseJsonBody(c, RegisterSchema);
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
          if (joinsBeautyPass) await tx.insert(beautyPassMembers).values({ userId: created.id, tier: ENTRY_TIER, points: 0, termsVariant: terms.variant });
          if (identity) await tx.insert(userIdentities).values({ userId: created.id, issuer: identity.issuer, subject: identity.subject, email: identity.email });
          await enqueueEmail(tx, welcomeEmail(created, { beautyPassMember: joinsBeautyPass }));
          return created;
        });
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (constraint === null) throw error;
        throw constraint.startsWith('user_identities') ? identityLinked() : emailTaken();
      }
      await startSignedInSession(c, auth, user);
      return c.json({ data: toCurrentUser(user) }, 201);
    })
    .patch('/user', requireAccess(auth), async (c) => {
      const patch = await parseJsonBody(c, ProfilePatchSchema);
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
    .put('/user/password', requireAccess(auth), async (c) => {
      const body = await parseJsonBody(c, ChangePasswordSchema);
      const user = await signedInUser(c);
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
        await enqueueEmail(tx, passwordChangedEmail(user));
      });
      // Every other device is signed out; this one goes on with a fresh family.
      await startSignedInSession(c, auth, user);
      return c.json({ message: ACCOUNT_MESSAGES.passwordChanged }, 200);
    })
    .get('/account', requireAccess(auth), async (c) => {
      const user = await signedInUser(c);
      const [member] = await db.select().from(beautyPassMembers).where(eq(beautyPassMembers.userId, user.id));
      const { completed } = await profileOf(user.id);
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
    })
    .get('/beauty-profile', requireAccess(auth), async (c) => {
      const user = await signedInUser(c);
      return c.json({ data: await profileOf(user.id) }, 200);
    })
    .put('/beauty-profile', requireAccess(auth), async (c) => {
      const profile = await parseJsonBody(c, BeautyProfileSchema);
      const user = await signedInUser(c);
      const at = new Date(auth.now());
      await db
        .insert(beautyProfiles)
        .values({ userId: user.id, profile, updatedAt: at })
        .onConflictDoUpdate({ target: beautyProfiles.userId, set: { profile, updatedAt: at } });
      return c.json({ data: { profile, completed: isBeautyProfileComplete(profile), updatedAt: at.toISOString() } }, 200);
    });
}
