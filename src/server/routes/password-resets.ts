import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, gte, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { DEFAULT_RESET_EMAILS_PER_HOUR, DEFAULT_RESET_TTL_MS } from '../../config/api-limits.ts';
import * as v from 'valibot';
import { DEFAULT_PORT } from '../env.ts';
import { ACCOUNT_ERROR_CODES, ACCOUNT_MESSAGES, PasswordResetRequestSchema, PasswordResetSchema, ResetTokenSchema, PasswordResetShowSchema } from '../../contract/account.ts';
import { hashPassword } from '../auth/password.ts';
import type { AuthService } from '../auth/service.ts';
import type { Db } from '../db/client.ts';
import { passwordResets, users } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { siteOf, type AppEnv } from '../http/site.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { passwordChangedEmail, passwordResetEmail } from '../mail/templates.ts';
import { retireResetLinks, revokeAllSessions } from '../account/session.ts';
import { endpoint, jsonBody } from '../openapi/declare.ts';
import { MessageResponseSchema } from '../../contract/auth.ts';

const HOUR_MS = 3_600_000;

export interface PasswordResetOptions {
  /** Origin of the links in the emails (`PUBLIC_URL`); a function when only known once the server listens. */
  publicUrl?: string | (() => string);
  /** How long a reset link works. */
  ttlMs?: number;
  /** Reset emails per address per rolling hour; requests beyond it get the same answer and send nothing. */
  emailsPerHour?: number;
}

const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

const linkGone = () => new ApiError(410, ACCOUNT_MESSAGES.resetLinkInvalid, undefined, { code: ACCOUNT_ERROR_CODES.resetLinkInvalid });

/** `jane@example.com` → `j***@example.com`: enough to recognise one's own address, not to learn someone else's. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/**
 * Password reset (spec §8): `POST password-resets` answers the same 202 whether or not the email
 * is on record; the link's token is 32 random bytes of which only the sha256 is stored; `GET` checks a link,
 * `PUT` uses it once and signs out every device.
 */
export function passwordResetRoutes(db: Db, auth: AuthService, options: PasswordResetOptions = {}) {
  const ttlMs = options.ttlMs ?? DEFAULT_RESET_TTL_MS;
  const perHour = options.emailsPerHour ?? DEFAULT_RESET_EMAILS_PER_HOUR;
  const configured = options.publicUrl ?? `http://localhost:${DEFAULT_PORT}`;
  const publicUrl = () => (typeof configured === 'function' ? configured() : configured).replace(/\/+$/, '');

  /** The live reset row of a token, with its user; null for unknown, used or expired links and malformed tokens. */
  const liveReset = async (token: string) => {
    if (!v.is(ResetTokenSchema, token)) return null;
    const [row] = await db
      .select({ id: passwordResets.id, userId: passwordResets.userId, expiresAt: passwordResets.expiresAt, email: users.email })
      .from(passwordResets)
      .innerJoin(users, eq(users.id, passwordResets.userId))
      .where(and(eq(passwordResets.tokenHash, sha256(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date(auth.now()))));
    return row ?? null;
  };

  return new Hono<AppEnv>()
    .post('/', endpoint({ id: 'passwordResets.create', operation: 'create', description: 'Asks for a reset link (valid 30 minutes, at most 5 emails per address per hour); the same 202 whether or not the email is on record.', status: 202, response: MessageResponseSchema }), jsonBody(PasswordResetRequestSchema), async (c) => {
      const { email } = c.req.valid('json');
      const now = auth.now();
      // Both branches run the same statements in one transaction (the token is made either way), so
      // the answer time does not tell a known address from an unknown one.
      const token = randomBytes(32).toString('base64url');
      await db.transaction(async (tx) => {
        // The row lock serialises requests for one address, so the hourly limit holds under concurrency.
        const [user] = await tx.select().from(users).where(eq(users.email, email)).for('update');
        const [recent] = await tx
          .select({ n: count() })
          .from(passwordResets)
          .where(and(eq(passwordResets.userId, user?.id ?? 0), gte(passwordResets.createdAt, new Date(now - HOUR_MS))));
        if (!user || (recent?.n ?? 0) >= perHour) return;
        await tx.insert(passwordResets).values({ userId: user.id, tokenHash: sha256(token), expiresAt: new Date(now + ttlMs), createdAt: new Date(now) });
        const link = `${publicUrl()}/reset_password?token=${token}`;
        // Users have no language column: the email is in the language the request came in.
        await enqueueEmail(tx, passwordResetEmail(user, siteOf(c).language, { link, validMinutes: Math.round(ttlMs / 60_000) }));
      });
      return c.json({ message: ACCOUNT_MESSAGES.resetRequested }, 202);
    })
    .get('/:token', endpoint({ id: 'passwordResets.show', operation: 'show', description: 'Checks a reset link: the masked email and expiry, or 410 reset_link_invalid when unknown, expired or used.', status: 200, response: PasswordResetShowSchema, errors: { 410: 'The link is unknown, used or expired: ask for a new one.' } }), async (c) => {
      const reset = await liveReset(c.req.param('token'));
      if (!reset) throw linkGone();
      return c.json({ data: { email: maskEmail(reset.email), expiresAt: reset.expiresAt.toISOString() } }, 200);
    })
    .put('/:token', endpoint({ id: 'passwordResets.replace', operation: 'replace', description: 'Sets a new password with a reset link (works once, 410 afterwards) and signs out every device.', status: 200, response: MessageResponseSchema, errors: { 410: 'The link is unknown, used or expired: ask for a new one.' } }), jsonBody(PasswordResetSchema), async (c) => {
      const token = c.req.param('token');
      // A dead link is answered before the body is looked at: the shopper needs a new link, not a better password.
      if (!(await liveReset(token))) throw linkGone();
      const { password } = c.req.valid('json');
      const passwordHash = await hashPassword(password);
      const at = new Date(auth.now());
      await db.transaction(async (tx) => {
        // The claim is the guard: of two concurrent uses only one update finds the row still unused.
        const [claimed] = await tx
          .update(passwordResets)
          .set({ usedAt: at })
          .where(and(eq(passwordResets.tokenHash, sha256(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, at)))
          .returning({ userId: passwordResets.userId });
        if (!claimed) throw linkGone();
        const [user] = await tx.update(users).set({ passwordHash, updatedAt: at }).where(eq(users.id, claimed.userId)).returning();
        if (!user) throw linkGone();
        await revokeAllSessions(tx, user.id, at);
        await retireResetLinks(tx, user.id, at);
        // In the language of the request that used the link (users have no language column).
        await enqueueEmail(tx, passwordChangedEmail(user, siteOf(c).language));
      });
      return c.json({ message: ACCOUNT_MESSAGES.passwordChanged }, 200);
    });
}
