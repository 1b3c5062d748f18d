import { createPublicKey, verify as verifySignature, type JsonWebKey, type KeyObject } from 'node:crypto';
import type { IdTokenVerifier, VerifiedIdentity } from './identity.ts';

/**
 * OpenID Connect ID tokens (Google sign-in) checked against the configured issuer's published keys.
 * Nothing here knows Google: it is whatever `OIDC_GOOGLE_ISSUER` names, a local test issuer in tests.
 *
 * Only RS256 is accepted, whatever the token's header asks for: `alg: none` and HS256 signed
 * with the public key as an HMAC secret (algorithm confusion) fail before any key is used. The
 * header's `jku`, `x5u` and `jwk` are never followed: keys come only from the issuer's discovery
 * document.
 */

export interface OidcVerifierOptions {
  issuer: string;
  clientId: string;
  /** Clock in ms; tests move it. */
  now?: () => number;
  fetch?: typeof fetch;
  log?: (line: string) => void;
  /** An unknown `kid` refetches the keys at most this often (a forged kid must not make us hammer the issuer). */
  refetchIntervalMs?: number;
  /** Keys older than this are fetched again before use, so a key the issuer withdrew stops working. */
  keysMaxAgeMs?: number;
  /** Give up on the issuer after this long. */
  timeoutMs?: number;
}

/** What the SPA needs to start the sign-in in the browser (injected into index.html). */
export interface BrowserSignIn {
  authorizationEndpoint: string;
  clientId: string;
}

export interface OidcVerifier extends IdTokenVerifier {
  readonly issuer: string;
  readonly clientId: string;
  /** `nonce`: the token must carry this one (the value the sign-in request was started with). */
  verify(idToken: string, options?: { nonce?: string }): Promise<VerifiedIdentity | null>;
  /** The issuer's authorization endpoint (from discovery) and our client id; null while the issuer cannot be reached. */
  browserSignIn(): Promise<BrowserSignIn | null>;
}

/** `exp` and `iat` are allowed this much clock skew. */
export const CLOCK_LEEWAY_SECONDS = 60;
const MIN_RSA_BITS = 2048;
const MAX_TOKEN_LENGTH = 8192;
const SEGMENT = /^[A-Za-z0-9_-]+$/;

interface Discovery {
  jwksUri: string;
  authorizationEndpoint: string | null;
}

interface KeySet {
  keys: Map<string, KeyObject>;
  fetchedAt: number;
}

type Claims = Record<string, unknown>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function decodeJson(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}

/** https, or plain http to this machine (a local test issuer). */
function isAllowedUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || (url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname));
  } catch {
    return false;
  }
}

const optionalString = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export function createOidcVerifier(options: OidcVerifierOptions): OidcVerifier {
  const { issuer, clientId } = options;
  const now = options.now ?? Date.now;
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const log = options.log ?? console.error;
  const refetchIntervalMs = options.refetchIntervalMs ?? 60_000;
  const keysMaxAgeMs = options.keysMaxAgeMs ?? 3_600_000;
  const timeoutMs = options.timeoutMs ?? 5_000;
  // OpenID Connect Discovery §4: a trailing slash of the issuer is dropped before the well-known path.
  const discoveryUrl = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;

  let discovery: Promise<Discovery> | null = null;
  let keySet: KeySet | null = null;
  let keysInFlight: Promise<KeySet> | null = null;
  let lastKeyFetch = Number.NEGATIVE_INFINITY;

  const getJson = async (url: string): Promise<unknown> => {
    const response = await doFetch(url, { headers: { accept: 'application/json' }, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return response.json();
  };

  const discover = (): Promise<Discovery> => {
    discovery ??= (async () => {
      const document = await getJson(discoveryUrl);
      if (!isRecord(document)) throw new Error('discovery document is not a JSON object');
      // §4.3: the document must be the configured issuer's, or its keys are someone else's.
      if (document['issuer'] !== issuer) throw new Error(`discovery names issuer ${JSON.stringify(document['issuer'])}, not ${JSON.stringify(issuer)}`);
      if (!isAllowedUrl(document['jwks_uri'])) throw new Error('discovery has no usable jwks_uri');
      const authorization = document['authorization_endpoint'];
      return { jwksUri: document['jwks_uri'], authorizationEndpoint: isAllowedUrl(authorization) ? authorization : null };
    })().catch((error: unknown) => {
      discovery = null;
      throw error;
    });
    return discovery;
  };

  const importKeys = (jwks: unknown): Map<string, KeyObject> => {
    const keys = new Map<string, KeyObject>();
    if (!isRecord(jwks) || !Array.isArray(jwks['keys'])) throw new Error('JWKS has no keys array');
    for (const jwk of jwks['keys'] as unknown[]) {
      if (!isRecord(jwk) || jwk['kty'] !== 'RSA' || typeof jwk['kid'] !== 'string') continue;
      if (jwk['use'] !== undefined && jwk['use'] !== 'sig') continue;
      if (jwk['alg'] !== undefined && jwk['alg'] !== 'RS256') continue;
      try {
        // Only the public members: a JWKS that leaked `d` must still import as a public key.
        const key = createPublicKey({ key: { kty: 'RSA', n: jwk['n'], e: jwk['e'] } as JsonWebKey, format: 'jwk' });
        if ((key.asymmetricKeyDetails?.modulusLength ?? 0) >= MIN_RSA_BITS) keys.set(jwk['kid'], key);
      } catch {
        // A malformed key is skipped; the others still work.
      }
    }
    return keys;
  };

  const fetchKeys = (): Promise<KeySet> => {
    keysInFlight ??= (async () => {
      lastKeyFetch = now();
      const { jwksUri } = await discover();
      const set = { keys: importKeys(await getJson(jwksUri)), fetchedAt: now() };
      keySet = set;
      return set;
    })().finally(() => {
      keysInFlight = null;
    });
    return keysInFlight;
  };

  const keyFor = async (kid: string): Promise<KeyObject | null> => {
    const at = now();
    const fresh = keySet !== null && at - keySet.fetchedAt < keysMaxAgeMs;
    // A failed fetch is not retried within the interval either: forged tokens must not turn into a stream of requests to the issuer.
    if (!fresh && (keysInFlight || at - lastKeyFetch >= refetchIntervalMs)) {
      try {
        await fetchKeys();
      } catch (error) {
        // Stale keys beat no keys while the issuer is down; a withdrawn key stays usable only until it answers again.
        if (!keySet) throw error;
        log(`Google sign-in: refreshing the keys of ${issuer} failed, using the ones from ${new Date(keySet.fetchedAt).toISOString()}: ${String(error)}`);
      }
    }
    if (!keySet) throw new Error('no keys yet and the last fetch failed less than a refetch interval ago');
    let key = keySet.keys.get(kid);
    // Rotation: a new kid is published before tokens carry it. Refetch once, at most once per interval.
    if (!key && at - lastKeyFetch >= refetchIntervalMs) key = (await fetchKeys()).keys.get(kid);
    return key ?? null;
  };

  const checkClaims = (claims: Claims, nonce: string | undefined): VerifiedIdentity | null => {
    const seconds = now() / 1000;
    if (claims['iss'] !== issuer) return null;
    const aud = claims['aud'];
    const audiences = typeof aud === 'string' ? [aud] : Array.isArray(aud) ? aud : [];
    if (!audiences.includes(clientId)) return null;
    // OIDC Core §3.1.3.7: an authorized party other than us means the token was issued to another client.
    if (claims['azp'] !== undefined && claims['azp'] !== clientId) return null;
    const exp = claims['exp'];
    const iat = claims['iat'];
    if (typeof exp !== 'number' || !Number.isFinite(exp) || exp + CLOCK_LEEWAY_SECONDS <= seconds) return null;
    if (typeof iat !== 'number' || !Number.isFinite(iat) || iat > seconds + CLOCK_LEEWAY_SECONDS) return null;
    if (nonce !== undefined && claims['nonce'] !== nonce) return null;
    const sub = claims['sub'];
    if (typeof sub !== 'string' || sub === '' || sub.length > 255) return null;
    const verified = claims['email_verified'];
    return {
      issuer,
      subject: sub,
      email: optionalString(claims['email']),
      emailVerified: verified === true || verified === 'true',
      givenName: optionalString(claims['given_name']),
      familyName: optionalString(claims['family_name']),
    };
  };

  return {
    issuer,
    clientId,

    async verify(idToken, { nonce } = {}) {
      if (typeof idToken !== 'string' || idToken.length > MAX_TOKEN_LENGTH) return null;
      const parts = idToken.split('.');
      if (parts.length !== 3 || !parts.every((part) => SEGMENT.test(part))) return null;
      const [headerPart = '', payloadPart = '', signaturePart = ''] = parts;
      const header = decodeJson(headerPart);
      // The algorithm is ours to fix, never the token's to choose; `crit` names extensions we do not implement (RFC 7515 §4.1.11).
      if (!header || header['alg'] !== 'RS256' || header['crit'] !== undefined || typeof header['kid'] !== 'string') return null;
      let key: KeyObject | null;
      try {
        key = await keyFor(header['kid']);
      } catch (error) {
        log(`Google sign-in: the keys of ${issuer} could not be fetched: ${error instanceof Error ? error.message : String(error)}`);
        return null;
      }
      if (!key) return null;
      const signed = Buffer.from(`${headerPart}.${payloadPart}`, 'ascii');
      let genuine = false;
      try {
        genuine = verifySignature('RSA-SHA256', signed, key, Buffer.from(signaturePart, 'base64url'));
      } catch {
        // A signature node:crypto cannot even parse is simply not genuine.
      }
      if (!genuine) return null;
      const claims = decodeJson(payloadPart);
      return claims ? checkClaims(claims, nonce) : null;
    },

    async browserSignIn() {
      try {
        const { authorizationEndpoint } = await discover();
        return authorizationEndpoint ? { authorizationEndpoint, clientId } : null;
      } catch (error) {
        log(`Google sign-in: the discovery document of ${issuer} could not be read: ${error instanceof Error ? error.message : String(error)}`);
        return null;
      }
    },
  };
}
