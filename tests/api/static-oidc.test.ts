import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GoogleSignInMetaSchema } from '../../src/contract/account.ts';
import { createApp } from '../../src/server/app.ts';
import { checkedApp } from '../helpers/api-contract.ts';
import { createOidcVerifier } from '../../src/server/auth/oidc.ts';
import { startOidcIssuer, type OidcTestIssuer } from '../helpers/oidc-issuer.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';

let t: TestApp;
let issuer: OidcTestIssuer;
let root: string;
const INDEX = '<!doctype html><html><head><title>Beauty Pass</title></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'bp-static-oidc-'));
  mkdirSync(path.join(root, 'assets'), { recursive: true });
  writeFileSync(path.join(root, 'index.html'), INDEX);
  writeFileSync(path.join(root, 'assets', 'index-abc123.js'), 'console.log("app")');
  issuer = await startOidcIssuer();
  t = await createTestApp({ seedProducts: 0, staticDir: root, idTokens: createOidcVerifier({ issuer: issuer.issuer, clientId: issuer.clientId, log: () => undefined }) });
});
afterAll(async () => {
  await t?.close();
  await issuer?.close();
  rmSync(root, { recursive: true, force: true });
});

const ENTITIES: Record<string, string> = { '&quot;': '"', '&#39;': "'", '&lt;': '<', '&gt;': '>', '&amp;': '&' };

/** The meta's content as the browser's DOM would give it: entities decoded. */
function googleMeta(html: string): unknown {
  const match = /<meta name="bp-google-signin" content="([^"]*)">/.exec(html);
  if (!match) return null;
  return JSON.parse((match[1] ?? '').replace(/&quot;|&#39;|&lt;|&gt;|&amp;/g, (entity) => ENTITIES[entity] ?? entity));
}

describe('index.html tells the SPA how to start Google sign-in', () => {
  it('injects <meta name="bp-google-signin"> with the discovered authorization endpoint and client id, in the head, on / and on client routes', async () => {
    for (const url of ['/', '/index.html', '/sign_in?return_to=%2Faccount']) {
      const response = await t.app.request(url);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html.indexOf('bp-google-signin')).toBeLessThan(html.indexOf('</head>'));
      expect(v.parse(GoogleSignInMetaSchema, googleMeta(html))).toEqual({ authorizationEndpoint: `${issuer.issuer}/authorize`, clientId: issuer.clientId });
    }
  });

  it('leaves assets untouched', async () => {
    expect(await (await t.app.request('/assets/index-abc123.js')).text()).toBe('console.log("app")');
  });

  it('escapes the JSON for the attribute: a client id holding "><script> stays inside content and decodes back exactly', async () => {
    const clientId = `evil"><script>alert('x')</script>&amp;`;
    const app = checkedApp(createApp({ db: t.db, staticDir: root, log: () => undefined, idTokens: createOidcVerifier({ issuer: issuer.issuer, clientId, log: () => undefined }) }));
    const html = await (await app.request('/')).text();
    expect(html).not.toContain('<script>');
    expect(googleMeta(html)).toEqual({ authorizationEndpoint: `${issuer.issuer}/authorize`, clientId });
  });

  it('no meta when Google sign-in is not configured', async () => {
    const app = checkedApp(createApp({ db: t.db, staticDir: root, log: () => undefined }));
    const html = await (await app.request('/')).text();
    expect(html).not.toContain('bp-google-signin');
    expect(html).toBe(INDEX);
  });

  it('an unreachable issuer: pages are still served (without the meta) and it is asked at most once in 60 s for 5 pages', async () => {
    const app = checkedApp(createApp({ db: t.db, staticDir: root, log: () => undefined, idTokens: createOidcVerifier({ issuer: issuer.issuer, clientId: 'x', log: () => undefined }) }));
    const discovery = '/.well-known/openid-configuration';
    issuer.down = true;
    try {
      const before = issuer.requests.get(discovery) ?? 0;
      for (let i = 0; i < 5; i += 1) {
        const response = await app.request('/');
        expect(response.status).toBe(200);
        expect(await response.text()).toBe(INDEX);
      }
      expect((issuer.requests.get(discovery) ?? 0) - before).toBe(1);
    } finally {
      issuer.down = false;
    }
  });
});
