import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import type { Plugin } from 'vite';
import { BuildManifestSchema, buildManifestFile, LATEST_BUILD_FILE, type BuildManifest, type RouteRule } from '../contract/build.ts';
import { ROUTE_RULES } from './route-rules.ts';

export interface BuildInfoOptions {
  /** Defaults to `BUILD_ID` from the environment, else a fresh time-ordered id. */
  id?: string;
  routeRules?: readonly RouteRule[];
}

export function newBuildId(now = new Date()): string {
  return `${now.toISOString().replace(/[-:.TZ]/g, '').slice(0, 14)}-${randomUUID().slice(0, 8)}`;
}

/** The two files of a build, validated: a bad rule fails the build instead of the shop. */
export function buildInfoFiles(id: string, routeRules: readonly RouteRule[]): Record<string, string> {
  const manifest: BuildManifest = v.parse(BuildManifestSchema, { id, routeRules: [...routeRules] });
  return {
    [LATEST_BUILD_FILE]: `${JSON.stringify({ id })}\n`,
    [buildManifestFile(id)]: `${JSON.stringify(manifest, null, 2)}\n`,
  };
}

/**
 * Gives each production build an id: the SPA knows it as `import.meta.env.VITE_BUILD_ID`, and the
 * build writes `latest-build.json` (polled to notice a new deployment) and
 * `build-manifest/<id>.json` (route rules). Development and tests have no id: nothing is polled.
 */
export function buildInfoPlugin(options: BuildInfoOptions = {}): Plugin {
  const id = options.id ?? process.env.BUILD_ID ?? newBuildId();
  const routeRules = options.routeRules ?? ROUTE_RULES;
  return {
    name: 'beauty-pass:build-info',
    apply: 'build',
    config: () => ({ define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(id) } }),
    generateBundle() {
      for (const [fileName, source] of Object.entries(buildInfoFiles(id, routeRules))) {
        this.emitFile({ type: 'asset', fileName, source });
      }
    },
  };
}
