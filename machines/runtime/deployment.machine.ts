import { assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { MANIFEST_PREFETCH_DELAY_MS } from '../../src/config/constants.ts';
import type { BuildManifest, LatestBuild, RouteRule } from '../../src/contract/build.ts';
import { findRouteRedirect, type RouteRedirect } from './deployment.rules.ts';

/** How often the SPA asks whether a new build was deployed. */
export const LATEST_BUILD_POLL_MS = 5 * 60_000;

/** The app provides these (`machine.provide`): they fetch `latest-build.json` and this build's manifest. */
export const fetchLatestBuild = fromPromise<LatestBuild, { buildId: string }>(async () => {
  throw new Error('deployment: provide the `fetchLatestBuild` actor');
});
export const fetchManifest = fromPromise<BuildManifest, { buildId: string }>(async () => {
  throw new Error('deployment: provide the `fetchManifest` actor');
});

export interface DeploymentInput {
  /** The id this SPA was built with. */
  buildId: string;
  /** The path the page was loaded at. */
  path: string;
}

interface DeploymentContext {
  buildId: string;
  latestBuildId: string | null;
  path: string;
  routeRules: RouteRule[];
  /** The redirect a route rule made for the path the manifest found the shopper on. */
  redirect: RouteRedirect | null;
}

export type DeploymentEvent =
  /** The tab became visible again: check now instead of waiting for the next poll. */
  | { type: 'deployment.visible' }
  /** The shopper navigated in-app: route rules apply to the path they are on now. */
  | { type: 'deployment.navigated'; path: string };

function redirectFor(rules: readonly RouteRule[], path: string): RouteRedirect | null {
  return findRouteRedirect(rules, path);
}

/**
 * Notices new deployments and applies route rules (spec §2, §4, §8, §9). `build` polls
 * `latest-build.json` every LATEST_BUILD_POLL_MS and when the tab becomes visible; a different id
 * makes it `stale` (the app then turns the next navigation into a full page load and tells the
 * shopper). `manifest` fetches this build's manifest MANIFEST_PREFETCH_DELAY_MS after start and
 * redirects the current path if a rule matches. Fetch failures are logged only.
 */
export const deploymentMachine = setup({
  types: {
    context: {} as DeploymentContext,
    events: {} as DeploymentEvent,
    input: {} as DeploymentInput,
    tags: {} as 'stale' | 'rules',
  },
  actors: { fetchLatestBuild, fetchManifest },
  delays: {
    LATEST_BUILD_POLL: LATEST_BUILD_POLL_MS,
    MANIFEST_PREFETCH: MANIFEST_PREFETCH_DELAY_MS,
  },
  guards: {
    isNewBuild: ({ context }, latest: LatestBuild) => latest.id !== context.buildId,
    redirectsExternally: ({ context }, manifest: BuildManifest) => redirectFor(manifest.routeRules, context.path)?.kind === 'external',
    redirectsInternally: ({ context }, manifest: BuildManifest) => redirectFor(manifest.routeRules, context.path)?.kind === 'internal',
  },
  actions: {
    storeLatest: assign((_, latest: LatestBuild) => ({ latestBuildId: latest.id })),
    storeRules: assign(({ context }, manifest: BuildManifest) => ({
      routeRules: manifest.routeRules,
      redirect: redirectFor(manifest.routeRules, context.path),
    })),
    storePath: assign((_, path: string) => ({ path })),
    /** The app shows "A new version of the store is available". */
    notifyNewBuild: (_, _params: { latestBuildId: string }) => {},
    /** `location.assign(href)`. */
    redirectExternally: (_, _params: { href: string }) => {},
    /** In-app navigation to `path`. */
    redirectInternally: (_, _params: { path: string }) => {},
    /** Failures are logged, never shown (spec §8). */
    logFetchFailure: (_, _params: { what: 'latest-build' | 'manifest'; error: unknown }) => {},
  },
}).createMachine({
  id: 'deployment',
  context: ({ input }) => ({ buildId: input.buildId, latestBuildId: null, path: input.path, routeRules: [], redirect: null }),
  type: 'parallel',
  on: {
    'deployment.navigated': { actions: { type: 'storePath', params: ({ event }) => event.path } },
  },
  states: {
    build: {
      initial: 'current',
      states: {
        current: {
          after: { LATEST_BUILD_POLL: 'checking' },
          on: { 'deployment.visible': 'checking' },
        },
        checking: {
          invoke: {
            id: 'fetchLatestBuild',
            src: 'fetchLatestBuild',
            input: ({ context }) => ({ buildId: context.buildId }),
            onDone: [
              {
                guard: { type: 'isNewBuild', params: ({ event }: { event: DoneActorEvent<LatestBuild> }) => event.output },
                target: 'stale',
                actions: [
                  { type: 'storeLatest', params: ({ event }: { event: DoneActorEvent<LatestBuild> }) => event.output },
                  { type: 'notifyNewBuild', params: ({ event }: { event: DoneActorEvent<LatestBuild> }) => ({ latestBuildId: event.output.id }) },
                ],
              },
              { target: 'current', actions: { type: 'storeLatest', params: ({ event }: { event: DoneActorEvent<LatestBuild> }) => event.output } },
            ],
            onError: {
              target: 'current',
              actions: { type: 'logFetchFailure', params: ({ event }: { event: ErrorActorEvent }) => ({ what: 'latest-build' as const, error: event.error }) },
            },
          },
        },
        /** A newer build is deployed: the next navigation is a full page load. No more polling. */
        stale: { tags: ['stale'] },
      },
    },
    manifest: {
      initial: 'waiting',
      states: {
        waiting: { after: { MANIFEST_PREFETCH: 'loading' } },
        loading: {
          invoke: {
            id: 'fetchManifest',
            src: 'fetchManifest',
            input: ({ context }) => ({ buildId: context.buildId }),
            onDone: [
              {
                guard: { type: 'redirectsExternally', params: ({ event }: { event: DoneActorEvent<BuildManifest> }) => event.output },
                target: 'loaded',
                actions: [
                  { type: 'storeRules', params: ({ event }: { event: DoneActorEvent<BuildManifest> }) => event.output },
                  {
                    type: 'redirectExternally',
                    params: ({ context, event }: { context: DeploymentContext; event: DoneActorEvent<BuildManifest> }) => {
                      const redirect = redirectFor(event.output.routeRules, context.path);
                      return { href: redirect?.kind === 'external' ? redirect.href : '/' };
                    },
                  },
                ],
              },
              {
                guard: { type: 'redirectsInternally', params: ({ event }: { event: DoneActorEvent<BuildManifest> }) => event.output },
                target: 'loaded',
                actions: [
                  { type: 'storeRules', params: ({ event }: { event: DoneActorEvent<BuildManifest> }) => event.output },
                  {
                    type: 'redirectInternally',
                    params: ({ context, event }: { context: DeploymentContext; event: DoneActorEvent<BuildManifest> }) => {
                      const redirect = redirectFor(event.output.routeRules, context.path);
                      return { path: redirect?.kind === 'internal' ? redirect.path : '/' };
                    },
                  },
                ],
              },
              { target: 'loaded', actions: { type: 'storeRules', params: ({ event }: { event: DoneActorEvent<BuildManifest> }) => event.output } },
            ],
            onError: {
              target: 'failed',
              actions: { type: 'logFetchFailure', params: ({ event }: { event: ErrorActorEvent }) => ({ what: 'manifest' as const, error: event.error }) },
            },
          },
        },
        loaded: { tags: ['rules'] },
        failed: {},
      },
    },
  },
});
