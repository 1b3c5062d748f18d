import * as v from 'valibot';

/**
 * A route rule of the build manifest (spec §2): `match` is an exact path, or a prefix when it ends
 * in `*`; `redirect` is an internal path (in-app navigation) or an absolute http(s) URL (full page
 * load).
 */
export const RouteRuleSchema = v.object({
  match: v.pipe(v.string(), v.regex(/^\/[^?#]*$/, 'match is a path starting with /')),
  redirect: v.pipe(v.string(), v.regex(/^(\/(?!\/)|https?:\/\/)/, 'redirect is a path starting with / or an http(s) URL')),
});
export type RouteRule = v.InferOutput<typeof RouteRuleSchema>;

/** `dist/web/latest-build.json`: polled by the SPA to notice a new deployment. */
export const LatestBuildSchema = v.object({ id: v.pipe(v.string(), v.minLength(1)) });
export type LatestBuild = v.InferOutput<typeof LatestBuildSchema>;

/** `dist/web/build-manifest/<id>.json`: what one build knows about its routes. */
export const BuildManifestSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1)),
  routeRules: v.array(RouteRuleSchema),
});
export type BuildManifest = v.InferOutput<typeof BuildManifestSchema>;

export const LATEST_BUILD_FILE = 'latest-build.json';
export function buildManifestFile(id: string): string {
  return `build-manifest/${encodeURIComponent(id)}.json`;
}
