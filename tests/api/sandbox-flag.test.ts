import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadSandboxFlag } from '../../src/server/env.ts';
import { SANDBOX_META, withSandboxMeta } from '../../src/server/render/head-meta.ts';
import { serveSpa } from '../../src/server/http/static.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';

const INDEX = '<!doctype html><html><head><title>Beauty Pass</title></head><body><div id="root"></div></body></html>';
let dist: string;

beforeAll(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'bp-sandbox-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log("</head>")');
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));
afterEach(() => vi.unstubAllEnvs());

const spa = (sandbox?: boolean) => new Hono().use('*', serveSpa(dist, sandbox === undefined ? {} : { sandbox }));
const metaCount = (html: string) => html.split('name="beauty-pass-sandbox"').length - 1;

describe('SANDBOX flag', () => {
  it('accepts 1/0/true/false (any case, trimmed) and defaults to off', () => {
    expect(loadSandboxFlag({})).toBe(false);
    expect(loadSandboxFlag({ SANDBOX: '1' })).toBe(true);
    expect(loadSandboxFlag({ SANDBOX: ' TRUE ' })).toBe(true);
    expect(loadSandboxFlag({ SANDBOX: '0' })).toBe(false);
    expect(loadSandboxFlag({ SANDBOX: 'false' })).toBe(false);
    expect(loadSandboxFlag({ SANDBOX: '' })).toBe(false);
  });

  it('refuses anything else with a clear error', () => {
    expect(() => loadSandboxFlag({ SANDBOX: 'yes' })).toThrow(ConfigError);
    expect(() => loadSandboxFlag({ SANDBOX: '2' })).toThrow('SANDBOX must be 1, 0, true or false');
  });
});

describe('index.html and the sandbox meta', () => {
  it('has no meta when the sandbox is off, on a page path and on /index.html', async () => {
    for (const url of ['/sandbox/machines', '/', '/index.html']) {
      const response = await spa(false).request(url);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(INDEX);
    }
  });

  it('has the meta once, inside the head, when the sandbox is on', async () => {
    for (const url of ['/sandbox/machines/bookingFlow', '/', '/index.html']) {
      const response = await spa(true).request(url);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const html = await response.text();
      expect(metaCount(html)).toBe(1);
      expect(html).toContain(`${SANDBOX_META}</head>`);
    }
  });

  it('never touches other files', async () => {
    const response = await spa(true).request('/assets/index-abc.js');
    expect(await response.text()).toBe('console.log("</head>")');
  });

  it('reads SANDBOX from the environment by default', async () => {
    vi.stubEnv('SANDBOX', '1');
    expect(metaCount(await (await spa().request('/')).text())).toBe(1);
    vi.stubEnv('SANDBOX', '0');
    expect(metaCount(await (await spa().request('/')).text())).toBe(0);
  });

  it('puts the meta after the doctype when the page has no head element', () => {
    expect(withSandboxMeta('<!DOCTYPE html><title>x</title>')).toBe(`<!DOCTYPE html>${SANDBOX_META}<title>x</title>`);
  });
});

describe('the whole app', () => {
  let t: TestApp;
  beforeAll(async () => {
    vi.stubEnv('SANDBOX', 'true');
    t = await createTestApp({ seedProducts: 0, staticDir: dist });
    vi.unstubAllEnvs();
  });
  afterAll(async () => t?.close());

  it('serves index.html with the meta when started with SANDBOX=true, and the API without it', async () => {
    const page = await t.app.request('/sandbox/machines');
    expect(metaCount(await page.text())).toBe(1);
    const api = await t.api('/layouts');
    expect(api.headers.get('content-type')).toContain('application/json');
  });
});
