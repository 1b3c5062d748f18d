// @vitest-environment node
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadChunkStyles, loadInlineStyle } from '../../src/server/render/inline-style.ts';
import * as entry from '../../src/web/app/entry-server.tsx';
import { createTestApp, type TestApp } from '../helpers/server.ts';

const CSS = 'body{margin:0;color:#111}.product-card{aspect-ratio:1}';
/** The bag screen's own sheet (src/web/features/bag/bag.css, split off with its chunk), and the wish list's. */
const BAG_CSS = '.bag{display:grid}';
const WISHLIST_CSS = '.wishlist{display:grid}';
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, css: ['assets/index-1.css'] },
  'src/web/features/bag/bag-screen.tsx': { file: 'assets/bag-screen-1.js', css: ['assets/bag-1.css'] },
  'src/web/features/wishlist/wishlist-screen.tsx': { file: 'assets/wishlist-screen-1.js', css: ['assets/wishlist-1.css'] },
};
const TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Beauty Pass</title><script type="module" crossorigin src="/assets/index-1.js"></script><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head><body><div id="root"></div></body></html>`;

function built(css: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bp-inline-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), TEMPLATE);
  writeFileSync(path.join(dir, 'assets', 'index-1.css'), css);
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  writeFileSync(path.join(dir, 'assets', 'bag-1.css'), BAG_CSS);
  writeFileSync(path.join(dir, 'assets', 'wishlist-1.css'), WISHLIST_CSS);
  return dir;
}

const dirs: string[] = [];
let t: TestApp;
beforeAll(async () => {
  const dir = built(CSS);
  dirs.push(dir);
  t = await createTestApp({ seedProducts: 20, staticDir: dir, pages: entry });
});
afterAll(async () => {
  await t.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the first screen’s stylesheet, inlined', () => {
  test('a page carries the built stylesheet in a <style>, and the policy allows exactly that one by its hash', async () => {
    const response = await t.app.request('/privacy');
    const html = await response.text();
    expect(html).toContain(`<style>${CSS}</style>`);
    // The link stays, disabled (neither fetched nor applied), so that Vite's loader of lazy chunks finds it and does not link it again.
    expect(html.match(/<link rel="stylesheet"[^>]*>/g)).toEqual(['<link rel="stylesheet" href="/assets/index-1.css" disabled>']);
    // A screen without a sheet of its own carries none of the features' sheets.
    expect(html).not.toContain(BAG_CSS);
    const hash = `'sha256-${createHash('sha256').update(CSS).digest('base64')}'`;
    expect(response.headers.get('content-security-policy')).toMatch(new RegExp(`style-src 'self' ${hash.replace(/[+/]/g, '\\$&')}`));
    // And exactly one inline script, the boot script, by its hash.
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => `'sha256-${createHash('sha256').update(match[1] ?? '').digest('base64')}'`);
    expect(scripts).toHaveLength(1);
    expect(response.headers.get('content-security-policy')).toContain(`script-src 'self' ${scripts[0] ?? ''};`);
    // The API's policy is untouched: nothing loads from an API answer.
    expect((await t.app.request('/api/web/v1/layouts')).headers.get('content-security-policy')).not.toContain('sha256');
  });

  test('a page carries its screen’s own sheet after the stylesheet, styled before its scripts run, and allowed by its hash', async () => {
    const response = await t.app.request('/cart');
    const html = await response.text();
    const head = html.slice(0, html.indexOf('</head>'));
    // In the head, after the stylesheet (the order Vite would link them in), its link disabled for Vite's loader to find.
    expect(head.indexOf(`<style>${BAG_CSS}</style><link rel="stylesheet" href="/assets/bag-1.css" disabled>`)).toBeGreaterThan(head.indexOf(`<style>${CSS}</style>`));
    expect(html).not.toContain(WISHLIST_CSS);
    const policy = response.headers.get('content-security-policy') ?? '';
    for (const css of [BAG_CSS, WISHLIST_CSS]) expect(policy).toContain(`'sha256-${createHash('sha256').update(css).digest('base64')}'`);
  });

  test('a feature sheet that could end the element is not carried, and without a manifest there are none', () => {
    const hostile = built(CSS);
    dirs.push(hostile);
    writeFileSync(path.join(hostile, 'assets', 'bag-1.css'), 'a::after{content:"</style><script>alert(1)</script>"}');
    expect([...loadChunkStyles(hostile).keys()]).toEqual(['/assets/wishlist-1.css']);
    expect(loadChunkStyles(path.join(hostile, 'nowhere')).size).toBe(0);
  });

  test('a sheet that could end the element, or no built sheet at all, stays a link', () => {
    const hostile = built('a::after{content:"</style><script>alert(1)</script>"}');
    dirs.push(hostile);
    expect(loadInlineStyle(hostile)).toBeNull();
    expect(loadInlineStyle(path.join(hostile, 'nowhere'))).toBeNull();
    expect(loadInlineStyle(dirs[0] ?? '')?.css).toBe(CSS);
  });
});
