import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { BuildManifestSchema, buildManifestFile, LATEST_BUILD_FILE, LatestBuildSchema, type BuildManifest, type LatestBuild } from '../../../contract/build.ts';
import type { RuntimeEffects } from './effects.ts';

/** The deployment machine's fetch actors, validating what the server sent (spec §2, §8). */
export function deploymentActors(fetchJson: RuntimeEffects['fetchJson']) {
  return {
    fetchLatestBuild: fromPromise<LatestBuild, { buildId: string }>(async () => v.parse(LatestBuildSchema, await fetchJson(`/${LATEST_BUILD_FILE}`))),
    fetchManifest: fromPromise<BuildManifest, { buildId: string }>(async ({ input }) =>
      v.parse(BuildManifestSchema, await fetchJson(`/${buildManifestFile(input.buildId)}`)),
    ),
  };
}
