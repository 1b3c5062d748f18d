import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { SESSION_COOKIES } from '../../contract/auth.ts';

/** 60 days (spec §3): the refresh token's lifetime, and every session cookie's. */
export const SESSION_COOKIE_MAX_AGE = 5_184_000;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** `Secure` everywhere except plain http to this machine, where a browser would drop a Secure cookie. */
export function isPlainLocalHttp(c: Context): boolean {
  const url = new URL(c.req.url);
  return url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname);
}

interface CookieSpec {
  name: string;
  value: string;
  httpOnly: boolean;
  maxAge: number;
}

function serialize(c: Context, { name, value, httpOnly, maxAge }: CookieSpec): string {
  const parts = [`${name}=${value}`, `Max-Age=${maxAge}`, 'Path=/'];
  if (httpOnly) parts.push('HttpOnly');
  if (!isPlainLocalHttp(c)) parts.push('Secure');
  parts.push('SameSite=Lax');
  return parts.join('; ');
}

export interface SessionCookieValues {
  /** `header.payload` of the access token. */
  data: string;
  signature: string;
  refreshToken: string;
  deviceId: string;
}

/** Only `jwt-data` is readable by the page (it shows who is signed in); the rest are HttpOnly. */
const HTTP_ONLY: Record<keyof SessionCookieValues, boolean> = { data: false, signature: true, refreshToken: true, deviceId: true };

function cookieName(key: keyof SessionCookieValues): string {
  return key === 'deviceId' ? SESSION_COOKIES.deviceId : SESSION_COOKIES[key];
}

export function setSessionCookies(c: Context, values: SessionCookieValues): void {
  for (const key of Object.keys(HTTP_ONLY) as (keyof SessionCookieValues)[]) {
    c.header('Set-Cookie', serialize(c, { name: cookieName(key), value: values[key], httpOnly: HTTP_ONLY[key], maxAge: SESSION_COOKIE_MAX_AGE }), { append: true });
  }
}

/** Sign-out: the token cookies expire now; `device-id` stays, it names the browser, not the session. */
export function clearSessionCookies(c: Context): void {
  for (const key of ['data', 'signature', 'refreshToken'] as const) {
    c.header('Set-Cookie', serialize(c, { name: cookieName(key), value: '', httpOnly: HTTP_ONLY[key], maxAge: 0 }), { append: true });
  }
}

/** The access token rebuilt from the split cookies, or null when either half is missing. */
export function accessTokenFromCookies(c: Context): string | null {
  const data = getCookie(c, SESSION_COOKIES.data);
  const signature = getCookie(c, SESSION_COOKIES.signature);
  if (!data || !signature) return null;
  return `${data}.${signature}`;
}

export function refreshTokenFromCookie(c: Context): string | null {
  return getCookie(c, SESSION_COOKIES.refreshToken) || null;
}

export function deviceIdFromCookie(c: Context): string | null {
  return getCookie(c, SESSION_COOKIES.deviceId) || null;
}
