// @vitest-environment node
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { createPreloads } from '../../src/server/render/preloads.ts';
import { SCREEN_MODULES } from 'virtual:routes/preloads';
import { LATER_SCREEN_PATHS } from 'virtual:routes/later-screens';
import { LATER_SCREENS_MANIFEST_KEY } from '../../src/build/routes-plugin.ts';
import { ROUTES } from '../../src/web/app/routes.tsx';

const dir = mkdtempSync(path.join(tmpdir(), 'bp-preloads-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a page\'s preloads', () => {
  test('a page preloads its modules with their imports, not what the entry already has', async () => {
    mkdirSync(path.join(dir, '.vite'));
    writeFileSync(
      path.join(dir, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared-1.js'], css: ['assets/index-1.css'] },
        '_shared-1.js': { file: 'assets/shared-1.js', css: ['assets/shared-1.css'] },
        '_grid-1.js': { file: 'assets/grid-1.js', imports: ['_shared-1.js'], css: ['assets/grid-1.css'] },
        'src/web/features/bag/bag-screen.tsx': { file: 'assets/bag-screen-1.js', css: ['assets/bag-1.css'] },
        'src/web/features/catalog/category-screen.tsx': { file: 'assets/category-screen-1.js', imports: ['_grid-1.js', '_shared-1.js'], css: ['assets/category-1.css'] },
        'src/web/features/catalog/listing-view.tsx': { file: 'assets/listing-view-1.js', imports: ['_grid-1.js'] },
        'i18n/en.po': { file: 'assets/en-1.js' },
        'src/web/app/styles.css': { file: 'assets/styles-1.css' },
      }),
    );
    const { scripts, styles } = await createPreloads(dir)(['i18n/en.po', 'src/web/features/catalog/category-screen.tsx', 'src/web/features/catalog/listing-view.tsx', 'not/in/the/build.tsx']);
    expect([...scripts].sort()).toEqual(['/assets/category-screen-1.js', '/assets/en-1.js', '/assets/grid-1.js', '/assets/listing-view-1.js']);
    // The sheets of the page's own chunks, once each; the entry's (inlined) and another screen's are not among them.
    expect([...styles].sort()).toEqual(['/assets/category-1.css', '/assets/grid-1.css']);
  });

  test('without a build manifest nothing is preloaded', async () => {
    expect(await createPreloads(path.join(dir, 'nowhere'))(['i18n/en.po'])).toEqual({ scripts: [], styles: [] });
  });

  test('every route pattern the server preloads for exists, and every module is a source file', () => {
    const patterns = new Set(ROUTES.map((route) => route.path));
    for (const [pattern, modules] of Object.entries(SCREEN_MODULES)) {
      expect(patterns.has(pattern), pattern).toBe(true);
      for (const module of modules) expect(module === LATER_SCREENS_MANIFEST_KEY || existsSync(module), module).toBe(true);
    }
    // Every storefront screen is listed, the account screens each with its own module: one the map
    // forgot would load its chunk after the entry.
    for (const route of ROUTES) if (route.layout === 'default') expect(SCREEN_MODULES[route.path], route.path).toBeDefined();
    expect(SCREEN_MODULES['/sign_in']).toEqual(['src/web/features/account/sign-in-screen.tsx']);
    // A screen loaded through the later-screens chunk has that chunk preloaded with it: without it,
    // the page would fetch the loader first and the screen's files only after it.
    for (const path of LATER_SCREEN_PATHS) expect(SCREEN_MODULES[path]?.[0], path).toBe(LATER_SCREENS_MANIFEST_KEY);
    // The storefront's first screens are named in the entry itself (their files download with it).
    for (const path of ['/', '/categories/:top/:category?/:sub?', '/products/:slug', '/brands/:slug', '/sale', '/search', '/sign_in']) {
      expect(LATER_SCREEN_PATHS as readonly string[], path).not.toContain(path);
    }
    // The dashboard is the shell's module that adds the Beauty Pass section to the account screen.
    expect(SCREEN_MODULES['/account']).toEqual([LATER_SCREENS_MANIFEST_KEY, 'src/web/app/account-dashboard-screen.tsx']);
  });
});
