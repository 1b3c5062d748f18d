import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { checkedApp } from '../helpers/api-contract.ts';
import { DEFAULT_SIGN_IN_LIMITS } from '../../src/server/auth/throttle.ts';
import { ConfigError } from '../../src/server/env.ts';
import { HSTS, loadTagManagerOrigin, securityHeaders } from '../../src/server/http/security-headers.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'bp-headers-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>Beauty Pass</title></head><body><div id="root"></div></body></html>');
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
  t = await createTestApp({
    seedProducts: 0,
    staticDir: dist,
    routes: (app) =>
      app.get('/api/web/v1/test-failure', () => {
        throw new Error('boom');
      }),
  });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

/** The policy as directive → sources. */
function policyOf(response: Response): Map<string, string[]> {
  const header = response.headers.get('content-security-policy');
  if (!header) throw new Error(`no Content-Security-Policy on ${response.url}`);
  return new Map(header.split(';').map((part) => part.trim().split(/\s+/)).map(([name = '', ...sources]) => [name, sources]));
}

function expectTrustedStoreHeaders(response: Response) {
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(policyOf(response).get('frame-ancestors')).toEqual(["'none'"]);
  // Plain HTTP: no HSTS.
  expect(response.headers.get('strict-transport-security')).toBeNull();
}

describe('security headers', () => {
  it('pages: a policy that runs only our own scripts, nothing inline, and cannot be framed', async () => {
    for (const url of ['/', '/sign_in', '/products/some-lipstick']) {
      const response = await t.app.request(url);
      expect(response.status).toBe(200);
      expectTrustedStoreHeaders(response);
      const policy = policyOf(response);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('script-src')).toEqual(["'self'"]);
      expect(policy.get('connect-src')).toEqual(["'self'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('base-uri')).toEqual(["'none'"]);
      // Style sheets are ours; only `style` attributes (server-rendered `style={{…}}`) are inline.
      expect(policy.get('style-src')).toEqual(["'self'"]);
      expect(policy.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
      expect(policy.get('img-src')).toEqual(["'self'", 'data:']);
      expect(response.headers.get('content-security-policy')).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    }
  });

  it('files and API answers carry them too; the API with a policy that loads nothing', async () => {
    expectTrustedStoreHeaders(await t.app.request('/assets/index-abc123.js'));
    for (const url of ['/api/web/v1/categories', '/api/web/v1/no-such-thing', '/api/web/v1/test-failure']) {
      const response = await t.app.request(url);
      expectTrustedStoreHeaders(response);
      expect(policyOf(response).get('default-src'), url).toEqual(["'none'"]);
    }
    // The failure still answered as the API does.
    expect((await t.app.request('/api/web/v1/test-failure')).status).toBe(500);
  });

  it('HSTS only over HTTPS: TLS to us, or a trusted proxy that says so', async () => {
    expect((await t.app.request('https://shop.example/')).headers.get('strict-transport-security')).toBe(HSTS);
    expect((await t.app.request('https://shop.example/api/web/v1/categories')).headers.get('strict-transport-security')).toBe(HSTS);
    const forwarded = { headers: { 'X-Forwarded-Proto': 'https' } };
    // Without TRUST_PROXY a client could send the header itself: not believed.
    expect((await t.app.request('/', forwarded)).headers.get('strict-transport-security')).toBeNull();
    const behindProxy = checkedApp(createApp({ db: t.db, staticDir: dist, log: () => undefined, signIn: { ...DEFAULT_SIGN_IN_LIMITS, trustProxy: true } }));
    expect((await behindProxy.request('/', forwarded)).headers.get('strict-transport-security')).toBe(HSTS);
    expect((await behindProxy.request('/', { headers: { 'X-Forwarded-Proto': 'http' } })).headers.get('strict-transport-security')).toBeNull();
  });
});

describe('the tag manager', () => {
  const page = (tagManagerOrigin: string | null) => new Hono().use('*', securityHeaders({ tagManagerOrigin })).get('/', (c) => c.html('<p>page</p>'));

  it('is allowed to load and send only when its origin is configured', async () => {
    const withIt = policyOf(await page('https://www.googletagmanager.com').request('/'));
    expect(withIt.get('script-src')).toEqual(["'self'", 'https://www.googletagmanager.com']);
    expect(withIt.get('connect-src')).toEqual(["'self'", 'https://www.googletagmanager.com']);
    const without = policyOf(await page(null).request('/'));
    expect(without.get('script-src')).toEqual(["'self'"]);
  });

  it('TAG_MANAGER_ORIGIN takes an origin and nothing that could write another directive', () => {
    expect(loadTagManagerOrigin({})).toBeNull();
    expect(loadTagManagerOrigin({ TAG_MANAGER_ORIGIN: '' })).toBeNull();
    expect(loadTagManagerOrigin({ TAG_MANAGER_ORIGIN: ' https://www.GoogleTagManager.com ' })).toBe('https://www.googletagmanager.com');
    for (const bad of ['https://www.googletagmanager.com; script-src *', 'https://x.example/gtm.js', '*', "'unsafe-inline'", 'javascript:alert(1)']) {
      expect(() => loadTagManagerOrigin({ TAG_MANAGER_ORIGIN: bad }), bad).toThrow(ConfigError);
    }
  });
});
