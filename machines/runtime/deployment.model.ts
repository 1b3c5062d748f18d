import { msg } from '@lingui/core/macro';
import { deploymentMachine } from './deployment.machine.ts';
import { defineModel } from '../model/types.ts';

const manifest = (routeRules: { match: string; redirect: string }[]) => ({ id: 'build-1', routeRules });

export const deploymentModel = defineModel({
  id: 'deployment',
  title: msg`Deployment check and route rules`,
  description: msg`Polls the latest build (and checks when the tab is visible again); a new build makes the next navigation a full page load. The build manifest, fetched a second after start, can redirect the current path to another page or site.`,
  machine: deploymentMachine,
  input: { buildId: 'build-1', path: '/sale' },
  events: [
    { type: 'xstate.after.LATEST_BUILD_POLL.deployment.build.current' },
    { type: 'deployment.visible' },
    { type: 'deployment.navigated', path: '/categories/makeup' },
    { type: 'xstate.done.actor.fetchLatestBuild', output: { id: 'build-1' } },
    { type: 'xstate.done.actor.fetchLatestBuild', output: { id: 'build-2' } },
    { type: 'xstate.error.actor.fetchLatestBuild', error: new Error('offline') },
    { type: 'xstate.after.MANIFEST_PREFETCH.deployment.manifest.waiting' },
    { type: 'xstate.done.actor.fetchManifest', output: manifest([{ match: '/sale', redirect: 'https://sale.example.com/' }]) },
    { type: 'xstate.done.actor.fetchManifest', output: manifest([{ match: '/sale*', redirect: '/categories/makeup' }]) },
    { type: 'xstate.done.actor.fetchManifest', output: manifest([]) },
    { type: 'xstate.error.actor.fetchManifest', error: new Error('404') },
  ],
  serializeState: (snapshot) =>
    JSON.stringify({ value: snapshot.value, latest: snapshot.context.latestBuildId, path: snapshot.context.path, rules: snapshot.context.routeRules.length, redirect: snapshot.context.redirect?.kind ?? null }),
});
