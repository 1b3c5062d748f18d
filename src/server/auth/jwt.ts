import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import * as v from 'valibot';
import { WHOLE_NUMBER_PATTERN } from '../../contract/site-input.ts';
import { USER_ROLES, type UserRole } from '../db/schema.ts';

/** Access tokens live 15 minutes; the refresh token (60 days) renews them. */
export const ACCESS_TOKEN_SECONDS = 15 * 60;

/**
 * The only header this server writes or accepts. Comparing the decoded header to it, not reading
 * `alg` from it, is what shuts out `alg: none` and algorithm confusion (RS256 with our key as "public key").
 */
const HEADER = { alg: 'HS256', typ: 'JWT' } as const;
const ENCODED_HEADER = Buffer.from(JSON.stringify(HEADER)).toString('base64url');

export interface AccessClaims {
  sub: string;
  role: UserRole;
  iat: number;
  exp: number;
  jti: string;
}

const ClaimsSchema = v.object({
  sub: v.pipe(v.string(), v.regex(WHOLE_NUMBER_PATTERN)),
  role: v.picklist(USER_ROLES),
  iat: v.pipe(v.number(), v.integer()),
  exp: v.pipe(v.number(), v.integer()),
  jti: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
});

function hmac(secret: Buffer, input: string): Buffer {
  return createHmac('sha256', secret).update(input).digest();
}

export interface SignedToken {
  token: string;
  claims: AccessClaims;
}

export function signAccessToken(secret: Buffer, subject: { id: number; role: UserRole }, nowMs: number): SignedToken {
  const iat = Math.floor(nowMs / 1000);
  const claims: AccessClaims = { sub: String(subject.id), role: subject.role, iat, exp: iat + ACCESS_TOKEN_SECONDS, jti: randomUUID() };
  const signingInput = `${ENCODED_HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return { token: `${signingInput}.${hmac(secret, signingInput).toString('base64url')}`, claims };
}

export interface VerifyOptions {
  /** The app flow refreshes with an expired access token: its signature still proves who asks. */
  allowExpired?: boolean;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** The claims of a genuine, unexpired HS256 token signed with `secret`; null for anything else. */
export function verifyAccessToken(secret: Buffer, token: string, nowMs: number, { allowExpired = false }: VerifyOptions = {}): AccessClaims | null {
  if (token.length > 4096) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  if (header !== ENCODED_HEADER || !BASE64URL.test(payload) || !BASE64URL.test(signature)) return null;
  const expected = hmac(secret, `${header}.${payload}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const result = v.safeParse(ClaimsSchema, decoded);
  if (!result.success) return null;
  const now = Math.floor(nowMs / 1000);
  if (!allowExpired && result.output.exp <= now) return null;
  return result.output;
}
