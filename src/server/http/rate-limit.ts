import { and, count, eq, gt } from 'drizzle-orm';
import type { Context } from 'hono';
import { clientKeyOf } from '../auth/throttle.ts';
import type { Db } from '../db/client.ts';
import { signInFailures } from '../db/schema.ts';
import { ApiError } from './errors.ts';

/*
 * A limit on failed guesses per client, for lookups that a wrong guess answers with "not found"
 * (an order by number and email, a gift card by code and PIN, a booking by number and email): after `maxFailures` within the
 * window the client is refused (429) until the window has moved on. The failures are rows of the
 * sign-in throttle's table under the purpose's own key, so every server process counts the same.
 */

export interface RateLimit {
  /** Throws 429 when the client has failed too often lately. */
  check(c: Context): Promise<void>;
  /** Records a failed guess of this client. */
  fail(c: Context): Promise<void>;
}

export interface RateLimitOptions {
  purpose: 'order-lookup' | 'gift-card-balance' | 'booking-lookup';
  maxFailures: number;
  windowSeconds: number;
  trustProxy?: boolean;
  now?: () => number;
}

export const RATE_LIMITED_CODE = 'too_many_attempts';

export function createRateLimit(db: Db, { purpose, maxFailures, windowSeconds, trustProxy = false, now = Date.now }: RateLimitOptions): RateLimit {
  const accountKey = `limit:${purpose}`;
  return {
    async check(c) {
      const since = new Date(now() - windowSeconds * 1000);
      const [row] = await db
        .select({ n: count() })
        .from(signInFailures)
        .where(and(eq(signInFailures.accountKey, accountKey), eq(signInFailures.clientKey, clientKeyOf(c, trustProxy)), gt(signInFailures.createdAt, since)));
      if ((row?.n ?? 0) >= maxFailures) {
        c.header('Retry-After', String(windowSeconds));
        throw new ApiError(429, 'Too many attempts: try again later', undefined, { code: RATE_LIMITED_CODE, retryAfterSeconds: windowSeconds });
      }
    },
    async fail(c) {
      await db.insert(signInFailures).values({ accountKey, clientKey: clientKeyOf(c, trustProxy), createdAt: new Date(now()) });
    },
  };
}
