import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { CountryCode } from '../../config/countries.ts';
import { isPlainLocalHttp, SESSION_COOKIE_MAX_AGE } from '../auth/cookies.ts';
import { accessToken, unauthorized } from '../auth/middleware.ts';
import type { AuthService } from '../auth/service.ts';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/query.ts';
import { carts, users } from '../db/schema.ts';

/*
 * Whose bag a request is about: a member's (a valid access token) or a guest's (the opaque token of
 * an http-only cookie, stored only as its sha256). A bag row is created on the first write only, so
 * browsing never writes.
 */

/** The guest bag's cookie: http-only, SameSite=Lax, Secure except on plain local http (as the session cookies). */
export const GUEST_CART_COOKIE = 'bag-token';
/** 32 random bytes as base64url: 43 characters. */
const GUEST_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * `guestBagLeft`: a member's request still carries a guest bag's cookie, which only a failed merge at
 * sign-in leaves (a success or a sign-out clears it): the bag says `mergePending`.
 */
export type CartOwner = { kind: 'member'; userId: number; guestBagLeft?: boolean } | { kind: 'guest'; token: string | null };

/**
 * The member of a valid access token, else the guest of the cookie. A token that is present but no
 * longer valid is a 401 (the client refreshes and asks again) rather than a silent switch to an
 * empty guest bag.
 */
export async function cartOwner(c: Context, auth: AuthService): Promise<CartOwner> {
  const token = accessToken(c);
  if (token) {
    const claims = await auth.verify(token);
    if (!claims) throw unauthorized();
    return { kind: 'member', userId: Number(claims.sub), guestBagLeft: guestToken(c) !== null };
  }
  return { kind: 'guest', token: guestToken(c) };
}

export function guestToken(c: Context): string | null {
  const value = getCookie(c, GUEST_CART_COOKIE);
  return value && GUEST_TOKEN.test(value) ? value : null;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newGuestToken(): string {
  return randomBytes(32).toString('base64url');
}

function cookie(c: Context, value: string, maxAge: number): string {
  return [`${GUEST_CART_COOKIE}=${value}`, `Max-Age=${maxAge}`, 'Path=/', 'HttpOnly', ...(isPlainLocalHttp(c) ? [] : ['Secure']), 'SameSite=Lax'].join('; ');
}

export function setGuestCookie(c: Context, token: string): void {
  c.header('Set-Cookie', cookie(c, token, SESSION_COOKIE_MAX_AGE), { append: true });
}

export function clearGuestCookie(c: Context): void {
  c.header('Set-Cookie', cookie(c, '', 0), { append: true });
}

/** The same condition as SQL over `alias` (`c` in a join, `carts` alone); null: a guest without a token has no bag. */
export function ownerSql(owner: CartOwner, country: CountryCode, alias: SQL): SQL | null {
  if (owner.kind === 'member') return sql`${alias}.user_id = ${owner.userId} and ${alias}.country_code = ${country}`;
  if (owner.token === null) return null;
  return sql`${alias}.guest_token_hash = ${hashToken(owner.token)} and ${alias}.country_code = ${country}`;
}

/** The condition that picks the owner's bag in one country (null: a guest without a token has none). */
export function ownerWhere(owner: CartOwner, country: CountryCode) {
  if (owner.kind === 'member') return and(eq(carts.userId, owner.userId), eq(carts.countryCode, country));
  if (owner.token === null) return null;
  return and(eq(carts.guestTokenHash, hashToken(owner.token)), eq(carts.countryCode, country));
}

export interface LockedCart {
  id: number;
  version: number;
  appliedOfferId: number | null;
}

/**
 * The owner's bag in `country`, created if missing, locked (`FOR UPDATE`) until the transaction
 * ends: every write of one bag runs one after the other, so none reads a state another is changing.
 * A guest without a token gets a new one (`newToken`, for the caller to set as the cookie once the
 * transaction commits). A member whose account is gone is a 401.
 */
export async function lockCart(tx: Db, owner: CartOwner, country: CountryCode): Promise<{ cart: LockedCart; newToken: string | null }> {
  // Raw SQL: drizzle's query builder costs about a millisecond per statement on PGlite, most of an add's budget.
  const lock = async (who: CartOwner): Promise<LockedCart[]> => {
    const where = ownerSql(who, country, sql`carts`);
    if (!where) return [];
    const rows = rowsOf<{ id: number; version: number; applied_offer_id: number | null }>(await tx.execute(sql`select id, version, applied_offer_id from carts where ${where} for update`));
    return rows.map((r) => ({ id: Number(r.id), version: Number(r.version), appliedOfferId: r.applied_offer_id === null ? null : Number(r.applied_offer_id) }));
  };
  // The bag usually exists: one statement. Otherwise it is created first (a concurrent creator's
  // insert makes this one wait and then do nothing), and locked.
  const [existing] = await lock(owner);
  if (existing) return { cart: existing, newToken: null };
  let newToken: string | null = null;
  if (owner.kind === 'member') {
    // Insert … select: no row for an account deleted meanwhile (instead of a foreign-key failure).
    await tx.execute(
      sql`insert into carts (country_code, user_id) select ${country}, id from users where id = ${owner.userId} on conflict (user_id, country_code) do nothing`,
    );
  } else {
    const token = owner.token ?? (newToken = newGuestToken());
    await tx.insert(carts).values({ countryCode: country, guestTokenHash: hashToken(token) }).onConflictDoNothing();
    owner = { kind: 'guest', token };
  }
  const [cart] = await lock(owner);
  if (!cart) {
    if (owner.kind === 'member') {
      const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, owner.userId));
      if (!user) throw unauthorized();
    }
    throw new Error('the bag row was not created');
  }
  return { cart, newToken };
}

/** Moves the bag's version on (the write's last statement, in its transaction) and answers the new one. */
export async function bumpVersion(tx: Db, cartId: number): Promise<number> {
  const [row] = rowsOf<{ version: number }>(await tx.execute(sql`update carts set version = version + 1, updated_at = now() where id = ${cartId} returning version`));
  if (!row) throw new Error('the bag disappeared inside its own transaction');
  return Number(row.version);
}

/** Id of the owner's bag in `country` without creating it; null when there is none yet. */
export async function findCartId(db: Db, owner: CartOwner, country: CountryCode): Promise<number | null> {
  const where = ownerWhere(owner, country);
  if (!where) return null;
  const [cart] = await db.select({ id: carts.id }).from(carts).where(where);
  return cart?.id ?? null;
}
