import { createHash } from 'node:crypto';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { accessToken } from '../auth/middleware.ts';
import { GUEST_CART_COOKIE } from '../cart/owner.ts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/query.ts';
import { SESSION_COOKIES } from '../../contract/session-constants.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { NO_STORE } from './cache.ts';
import { ApiError, invalidRequest } from './errors.ts';
import type { AppEnv } from './site.ts';
import { readBodyText } from './validate.ts';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const IDEMPOTENCY_KEY_MAX = 255;
/** Keys are kept a day: long enough for any retry, short enough for the table to stay small. */
const KEY_TTL_HOURS = 24;
/**
 * A claim still in flight this long was left by a process that died mid-request (kill -9, a lost
 * machine): its retry on another process takes the key over and runs the request. Longer than a
 * request lives on a live process, which ends within the shutdown deadline (SHUTDOWN_TIMEOUT_MS,
 * 10 s by default) when it is told to stop; a request the dead process had committed but not yet
 * recorded as answered (milliseconds between the two) runs again.
 */
export const IN_FLIGHT_LEASE_S = 15;

export interface IdempotencyOptions {
  /**
   * Writes that answer a repeat of their key themselves, as `METHOD path` (`POST checkout/orders`:
   * the order of the intent the key names). Their key still names one caller and one body (a 422
   * otherwise), but their answer is not stored (placing an order is one write less, `npm run bench`):
   * a repeat runs the route again with `idempotentRepeat` set, and so does a repeat while the first
   * is running, where the database keeps it to one order instead of the layer answering 409.
   */
  answeredByRoute?: readonly string[];
}

/**
 * `Idempotency-Key` on a write: the first request claims the key (a primary-key insert, so two
 * concurrent requests can never both run), its response is stored, and repeats replay it.
 */
export function idempotency(db: Db, options: IdempotencyOptions = {}): MiddlewareHandler<AppEnv> {
  const byRoute = new Set(options.answeredByRoute);
  return async (c, next) => {
    const key = c.req.header('idempotency-key');
    if (key === undefined || !MUTATING.has(c.req.method)) return next();
    if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX) {
      throw invalidRequest([{ field: 'header.idempotency-key', message: `must be 1 to ${IDEMPOTENCY_KEY_MAX} characters` }]);
    }
    const method = c.req.method;
    const path = c.req.path;
    // The path is stored with the key: a NUL (`%00` in a hostile id) is text PostgreSQL cannot hold, a 400 as anywhere else.
    if (path.includes('\u0000')) throw invalidRequest([{ field: 'path', message: 'must not contain NUL characters' }]);
    // The caller is part of what the key names: another shopper sending the same key and body gets a
    // 422, never the first shopper's stored answer (an order, an address).
    const bodyHash = requestHash(await readBodyText(c), callerOf(c));
    const routeAnswers = byRoute.has(`${method} ${path}`);

    // Raw SQL through queryRows: on PGlite the builder's cost was more than the insert's, on every keyed write.
    const claimed = await queryRows<{ key: string }>(
      db,
      sql`insert into idempotency_keys as k (key, method, path, body_hash, state) values (${key}, ${method}, ${path}, ${bodyHash}, ${routeAnswers ? 'answered_by_route' : 'in_flight'})
        on conflict (key) do update set created_at = now()
        where k.state = 'in_flight' and k.created_at < now() - make_interval(secs => ${IN_FLIGHT_LEASE_S})
          and k.method = excluded.method and k.path = excluded.path and k.body_hash = excluded.body_hash
        returning key`,
    );

    if (claimed.length === 0) {
      const [stored] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
      // Gone between the insert and the select: the first request failed and released the key.
      if (!stored) throw new ApiError(409, 'A request with this Idempotency-Key is still in progress');
      if (stored.method !== method || stored.path !== path || stored.bodyHash !== bodyHash) {
        throw new ApiError(422, 'Idempotency-Key reused with a different request');
      }
      if (stored.state === 'answered_by_route') {
        c.set('idempotentRepeat', true);
        return next();
      }
      if (stored.state === 'in_flight' || stored.statusCode === null) {
        throw new ApiError(409, 'A request with this Idempotency-Key is still in progress');
      }
      const headers = new Headers({ 'Idempotent-Replayed': 'true', 'Cache-Control': NO_STORE });
      if (stored.contentType) headers.set('Content-Type', stored.contentType);
      // A guest's first add created the bag and set its cookie: a retry that lost the first answer gets the cookie too.
      for (const line of stored.setCookies ?? []) headers.append('Set-Cookie', line);
      const body = stored.responseBody === null || stored.statusCode === 204 ? null : stored.responseBody;
      return new Response(body, { status: stored.statusCode, headers });
    }

    try {
      await next();
    } catch (error) {
      await release(db, key);
      throw error;
    }
    // A server failure is not an answer worth replaying: free the key so a retry runs again.
    if (c.res.status >= 500) {
      await release(db, key);
      return;
    }
    // The route answers its own repeats: nothing to keep but the claim (caller and body).
    if (routeAnswers) return;
    // A response that sets session cookies cannot be replayed: storing its refresh token would put a
    // live credential in the table, and a replay without it would leave the client signed out.
    const setCookies = c.res.headers.getSetCookie();
    if (setCookies.some(isSessionCookie)) {
      await release(db, key);
      return;
    }
    const responseBody = c.res.status === 204 ? null : await c.res.clone().text();
    const contentType = c.res.headers.get('content-type');
    await queryRows(
      db,
      sql`update idempotency_keys set state = 'done', status_code = ${c.res.status}, response_body = ${responseBody}, content_type = ${contentType},
        set_cookies = ${setCookies.length > 0 ? sql`(select array_agg(v) from json_array_elements_text(${JSON.stringify(setCookies)}::json) v)` : sql`null`} where key = ${key}`,
    );
  };
}

const SESSION_COOKIE_NAMES = new Set<string>(Object.values(SESSION_COOKIES));

/** What a key stands for: the body and who sent it (`callerOf`). */
export function requestHash(body: string, caller: string): string {
  return createHash('sha256').update(body).update('\0').update(caller).digest('hex');
}

/**
 * Who sends a keyed write, stable across a token refresh: the member of the access token (its `sub`,
 * read without checking the signature: the route checks it, and a forged `sub` only finds answers
 * whose key it also knows), else the guest bag's cookie, else nobody.
 */
function callerOf(c: Context<AppEnv>): string {
  const token = accessToken(c);
  const payload = token?.split('.')[1];
  if (payload) {
    try {
      const { sub } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub?: unknown };
      if (typeof sub === 'string' || typeof sub === 'number') return `member:${sub}`;
    } catch {
      // Not a token we can read: the route answers 401; the key is scoped as a guest's.
    }
  }
  return `guest:${getCookie(c, GUEST_CART_COOKIE) ?? ''}`;
}

function isSessionCookie(line: string): boolean {
  return SESSION_COOKIE_NAMES.has(line.slice(0, line.indexOf('=')).trim());
}

async function release(db: Db, key: string): Promise<void> {
  // Never a finished answer; a claim of a route that answers repeats is released like one in flight.
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.key, key), inArray(idempotencyKeys.state, ['in_flight', 'answered_by_route'])));
}

/** Drops finished keys older than a day; in-flight keys of a crashed process too. */
export async function purgeIdempotencyKeys(db: Db): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${KEY_TTL_HOURS})`));
}
