// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ROUTE_TABLE } from 'virtual:routes';
import { LATER_SCREEN_PATHS } from 'virtual:routes/later-screens';
import { SCREEN_MODULES } from 'virtual:routes/preloads';
import { LATER_SCREENS_MANIFEST_KEY, laterScreensModule, routesModule, routesPlugin } from '../../src/build/routes-plugin.ts';
import { ROUTE_MANIFEST, type RouteDeclaration } from '../../src/web/app/route-manifest.ts';
import { ROUTES } from '../../src/web/app/routes.tsx';

const ROOT = path.resolve(import.meta.dirname, '../..');
const paths = ROUTE_MANIFEST.map((route) => route.path);

/** Every source file under `dir` (TypeScript, no tests). */
function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
}

describe('the route manifest (src/web/app/route-manifest.ts)', () => {
  test('holds each route once, and each entry names a screen module that exists and exports a default', () => {
    expect(new Set(paths).size).toBe(paths.length);
    for (const route of ROUTE_MANIFEST) {
      expect(existsSync(path.join(ROOT, route.module)), `${route.path} → ${route.module}`).toBe(true);
      expect(readFileSync(path.join(ROOT, route.module), 'utf8'), route.module).toMatch(/^export default /m);
    }
    // The storefront pages a shopper may land on, the ones `npm run size` measures.
    expect(ROUTE_MANIFEST.filter((route) => route.firstScreen).map((route) => route.path)).toEqual([
      '/',
      '/categories/:top/:category?/:sub?',
      '/products/:slug',
      '/brands/:slug',
      '/sale',
      '/search',
      '/sign_in',
    ]);
  });

  test('the router, the later-screens chunk and the server’s preload map hold exactly its routes', () => {
    // The sandbox is on under vitest (a development build): every route is in the table, in the manifest's order.
    expect(ROUTES.map((route) => route.path)).toEqual(paths);
    expect(ROUTE_TABLE.map((route) => route.path)).toEqual(paths);
    expect(Object.keys(SCREEN_MODULES)).toEqual(paths);
    expect([...LATER_SCREEN_PATHS]).toEqual(ROUTE_MANIFEST.filter((route) => !route.firstScreen).map((route) => route.path));
    for (const route of ROUTE_MANIFEST) {
      expect(SCREEN_MODULES[route.path], route.path).toEqual(route.firstScreen ? [route.module] : [LATER_SCREENS_MANIFEST_KEY, route.module]);
      const entry = ROUTES.find((candidate) => candidate.path === route.path);
      expect(entry?.layout, route.path).toBe(route.layout);
      expect(entry?.validate !== undefined, route.path).toBe(route.validate !== undefined);
      expect(entry?.browserOnly === true, route.path).toBe(route.browserOnly === true);
    }
  });

  test('no screen module is loaded anywhere but through the generated modules: a route is declared in the manifest only', () => {
    const modules = new Set(ROUTE_MANIFEST.map((route) => route.module));
    const found: string[] = [];
    for (const file of [...sources('src'), ...sources('machines')]) {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      for (const [, target] of text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
        if (!target?.startsWith('.')) continue;
        const resolved = path.relative(ROOT, path.resolve(ROOT, path.dirname(file), target));
        if (modules.has(resolved)) found.push(`${file} loads ${resolved}`);
      }
    }
    expect(found).toEqual([]);
  });

  test('the route table the entry carries names no later screen’s module (its bytes are on every first screen)', () => {
    const table = routesModule('/repo', ROUTE_MANIFEST);
    for (const route of ROUTE_MANIFEST) expect(table.includes(route.module), route.path).toBe(route.firstScreen === true);
    const later = laterScreensModule('/repo', ROUTE_MANIFEST);
    for (const route of ROUTE_MANIFEST) expect(later.includes(`"/repo/${route.module}"`), route.path).toBe(route.firstScreen !== true);
  });

  test('the build fails on an entry whose module does not exist', () => {
    const missing: RouteDeclaration = { path: '/nowhere', layout: 'default', module: 'src/web/features/nowhere/nowhere-screen.tsx' };
    const plugin = routesPlugin([...ROUTE_MANIFEST, missing]);
    const context = {
      error(message: string): never {
        throw new Error(message);
      },
    };
    const buildStart = plugin.buildStart as unknown as (this: typeof context) => void;
    expect(() => buildStart.call(context)).toThrow('/nowhere → src/web/features/nowhere/nowhere-screen.tsx');
    const fine = routesPlugin().buildStart as unknown as (this: typeof context) => void;
    expect(() => fine.call(context)).not.toThrow();
  });
});
