import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/server.ts';

let t: TestApp;
let root: string;
let dist: string;
const INDEX = '<!doctype html><title>Beauty Pass</title><div id="root"></div>';

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'bp-static-'));
  dist = path.join(root, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
  writeFileSync(path.join(dist, 'assets', 'index-abc123.css'), 'body{margin:0}');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // A file outside the served directory that traversal attempts aim at.
  writeFileSync(path.join(root, 'secret.txt'), 'top secret');
  // Sandbox off: its meta tag would be written into index.html, which these tests compare byte for byte.
  t = await createTestApp({ seedProducts: 0, staticDir: dist, sandbox: false });
});
afterAll(async () => {
  await t?.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string) => t.app.request(url);

describe('static SPA', () => {
  it('serves hashed assets as immutable with their content type', async () => {
    const js = await get('/assets/index-abc123.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await js.text()).toBe('console.log("app")');
    const css = await get('/assets/index-abc123.css');
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('serves index.html and other root files with no-cache', async () => {
    for (const url of ['/', '/index.html']) {
      const response = await get(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toBe(INDEX);
    }
    const icon = await get('/favicon.svg');
    expect(icon.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  it('falls back to index.html for client-side routes', async () => {
    for (const url of ['/products/some-lipstick', '/categories/makeup/lips', '/th-th/account?tab=points']) {
      const response = await get(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toBe(INDEX);
    }
  });

  it('answers 404 for a missing hashed asset instead of HTML', async () => {
    const response = await get('/assets/index-old999.js');
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('<title>');
  });

  it('never serves a file outside the directory', async () => {
    for (const url of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/%2e%2e%2f%2e%2e%2fsecret.txt', '/..%2fsecret.txt', '/%2e%2e%5csecret.txt', '/assets/..%2f..%2fsecret.txt', '/a%00b']) {
      const response = await get(url);
      expect(await response.text(), url).not.toContain('top secret');
    }
  });

  it('leaves API paths to the API, including unknown ones', async () => {
    const unknown = await get('/api/web/v1/no-such-thing');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'Resource not found!', status: 404 });
    const brands = await get('/api/web/v1/brands');
    expect(brands.headers.get('content-type')).toContain('application/json');
  });
});
