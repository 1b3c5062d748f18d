import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOidcVerifier, type OidcVerifier } from '../../src/server/auth/oidc.ts';
import { ConfigError, loadGoogleSignInConfig } from '../../src/server/env.ts';
import { startOidcIssuer, type OidcTestIssuer } from '../helpers/oidc-issuer.ts';

/** Moved forward by tests that need time to pass; the issuer mints with the same clock. */
let offsetMs = 0;
const now = () => Date.now() + offsetMs;
const nowSeconds = () => Math.floor(now() / 1000);

let issuer: OidcTestIssuer;
let logs: string[];
let verifier: OidcVerifier;

beforeAll(async () => {
  issuer = await startOidcIssuer({ nowSeconds });
});
afterAll(async () => {
  await issuer?.close();
});
beforeEach(() => {
  offsetMs = 0;
  logs = [];
  issuer.down = false;
  issuer.discoveryOverride = null;
  verifier = createOidcVerifier({ issuer: issuer.issuer, clientId: issuer.clientId, now, log: (line) => logs.push(line) });
});

const fetches = (path: string) => issuer.requests.get(path) ?? 0;

function tamperPayload(token: string, change: Record<string, unknown>): string {
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
  return `${header}.${Buffer.from(JSON.stringify({ ...claims, ...change })).toString('base64url')}.${signature}`;
}

describe('OIDC ID token verifier against a local issuer', () => {
  it('accepts a genuine RS256 token and returns its holder', async () => {
    const identity = await verifier.verify(issuer.mint());
    expect(identity).toEqual({
      issuer: issuer.issuer,
      subject: issuer.user.sub,
      email: issuer.user.email,
      emailVerified: true,
      givenName: 'Mei',
      familyName: 'Tan',
    });
  });

  it('accepts an aud array holding the client id, and exp 30 s past inside the 60 s leeway', async () => {
    expect(await verifier.verify(issuer.mint({ claims: { aud: ['another-client', issuer.clientId], azp: issuer.clientId } }))).not.toBeNull();
    expect(await verifier.verify(issuer.mint({ claims: { exp: nowSeconds() - 30 } }))).not.toBeNull();
  });

  // Each row must fail for exactly its one reason: the same token without the change is accepted above.
  const attacks: [string, () => string][] = [
    ['alg none without a signature', () => issuer.mint({ sign: 'none' })],
    ['alg none with the RS256 signature kept', () => {
      const genuine = issuer.mint().split('.');
      const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT', kid: issuer.current.kid })).toString('base64url');
      return `${header}.${genuine[1]}.${genuine[2]}`;
    }],
    ['HS256 signed with the public key as HMAC secret', () => issuer.mint({ sign: 'HS256-public-key' })],
    ['RS512 header over an RS256 signature', () => issuer.mint({ header: { alg: 'RS512' } })],
    ['signed with an unpublished key under the current kid', () => issuer.mint({ key: 'wrong' })],
    ['wrong iss', () => issuer.mint({ claims: { iss: 'https://accounts.google.com' } })],
    ['iss with a trailing slash', () => issuer.mint({ claims: { iss: `${issuer.issuer}/` } })],
    ['wrong aud', () => issuer.mint({ claims: { aud: 'someone-elses-client' } })],
    ['azp of another client', () => issuer.mint({ claims: { azp: 'someone-elses-client' } })],
    ['expired 61 s ago (beyond the 60 s leeway)', () => issuer.mint({ claims: { exp: nowSeconds() - 61 } })],
    ['exp missing', () => issuer.mint({ claims: { exp: undefined } })],
    ['exp as a string', () => issuer.mint({ claims: { exp: String(nowSeconds() + 3600) } })],
    ['iat 1 hour in the future', () => issuer.mint({ claims: { iat: nowSeconds() + 3600 } })],
    ['sub missing', () => issuer.mint({ claims: { sub: undefined } })],
    ['payload tampered (sub changed, signature kept)', () => tamperPayload(issuer.mint(), { sub: 'victim-subject' })],
    ['payload tampered (email changed, signature kept)', () => tamperPayload(issuer.mint(), { email: 'ceo@example.com' })],
    ['unknown kid', () => issuer.mint({ key: issuer.unpublishedKey() })],
    ['kid missing', () => issuer.mint({ header: { kid: undefined } })],
    ['crit header', () => issuer.mint({ header: { crit: ['exp'] } })],
    ['jku pointing elsewhere with an unknown kid', () => issuer.mint({ key: issuer.unpublishedKey(), header: { jku: `${issuer.issuer}/evil-jwks` } })],
    ['a 3-byte signature under the current kid', () => issuer.mint().split('.').slice(0, 2).join('.') + '.AAAA'],
    ['two segments only', () => issuer.mint().split('.').slice(0, 2).join('.')],
    ['four segments', () => `${issuer.mint()}.extra`],
    ['not base64url', () => 'a+b.c/d.e=f'],
    ['header not JSON', () => `${Buffer.from('not json').toString('base64url')}.e30.c2ln`],
    ['empty string', () => ''],
    ['9,000 characters', () => 'a'.repeat(3000) + '.' + 'b'.repeat(3000) + '.' + 'c'.repeat(2998)],
  ];

  it.each(attacks)('rejects: %s', async (_, token) => {
    expect(await verifier.verify(token())).toBeNull();
  });

  it('checks the nonce only when one is given', async () => {
    const token = issuer.mint({ claims: { nonce: 'n-123' } });
    expect(await verifier.verify(token, { nonce: 'n-123' })).not.toBeNull();
    expect(await verifier.verify(token, { nonce: 'n-456' })).toBeNull();
    expect(await verifier.verify(issuer.mint(), { nonce: 'n-123' })).toBeNull();
    expect(await verifier.verify(token)).not.toBeNull();
  });
});

describe('OIDC keys: discovery, cache and rotation', () => {
  it('fetches discovery and JWKS once for 10 verifications in a row (cached)', async () => {
    const jwksBefore = fetches('/jwks');
    for (let i = 0; i < 10; i += 1) expect(await verifier.verify(issuer.mint())).not.toBeNull();
    expect(fetches('/jwks') - jwksBefore).toBe(1);
  });

  it('shares one JWKS fetch among 20 parallel first verifications', async () => {
    const jwksBefore = fetches('/jwks');
    const results = await Promise.all(Array.from({ length: 20 }, () => verifier.verify(issuer.mint())));
    expect(results.every((identity) => identity !== null)).toBe(true);
    expect(fetches('/jwks') - jwksBefore).toBe(1);
  });

  it('key rotation: a token under a new kid verifies after one refetch, and the old kid still works while published', async () => {
    const old = issuer.mint();
    expect(await verifier.verify(old)).not.toBeNull();
    offsetMs = 61_000;
    issuer.rotate();
    const jwksBefore = fetches('/jwks');
    const rotated = issuer.mint();
    expect(await verifier.verify(rotated)).not.toBeNull();
    expect(fetches('/jwks') - jwksBefore).toBe(1);
    expect(await verifier.verify(old)).not.toBeNull();
    expect(fetches('/jwks') - jwksBefore).toBe(1);
  });

  it('refetches for unknown kids at most once per 60 s: 10 forged kids within a minute cost 1 fetch', async () => {
    expect(await verifier.verify(issuer.mint())).not.toBeNull();
    offsetMs = 61_000;
    const jwksBefore = fetches('/jwks');
    for (let i = 0; i < 10; i += 1) expect(await verifier.verify(issuer.mint({ header: { kid: `forged-${i}` } }))).toBeNull();
    expect(fetches('/jwks') - jwksBefore).toBe(1);
    // A key published within that minute is found only once the minute is over.
    const late = issuer.unpublishedKey();
    issuer.publish(late, true);
    expect(await verifier.verify(issuer.mint({ key: late }))).toBeNull();
    offsetMs = 122_000;
    expect(await verifier.verify(issuer.mint({ key: late }))).not.toBeNull();
    expect(fetches('/jwks') - jwksBefore).toBe(2);
    issuer.publish(late, false);
  });

  it('stops trusting a withdrawn key once the cache is 1 hour old', async () => {
    const key = issuer.current;
    expect(await verifier.verify(issuer.mint())).not.toBeNull();
    issuer.rotate({ retireOld: true });
    offsetMs = 3_600_000 + 1000;
    expect(await verifier.verify(issuer.mint({ key }))).toBeNull();
    expect(await verifier.verify(issuer.mint())).not.toBeNull();
  });

  it('refuses keys from a discovery document that names another issuer, and says so in the log', async () => {
    issuer.discoveryOverride = { issuer: 'https://accounts.google.com' };
    expect(await verifier.verify(issuer.mint())).toBeNull();
    expect(logs.join('\n')).toContain('discovery names issuer "https://accounts.google.com"');
  });

  it('answers null (never throws) while the issuer is down, without asking it again within 60 s', async () => {
    issuer.down = true;
    const before = fetches('/.well-known/openid-configuration');
    expect(await verifier.verify(issuer.mint())).toBeNull();
    expect(await verifier.verify(issuer.mint())).toBeNull();
    expect(fetches('/.well-known/openid-configuration') - before).toBe(1);
    expect(logs.some((line) => line.includes('could not be fetched') && line.includes('503'))).toBe(true);
    issuer.down = false;
    offsetMs = 61_000;
    expect(await verifier.verify(issuer.mint())).not.toBeNull();
  });

  it('tells the browser where to sign in: the discovered authorization endpoint and the client id', async () => {
    expect(await verifier.browserSignIn()).toEqual({ authorizationEndpoint: `${issuer.issuer}/authorize`, clientId: issuer.clientId });
  });
});

describe('test issuer /authorize (implicit flow for the browser test)', () => {
  const authorize = (params: Record<string, string>) => fetch(`${issuer.issuer}/authorize?${new URLSearchParams(params).toString()}`, { redirect: 'manual' });
  const base = { client_id: '', redirect_uri: 'http://localhost:4173/sign_in/google', response_type: 'id_token', nonce: 'nonce-42', state: 'state-7' };

  it('redirects with an id_token carrying the nonce, and the state', async () => {
    const response = await authorize({ ...base, client_id: issuer.clientId });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(base.redirect_uri);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('state')).toBe('state-7');
    const identity = await verifier.verify(fragment.get('id_token') ?? '', { nonce: 'nonce-42' });
    expect(identity?.subject).toBe(issuer.user.sub);
  });

  it('refuses an unknown client (400) and answers errors in the fragment (no nonce, cancelled)', async () => {
    expect((await authorize({ ...base, client_id: 'other' })).status).toBe(400);
    const { nonce: _, ...withoutNonce } = base;
    const noNonce = new URL((await authorize({ ...withoutNonce, client_id: issuer.clientId })).headers.get('location') ?? '');
    expect(new URLSearchParams(noNonce.hash.slice(1)).get('error')).toBe('invalid_request');
    issuer.authorizeError = 'access_denied';
    try {
      const denied = new URL((await authorize({ ...base, client_id: issuer.clientId })).headers.get('location') ?? '');
      const fragment = new URLSearchParams(denied.hash.slice(1));
      expect(fragment.get('error')).toBe('access_denied');
      expect(fragment.get('id_token')).toBeNull();
    } finally {
      issuer.authorizeError = null;
    }
  });
});

describe('Google sign-in configuration', () => {
  it('is off when OIDC_GOOGLE_ISSUER is unset or empty', () => {
    expect(loadGoogleSignInConfig({})).toBeNull();
    expect(loadGoogleSignInConfig({ OIDC_GOOGLE_ISSUER: '', OIDC_GOOGLE_CLIENT_ID: 'abc' })).toBeNull();
  });

  it('reads Google and a loopback test issuer', () => {
    expect(loadGoogleSignInConfig({ OIDC_GOOGLE_ISSUER: 'https://accounts.google.com', OIDC_GOOGLE_CLIENT_ID: '123.apps.googleusercontent.com' })).toEqual({
      issuer: 'https://accounts.google.com',
      clientId: '123.apps.googleusercontent.com',
    });
    expect(loadGoogleSignInConfig({ OIDC_GOOGLE_ISSUER: 'http://127.0.0.1:9400', OIDC_GOOGLE_CLIENT_ID: 'test' })?.issuer).toBe('http://127.0.0.1:9400');
  });

  it.each([
    ['http://accounts.example.com', 'OIDC_GOOGLE_ISSUER must be an https:// URL'],
    ['https://accounts.google.com?x=1', 'OIDC_GOOGLE_ISSUER must be an https:// URL'],
    ['not a url', 'OIDC_GOOGLE_ISSUER must be an https:// URL'],
  ])('refuses OIDC_GOOGLE_ISSUER=%s', (value, message) => {
    expect(() => loadGoogleSignInConfig({ OIDC_GOOGLE_ISSUER: value, OIDC_GOOGLE_CLIENT_ID: 'abc' })).toThrow(message);
  });

  it('needs a client id with an issuer', () => {
    expect(() => loadGoogleSignInConfig({ OIDC_GOOGLE_ISSUER: 'https://accounts.google.com' })).toThrow(ConfigError);
    expect(() => loadGoogleSignInConfig({ OIDC_GOOGLE_ISSUER: 'https://accounts.google.com' })).toThrow('OIDC_GOOGLE_CLIENT_ID is required');
  });
});
