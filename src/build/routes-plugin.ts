import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { ROUTE_MANIFEST, type RouteDeclaration } from '../web/app/route-manifest.ts';

/** The route table's data: each route's path, layout and checks, a first screen's loader (routes.tsx makes the table). */
export const ROUTES_MODULE = 'virtual:routes';
/** The one chunk that loads every screen that is no first screen (docs/decisions/019-later-screens-one-loader.md). */
export const LATER_SCREENS_MODULE = 'virtual:routes/later-screens';
/** The server's preload map: the chunks each route's page names beside its HTML (entry-server.tsx). */
export const PRELOADS_MODULE = 'virtual:routes/preloads';

/**
 * The later-screens chunk's key in the client build's manifest (dist/web/.vite/manifest.json),
 * which the server's preload map names: Vite keys a chunk by its module's id, and a virtual
 * module's id (`\0` + its name) is written without the `\0`.
 */
export const LATER_SCREENS_MANIFEST_KEY = LATER_SCREENS_MODULE;

const MODULES = [ROUTES_MODULE, LATER_SCREENS_MODULE, PRELOADS_MODULE];

/** A route's module as an import specifier: absolute, so the generated code resolves from anywhere. */
const importOf = (root: string, route: RouteDeclaration) => JSON.stringify(path.join(root, route.module));

/**
 * `virtual:routes`: one entry per route, in the manifest's order (first match wins). A first
 * screen carries its loader, so the entry names its chunk; every other screen is loaded through the
 * later-screens chunk by its path, so the entry does not carry the list of its files. Only the keys
 * a route has are written: every byte here is on every first screen.
 */
export function routesModule(root: string, manifest: readonly RouteDeclaration[]): string {
  const entries = manifest.map((route) => {
    const fields = [`path: ${JSON.stringify(route.path)}`, `layout: ${JSON.stringify(route.layout)}`];
    if (route.firstScreen) fields.push(`load: () => import(${importOf(root, route)})`);
    if (route.validate) fields.push(`validate: ${JSON.stringify(route.validate)}`);
    if (route.browserOnly) fields.push('browserOnly: true');
    if (route.sandbox) fields.push('sandbox: true');
    return `  { ${fields.join(', ')} },`;
  });
  return `// Generated from src/web/app/route-manifest.ts by src/build/routes-plugin.ts.\nexport const ROUTE_TABLE = [\n${entries.join('\n')}\n];\n`;
}

/** `virtual:routes/later-screens`: the screens that are no first screen, by path. */
export function laterScreensModule(root: string, manifest: readonly RouteDeclaration[]): string {
  const entries = manifest.filter((route) => !route.firstScreen).map((route) => `  ${JSON.stringify(route.path)}: () => import(${importOf(root, route)}),`);
  return [
    '// Generated from src/web/app/route-manifest.ts by src/build/routes-plugin.ts.',
    `const SCREENS = {\n${entries.join('\n')}\n};`,
    'export const LATER_SCREEN_PATHS = Object.keys(SCREENS);',
    'export function loadLaterScreen(path) {',
    '  return SCREENS[path]();',
    '}',
    '',
  ].join('\n');
}

/**
 * The chunks each route's page needs besides the entry, by source module (the keys of the client
 * build's manifest): a first screen's own chunk; the later-screens chunk and the screen's chunk
 * for every other route, so the screen still downloads with its files at once.
 */
export function screenModules(manifest: readonly RouteDeclaration[]): Record<string, string[]> {
  return Object.fromEntries(manifest.map((route) => [route.path, route.firstScreen ? [route.module] : [LATER_SCREENS_MANIFEST_KEY, route.module]]));
}

/** `virtual:routes/preloads`: the server's preload map (only the server build imports it). */
export function preloadsModule(manifest: readonly RouteDeclaration[]): string {
  return `// Generated from src/web/app/route-manifest.ts by src/build/routes-plugin.ts.\nexport const SCREEN_MODULES = ${JSON.stringify(screenModules(manifest), null, 2)};\n`;
}

/**
 * Generates the route table's loaders, the later-screens chunk and the server's preload map from
 * the one route manifest (src/web/app/route-manifest.ts), for the client build, the server build,
 * the dev server and vitest (all through vite.config.ts). A manifest entry whose module does not
 * exist fails here, before the bundler reports an unresolved import of generated code. The
 * manifest is one of the config's imports: the dev server restarts when it changes.
 */
export function routesPlugin(manifest: readonly RouteDeclaration[] = ROUTE_MANIFEST): Plugin {
  let root = process.cwd();
  return {
    name: 'beauty-pass:routes',
    configResolved(config) {
      root = config.root;
    },
    buildStart() {
      const missing = manifest.filter((route) => !existsSync(path.join(root, route.module)));
      if (missing.length > 0) this.error(`route-manifest.ts names modules that do not exist: ${missing.map((route) => `${route.path} → ${route.module}`).join(', ')}`);
    },
    resolveId(id) {
      return MODULES.includes(id) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith('\0')) return null;
      const name = id.slice(1);
      if (name === ROUTES_MODULE) return routesModule(root, manifest);
      if (name === LATER_SCREENS_MODULE) return laterScreensModule(root, manifest);
      if (name === PRELOADS_MODULE) return preloadsModule(manifest);
      return null;
    },
  };
}
