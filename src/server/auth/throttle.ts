import { randomBytes } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import { and, count, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { ACCOUNT_ERROR_CODES, ACCOUNT_MESSAGES } from '../../contract/account.ts';
import {
  DEFAULT_SIGN_IN_BLOCK_SECONDS,
  DEFAULT_SIGN_IN_CLIENT_MAX_FAILURES,
  DEFAULT_SIGN_IN_MAX_FAILURES,
  DEFAULT_SIGN_IN_WINDOW_SECONDS,
  type SignInConfig,
} from '../env.ts';
import type { Db } from '../db/client.ts';
import { signInBlocks, signInFailures } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';

/** Brute-force limits of password sign-in; `now` lets tests move the clock (block expiry). */
export interface SignInLimits extends SignInConfig {
  now?: () => number;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInConfig = {
  maxFailures: DEFAULT_SIGN_IN_MAX_FAILURES,
  windowSeconds: DEFAULT_SIGN_IN_WINDOW_SECONDS,
  blockSeconds: DEFAULT_SIGN_IN_BLOCK_SECONDS,
  clientMaxFailures: DEFAULT_SIGN_IN_CLIENT_MAX_FAILURES,
  trustProxy: false,
};

/** Who is signing in to what: the lower-cased email typed and the client's address. */
export interface SignInPair {
  accountKey: string;
  clientKey: string;
}

export interface SignInThrottle {
  /**
   * Before the password is checked: throws the blocked (403) or rejected (403) error, or records
   * this attempt as a failure in advance and lets it through to the password check.
   */
  admit(pair: SignInPair): Promise<void>;
  /** The password was wrong: the error to answer (401, or the block this failure completed). */
  failed(pair: SignInPair): Promise<ApiError | null>;
  /** The password was right: the pair's failures are forgotten (the attempt's own included). */
  succeeded(pair: SignInPair): Promise<void>;
}

const MAX_CLIENT_KEY = 64;
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `BP-` and 10 base32 characters (50 random bits): short enough to read out to support. */
export function newReferenceId(): string {
  const bytes = randomBytes(10);
  let id = 'BP-';
  for (const byte of bytes) id += CROCKFORD[byte & 31];
  return id;
}

/**
 * The client's address. Through the node server it is the socket's peer; behind a proxy
 * (`TRUST_PROXY=1`) the first `X-Forwarded-For` entry, which the proxy must write itself (a proxy
 * that appends to a client-sent header lets the client choose its key). `app.request()` in tests
 * has no socket: `local`.
 */
export function clientKeyOf(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const first = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (first) return first.slice(0, MAX_CLIENT_KEY);
  }
  const env: unknown = c.env;
  // getConnInfo reads `c.env.incoming.socket` and throws without it.
  if (env && typeof env === 'object' && ('incoming' in env || 'server' in env)) {
    try {
      const address = getConnInfo(c).remote.address;
      if (address) return address.slice(0, MAX_CLIENT_KEY);
    } catch {
      // A binding without a socket (an adapter other than the node server): fall through.
    }
  }
  return 'local';
}

export function blockedError(referenceId: string): ApiError {
  return new ApiError(403, ACCOUNT_MESSAGES.blocked, undefined, { code: ACCOUNT_ERROR_CODES.signInBlocked, referenceId });
}

export function rejectedError(): ApiError {
  return new ApiError(403, ACCOUNT_MESSAGES.rejected, undefined, { code: ACCOUNT_ERROR_CODES.signInRejected });
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export function createSignInThrottle(db: Db, limits: SignInLimits, log: (line: string) => void): SignInThrottle {
  const now = limits.now ?? Date.now;
  const windowMs = limits.windowSeconds * 1000;
  const blockMs = limits.blockSeconds * 1000;
  // Keys are user input: quoted, so an email holding a newline cannot forge a log line.
  const describe = ({ accountKey, clientKey }: SignInPair) => `account=${JSON.stringify(accountKey)} client=${JSON.stringify(clientKey)}`;

  /**
   * Every check-then-count runs in a transaction holding an advisory lock on the client key, so
   * two requests of one client never both read "4 failures" and both go on to a 5th password
   * check: the second waits until the first has recorded its attempt. The lock is per client (not
   * per pair) so the client-wide stuffing count is exact too; it is held for a few small queries,
   * never for the scrypt check. PGlite runs transactions one at a time anyway; on PostgreSQL the
   * lock does it (released at commit or rollback).
   */
  const locked = <T>(clientKey: string, work: (tx: Tx) => Promise<T>): Promise<T> =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sign-in:${clientKey}`}, 0))`);
      return work(tx);
    });

  const activeBlock = async (tx: Tx, pair: SignInPair, at: Date) => {
    const [block] = await tx
      .select({ referenceId: signInBlocks.referenceId })
      .from(signInBlocks)
      .where(and(eq(signInBlocks.accountKey, pair.accountKey), eq(signInBlocks.clientKey, pair.clientKey), gt(signInBlocks.blockedUntil, at)))
      .orderBy(desc(signInBlocks.blockedUntil))
      .limit(1);
    return block?.referenceId ?? null;
  };

  /** Failures of the pair in the window and after its last block: an expired block starts the count afresh. */
  const pairFailures = async (tx: Tx, pair: SignInPair, at: Date): Promise<number> => {
    const [last] = await tx
      .select({ createdAt: signInBlocks.createdAt })
      .from(signInBlocks)
      .where(and(eq(signInBlocks.accountKey, pair.accountKey), eq(signInBlocks.clientKey, pair.clientKey)))
      .orderBy(desc(signInBlocks.createdAt))
      .limit(1);
    const windowStart = new Date(at.getTime() - windowMs);
    const since = last && last.createdAt > windowStart ? last.createdAt : windowStart;
    const [row] = await tx
      .select({ n: count() })
      .from(signInFailures)
      .where(and(eq(signInFailures.accountKey, pair.accountKey), eq(signInFailures.clientKey, pair.clientKey), gt(signInFailures.createdAt, since)));
    return row?.n ?? 0;
  };

  const clientFailures = async (tx: Tx, clientKey: string, at: Date): Promise<number> => {
    const [row] = await tx
      .select({ n: count() })
      .from(signInFailures)
      .where(and(eq(signInFailures.clientKey, clientKey), gt(signInFailures.createdAt, new Date(at.getTime() - windowMs))));
    return row?.n ?? 0;
  };

  const block = async (tx: Tx, pair: SignInPair, at: Date, failures: number): Promise<string> => {
    const referenceId = newReferenceId();
    const blockedUntil = new Date(at.getTime() + blockMs);
    await tx.insert(signInBlocks).values({ ...pair, referenceId, blockedUntil, createdAt: at });
    log(`sign-in blocked [${referenceId}] ${describe(pair)} after ${failures} failures in ${limits.windowSeconds} s, until ${blockedUntil.toISOString()}`);
    return referenceId;
  };

  const refuseBlocked = (pair: SignInPair, referenceId: string): ApiError => {
    log(`sign-in refused, blocked [${referenceId}] ${describe(pair)}`);
    return blockedError(referenceId);
  };

  return {
    async admit(pair) {
      const at = new Date(now());
      const refusal = await locked(pair.clientKey, async (tx) => {
        const blocked = await activeBlock(tx, pair, at);
        if (blocked) return refuseBlocked(pair, blocked);
        if ((await clientFailures(tx, pair.clientKey, at)) > limits.clientMaxFailures) {
          log(`sign-in rejected: more than ${limits.clientMaxFailures} failures from client=${JSON.stringify(pair.clientKey)} in ${limits.windowSeconds} s (${describe(pair)})`);
          return rejectedError();
        }
        const failures = await pairFailures(tx, pair, at);
        // Attempts still at their password check count already: N of them in flight fill the pair's quota.
        if (failures >= limits.maxFailures) return blockedError(await block(tx, pair, at, failures));
        await tx.insert(signInFailures).values({ ...pair, createdAt: at });
        return null;
      });
      if (refusal) throw refusal;
    },

    async failed(pair) {
      const at = new Date(now());
      return locked(pair.clientKey, async (tx) => {
        const blocked = await activeBlock(tx, pair, at);
        // A parallel attempt of the pair got refused and blocked it while this one was checking.
        if (blocked) return refuseBlocked(pair, blocked);
        const failures = await pairFailures(tx, pair, at);
        // The Nth failure answers with the block it caused.
        if (failures >= limits.maxFailures) return blockedError(await block(tx, pair, at, failures));
        return null;
      });
    },

    async succeeded(pair) {
      await db.delete(signInFailures).where(and(eq(signInFailures.accountKey, pair.accountKey), eq(signInFailures.clientKey, pair.clientKey)));
    },
  };
}

/** Failures older than a day count for nothing; blocks are kept 90 days after they end so support can still look a reference id up. */
export async function purgeSignInRecords(db: Db): Promise<void> {
  await db.delete(signInFailures).where(lt(signInFailures.createdAt, sql`now() - make_interval(hours => 24)`));
  await db.delete(signInBlocks).where(lt(signInBlocks.blockedUntil, sql`now() - make_interval(days => 90)`));
}
