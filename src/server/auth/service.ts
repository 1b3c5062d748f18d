import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { refreshTokens, type UserRole } from '../db/schema.ts';
import { SESSION_COOKIE_MAX_AGE } from './cookies.ts';
import { signAccessToken, verifyAccessToken, type AccessClaims, type SignedToken } from './jwt.ts';
import { loadJwtSecret } from './secret.ts';

export interface AuthOptions {
  /** How long a just-rotated refresh token may be presented again and get the same successor (two tabs refreshing at once). */
  refreshGraceMs?: number;
  /** Clock for token times; tests move it. */
  now?: () => number;
  /** Environment the JWT secret is read from. */
  env?: NodeJS.ProcessEnv;
}

export const DEFAULT_REFRESH_GRACE_MS = 10_000;
const REFRESH_TOKEN_MS = SESSION_COOKIE_MAX_AGE * 1000;

export interface Subject {
  id: number;
  role: UserRole;
}

export interface IssuedSession {
  access: SignedToken;
  refreshToken: string;
  deviceId: string;
}

export type RefreshResult = { ok: true; session: IssuedSession; userId: number } | { ok: false };

const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

export interface AuthService {
  now(): number;
  secret(): Promise<Buffer>;
  verify(token: string, options?: { allowExpired?: boolean }): Promise<AccessClaims | null>;
  /** A new token family for a sign-in. */
  startSession(subject: Subject, deviceId: string): Promise<IssuedSession>;
  /** Rotates a refresh token; `role` is looked up fresh by the caller through `lookupRole`. */
  refresh(token: string, lookupRole: (userId: number) => Promise<UserRole | null>): Promise<RefreshResult>;
  /** Sign-out: every token of the presented token's family is revoked. */
  revokeFamilyOf(token: string): Promise<void>;
}

export function createAuthService(db: Db, options: AuthOptions = {}): AuthService {
  const now = options.now ?? Date.now;
  const graceMs = options.refreshGraceMs ?? DEFAULT_REFRESH_GRACE_MS;
  let secretPromise: Promise<Buffer> | null = null;
  const secret = (): Promise<Buffer> => {
    secretPromise ??= loadJwtSecret(db, options.env).catch((error: unknown) => {
      secretPromise = null;
      throw error;
    });
    return secretPromise;
  };

  /**
   * A token's successor is derived from it with the server key, so a token replayed inside the
   * grace window yields the very same successor without the database ever holding a raw token.
   */
  const successorOf = async (token: string): Promise<string> => createHmac('sha256', await secret()).update(`refresh-successor:${token}`).digest('base64url');

  const revokeFamily = async (familyId: string): Promise<void> => {
    await db.update(refreshTokens).set({ revokedAt: new Date(now()) }).where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  };

  const issueAccess = async (subject: Subject): Promise<SignedToken> => signAccessToken(await secret(), subject, now());

  return {
    now,
    secret,
    verify: async (token, verifyOptions) => verifyAccessToken(await secret(), token, now(), verifyOptions),

    async startSession(subject, deviceId) {
      const refreshToken = randomBytes(32).toString('base64url');
      await db.insert(refreshTokens).values({
        familyId: randomUUID(),
        userId: subject.id,
        tokenHash: sha256(refreshToken),
        deviceId,
        createdAt: new Date(now()),
      });
      return { access: await issueAccess(subject), refreshToken, deviceId };
    },

    async refresh(token, lookupRole) {
      const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, sha256(token)));
      if (!row || row.revokedAt) return { ok: false };
      const at = now();
      if (at - row.createdAt.getTime() > REFRESH_TOKEN_MS) return { ok: false };
      const successor = await successorOf(token);
      if (row.usedAt) {
        const next = row.replacedBy === null ? undefined : (await db.select().from(refreshTokens).where(eq(refreshTokens.id, row.replacedBy)))[0];
        // Reuse (RFC 9700 §4.14.2): outside the window, or once the successor moved on, someone else holds the family.
        const inGrace = at - row.usedAt.getTime() <= graceMs;
        if (!inGrace || !next || next.usedAt || next.revokedAt || next.tokenHash !== sha256(successor)) {
          await revokeFamily(row.familyId);
          return { ok: false };
        }
      } else {
        // Concurrent refreshes derive the same successor: the unique hash lets exactly one insert land.
        await db
          .insert(refreshTokens)
          .values({ familyId: row.familyId, userId: row.userId, tokenHash: sha256(successor), deviceId: row.deviceId, createdAt: new Date(at) })
          .onConflictDoNothing();
        const [next] = await db.select({ id: refreshTokens.id }).from(refreshTokens).where(eq(refreshTokens.tokenHash, sha256(successor)));
        if (!next) return { ok: false };
        const claimed = await db
          .update(refreshTokens)
          .set({ usedAt: new Date(at), replacedBy: next.id })
          .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
          .returning({ id: refreshTokens.id });
        if (claimed.length === 0) {
          // A parallel request marked it used a moment ago: that is the grace case, unless the family was revoked.
          const [again] = await db.select().from(refreshTokens).where(eq(refreshTokens.id, row.id));
          if (!again || again.revokedAt || again.replacedBy !== next.id) return { ok: false };
        }
      }
      const role = await lookupRole(row.userId);
      if (!role) return { ok: false };
      return { ok: true, userId: row.userId, session: { access: await issueAccess({ id: row.userId, role }), refreshToken: successor, deviceId: row.deviceId } };
    },

    async revokeFamilyOf(token) {
      const [row] = await db.select({ familyId: refreshTokens.familyId }).from(refreshTokens).where(eq(refreshTokens.tokenHash, sha256(token)));
      if (row) await revokeFamily(row.familyId);
    },
  };
}
