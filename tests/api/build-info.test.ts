import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuildManifestSchema, LatestBuildSchema } from '../../src/contract/build.ts';
import { buildInfoFiles, buildInfoPlugin, newBuildId } from '../../src/build/build-info-plugin.ts';
import { ROUTE_RULES } from '../../src/build/route-rules.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';

const ID = '20250101120000-abcd1234';
let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'bp-build-info-'));
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  for (const [file, source] of Object.entries(buildInfoFiles(ID, ROUTE_RULES))) {
    mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    writeFileSync(path.join(dist, file), source);
  }
  t = await createTestApp({ seedProducts: 0, staticDir: dist });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('build info files', () => {
  it('latest-build.json is served as JSON that the browser must revalidate', async () => {
    const response = await t.app.request('/latest-build.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(v.parse(LatestBuildSchema, await response.json())).toEqual({ id: ID });
  });

  it("the build's manifest is served with no-cache and the checked-in route rules", async () => {
    const response = await t.app.request(`/build-manifest/${ID}.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const manifest = v.parse(BuildManifestSchema, await response.json());
    expect(manifest).toEqual({ id: ID, routeRules: [...ROUTE_RULES] });
  });

  it('an unknown manifest is a 404, not the SPA page', async () => {
    const response = await t.app.request('/build-manifest/other.json');
    expect(response.status).toBe(404);
  });
});

describe('buildInfoPlugin', () => {
  it('refuses an invalid rule instead of shipping it', () => {
    expect(() => buildInfoFiles(ID, [{ match: 'sale', redirect: '/x' }])).toThrow();
    expect(() => buildInfoFiles(ID, [{ match: '/sale', redirect: '//evil.example.com' }])).toThrow();
  });

  it('injects the build id only into builds, and ids are unique and sortable by time', () => {
    const plugin = buildInfoPlugin({ id: ID });
    expect(plugin.apply).toBe('build');
    const config = typeof plugin.config === 'function' ? plugin.config : null;
    expect(config?.call({} as never, {}, { command: 'build', mode: 'production' })).toEqual({ define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(ID) } });
    const a = newBuildId(new Date('2025-01-01T00:00:00Z'));
    const b = newBuildId(new Date('2025-01-01T00:00:01Z'));
    expect(a).toMatch(/^20250101000000-[0-9a-f]{8}$/);
    expect(a < b).toBe(true);
  });
});
