import type { Context, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { AUTH_MESSAGES } from '../../contract/auth.ts';
import type { AppEnv } from '../http/site.ts';
import { accessTokenFromCookies } from './cookies.ts';
import type { AccessClaims } from './jwt.ts';
import type { AuthService } from './service.ts';

export type AuthEnv = AppEnv & { Variables: { auth: AccessClaims } };

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function isJson(contentType: string | undefined): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

function hasBody(c: Context): boolean {
  const length = c.req.header('content-length');
  return (length !== undefined && length !== '0') || c.req.header('transfer-encoding') !== undefined || c.req.header('content-type') !== undefined;
}

/**
 * CSRF: a cross-site page can send a form post but can neither add a custom header nor send
 * `application/json` without a CORS preflight, which this API never grants. So every write must
 * carry the client's platform header and a JSON body (a bodiless DELETE needs only the header).
 */
export const requireApiClient: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!MUTATING.has(c.req.method)) return next();
  const web = c.req.header('x-platform') === 'web';
  const app = Boolean(c.req.header('x-app-platform') && c.req.header('x-app-version'));
  const bodiless = c.req.method === 'DELETE' && !hasBody(c);
  if (!(web || app) || !(bodiless || isJson(c.req.header('content-type')))) {
    throw new HTTPException(403, { message: 'Request refused: send it through the API client (X-Platform header and a JSON body)' });
  }
  return next();
};

/** The access token of the request: `Authorization: Bearer` (app) or the two split cookies (web). */
export function accessToken(c: Context): string | null {
  const authorization = c.req.header('authorization');
  if (authorization !== undefined) return /^Bearer ([^\s]+)$/.exec(authorization)?.[1] ?? null;
  return accessTokenFromCookies(c);
}

export function unauthorized(): HTTPException {
  return new HTTPException(401, { message: AUTH_MESSAGES.failed });
}

/** 401 unless the request carries a genuine, unexpired access token; its claims go to `c.var.auth`. */
export function requireAccess(auth: AuthService): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const token = accessToken(c);
    const claims = token ? await auth.verify(token) : null;
    if (!claims) throw unauthorized();
    c.set('auth', claims);
    await next();
  };
}
