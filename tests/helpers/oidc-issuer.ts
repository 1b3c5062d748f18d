import { createHmac, generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { freePort } from './ports.ts';

/**
 * A real OpenID Connect issuer on a loopback port for tests: discovery, JWKS, an implicit-flow
 * `/authorize`, and ID tokens minted with any claims and header, a wrong key, `alg: none` or HS256
 * signed with the public key. The product code talks to it exactly as it would to Google.
 */

export interface IssuerKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

export interface OidcTestUser {
  sub: string;
  email: string | null;
  emailVerified?: boolean;
  givenName?: string | null;
  familyName?: string | null;
}

export type MintKey = 'current' | 'wrong' | IssuerKey;

export interface MintOptions {
  /** Merged over the default claims; a claim set to `undefined` is left out. */
  claims?: Record<string, unknown>;
  /** Merged over `{ alg: 'RS256', typ: 'JWT', kid }`; a member set to `undefined` is left out. */
  header?: Record<string, unknown>;
  /** Which private key signs (`wrong`: a key the issuer never published, under the current kid). */
  key?: MintKey;
  /** `none`: no signature; `HS256-public-key`: HMAC with the published public key (PEM) as secret. */
  sign?: 'RS256' | 'none' | 'HS256-public-key';
}

export interface OidcTestIssuer {
  /** `http://127.0.0.1:{port}`: the issuer id, `iss` of its tokens. */
  readonly issuer: string;
  readonly clientId: string;
  readonly authorizationEndpoint: string;
  /** Requests served, by path (`/jwks`, `/.well-known/openid-configuration`, `/authorize`). */
  readonly requests: Map<string, number>;
  /** The key new tokens are signed with. */
  current: IssuerKey;
  /** Who `/authorize` signs in (and the default claims of `mint`). */
  user: OidcTestUser;
  /** `/authorize` answers this OAuth error instead of a token (say `access_denied`: the person cancelled). */
  authorizeError: string | null;
  /** Overrides members of the discovery document (another `issuer`, a missing `jwks_uri`). */
  discoveryOverride: Record<string, unknown> | null;
  /** Answers every request with 503 while true. */
  down: boolean;
  /** Seconds since the epoch that minted tokens call now. */
  nowSeconds(): number;
  claims(extra?: Record<string, unknown>): Record<string, unknown>;
  mint(options?: MintOptions): string;
  /** A new key pair, published and made current; the old one stays published unless `retireOld`. */
  rotate(options?: { retireOld?: boolean }): IssuerKey;
  /** A key pair that is not published (tokens under its kid have an unknown kid). */
  unpublishedKey(): IssuerKey;
  /** Changes what the JWKS lists. */
  publish(key: IssuerKey, published: boolean): void;
  close(): Promise<void>;
}

export interface OidcTestIssuerOptions {
  clientId?: string;
  user?: OidcTestUser;
  /** Fixed port (a browser test's server is configured before the issuer starts); a free one by default. */
  port?: number;
  /** Redirect URIs `/authorize` accepts; any http(s) URI when absent. */
  redirectUris?: string[];
  /** Clock of minted tokens (seconds); tests move it with the verifier's. */
  nowSeconds?: () => number;
}

export const TEST_CLIENT_ID = 'beauty-pass-test.apps.example';

const b64 = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

function withoutUndefined(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}

function newKey(): IssuerKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { kid: `test-${randomUUID().slice(0, 8)}`, privateKey, publicKey };
}

export async function startOidcIssuer(options: OidcTestIssuerOptions = {}): Promise<OidcTestIssuer> {
  const port = options.port ?? (await freePort());
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = options.clientId ?? TEST_CLIENT_ID;
  const nowSeconds = options.nowSeconds ?? (() => Math.floor(Date.now() / 1000));
  const published = new Map<string, IssuerKey>();
  const requests = new Map<string, number>();
  let wrongKey: IssuerKey | null = null;

  const first = newKey();
  published.set(first.kid, first);

  const state: OidcTestIssuer = {
    issuer,
    clientId,
    authorizationEndpoint: `${issuer}/authorize`,
    requests,
    current: first,
    user: options.user ?? { sub: '104918273645', email: 'mei.google@example.com', emailVerified: true, givenName: 'Mei', familyName: 'Tan' },
    authorizeError: null,
    discoveryOverride: null,
    down: false,
    nowSeconds,

    claims(extra = {}) {
      const at = nowSeconds();
      const { user } = state;
      return withoutUndefined({
        iss: issuer,
        aud: clientId,
        azp: clientId,
        sub: user.sub,
        email: user.email ?? undefined,
        email_verified: user.email ? (user.emailVerified ?? true) : undefined,
        given_name: user.givenName ?? undefined,
        family_name: user.familyName ?? undefined,
        iat: at,
        exp: at + 3600,
        ...extra,
      });
    },

    mint({ claims = {}, header = {}, key = 'current', sign: how = 'RS256' } = {}) {
      const signer = key === 'current' ? state.current : key === 'wrong' ? (wrongKey ??= newKey()) : key;
      const kid = key === 'wrong' ? state.current.kid : signer.kid;
      const alg = how === 'RS256' ? 'RS256' : how === 'none' ? 'none' : 'HS256';
      const input = `${b64(withoutUndefined({ alg, typ: 'JWT', kid, ...header }))}.${b64(state.claims(claims))}`;
      if (how === 'none') return `${input}.`;
      if (how === 'HS256-public-key') {
        const secret = state.current.publicKey.export({ type: 'spki', format: 'pem' });
        return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
      }
      return `${input}.${sign('RSA-SHA256', Buffer.from(input), signer.privateKey).toString('base64url')}`;
    },

    rotate({ retireOld = false } = {}) {
      const next = newKey();
      if (retireOld) published.delete(state.current.kid);
      published.set(next.kid, next);
      state.current = next;
      return next;
    },

    unpublishedKey: () => newKey(),

    publish(key, on) {
      if (on) published.set(key.kid, key);
      else published.delete(key.kid);
    },

    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };

  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
    response.end(JSON.stringify(body));
  };

  const authorize = (url: URL, response: ServerResponse) => {
    const param = (name: string) => url.searchParams.get(name);
    const redirectUri = param('redirect_uri');
    let target: URL;
    try {
      target = new URL(redirectUri ?? '');
    } catch {
      return json(response, 400, { error: 'invalid_request', error_description: 'redirect_uri is required and must be absolute' });
    }
    if (!/^https?:$/.test(target.protocol) || (options.redirectUris && !options.redirectUris.includes(redirectUri ?? ''))) {
      return json(response, 400, { error: 'invalid_request', error_description: 'redirect_uri is not registered' });
    }
    if (param('client_id') !== clientId) return json(response, 400, { error: 'unauthorized_client', error_description: 'unknown client_id' });
    const fragment = new URLSearchParams();
    const nonce = param('nonce');
    if (param('response_type') !== 'id_token') fragment.set('error', 'unsupported_response_type');
    // OpenID Connect Core §3.2.2.1: the implicit flow requires a nonce.
    else if (!nonce) fragment.set('error', 'invalid_request');
    else if (state.authorizeError) fragment.set('error', state.authorizeError);
    else fragment.set('id_token', state.mint({ claims: { nonce } }));
    const stateParam = param('state');
    if (stateParam !== null) fragment.set('state', stateParam);
    target.hash = fragment.toString();
    response.writeHead(302, { Location: target.toString(), 'Cache-Control': 'no-store' });
    response.end();
  };

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', issuer);
    requests.set(url.pathname, (requests.get(url.pathname) ?? 0) + 1);
    if (state.down) return json(response, 503, { error: 'temporarily_unavailable' });
    if (request.method !== 'GET') return json(response, 405, { error: 'method not allowed' });
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(response, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['id_token'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        ...state.discoveryOverride,
      });
    }
    if (url.pathname === '/jwks') {
      const keys = [...published.values()].map(({ kid, publicKey }) => ({ ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' }));
      return json(response, 200, { keys });
    }
    if (url.pathname === '/authorize') return authorize(url, response);
    return json(response, 404, { error: 'not found' });
  };

  const server = createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return state;
}
