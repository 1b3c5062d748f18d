import { SESSION_COOKIES } from '../../../contract/session-constants.ts';

/** The value of cookie `name` in a `document.cookie` string, or null when it is absent or empty. */
export function readCookie(cookieString: string, name: string): string | null {
  for (const part of cookieString.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    return value === '' ? null : value;
  }
  return null;
}

/**
 * A `document.cookie` write that deletes the readable session cookie. The http-only signature and
 * refresh token cannot be touched by scripts: the server clears them. `Secure` must match on https,
 * or the browser keeps the secure cookie.
 */
export function clearSessionCookieString(secure: boolean): string {
  return `${SESSION_COOKIES.data}=; Max-Age=0; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Where the shopper signs in again and comes back to: `return_to` is the whole current path (spec §2). */
export function signInHref(location: { pathname: string; search: string; hash: string }): string {
  const search = location.search === '' || location.search.startsWith('?') ? location.search : `?${location.search}`;
  const hash = location.hash === '' || location.hash.startsWith('#') ? location.hash : `#${location.hash}`;
  return `/sign_in?return_to=${encodeURIComponent(`${location.pathname}${search}${hash}`)}`;
}

/** The readable session cookie in a Cookie header (a server render) or `document.cookie`. */
export function sessionCookieIn(cookieString: string): string | null {
  return readCookie(cookieString, SESSION_COOKIES.data);
}

/** The browser's session cookie access, for the coordinator. */
export const browserSession = {
  read: (): string | null => sessionCookieIn(document.cookie),
  clear: (): void => {
    document.cookie = clearSessionCookieString(window.location.protocol === 'https:');
  },
};
