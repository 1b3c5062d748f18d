import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { MANIFEST_PREFETCH_DELAY_MS } from '../../src/config/constants.ts';
import type { BuildManifest, LatestBuild } from '../../src/contract/build.ts';
import { deploymentMachine, LATEST_BUILD_POLL_MS } from '../../machines/runtime/deployment.machine.ts';
import { deploymentModel } from '../../machines/runtime/deployment.model.ts';
import { findRouteRedirect, pathOf } from '../../machines/runtime/deployment.rules.ts';
import { coverage } from '../../machines/model/graph.ts';

/** A clock the test advances by hand: named delays fire only when told. */
function manualClock() {
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; fn: () => void }>();
  return {
    clock: {
      setTimeout: (fn: (...args: unknown[]) => void, ms: number) => {
        const id = nextId++;
        timers.set(id, { at: now + ms, fn });
        return id;
      },
      clearTimeout: (id: unknown) => void timers.delete(id as number),
    },
    advance(ms: number) {
      now += ms;
      for (const [id, timer] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
        if (timer.at <= now) {
          timers.delete(id);
          timer.fn();
        }
      }
    },
  };
}

function start({ latest = [] as (LatestBuild | Error)[], manifest = { id: 'b1', routeRules: [] } as BuildManifest | Error, path = '/' } = {}) {
  const calls = { latest: 0, manifest: 0 };
  const effects = { notify: vi.fn(), external: vi.fn(), internal: vi.fn(), log: vi.fn() };
  const { clock, advance } = manualClock();
  const machine = deploymentMachine.provide({
    actors: {
      fetchLatestBuild: fromPromise<LatestBuild, { buildId: string }>(async () => {
        const next = latest[Math.min(calls.latest, latest.length - 1)];
        calls.latest += 1;
        if (!next || next instanceof Error) throw next ?? new Error('offline');
        return next;
      }),
      fetchManifest: fromPromise<BuildManifest, { buildId: string }>(async ({ input }) => {
        calls.manifest += 1;
        if (manifest instanceof Error) throw manifest;
        expect(input.buildId).toBe('b1');
        return manifest;
      }),
    },
    actions: {
      notifyNewBuild: (_, params) => effects.notify(params),
      redirectExternally: (_, params) => effects.external(params.href),
      redirectInternally: (_, params) => effects.internal(params.path),
      logFetchFailure: (_, params) => effects.log(params.what),
    },
  });
  const actor = createActor(machine, { input: { buildId: 'b1', path }, clock }).start();
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { actor, calls, effects, advance, settle };
}

describe('deployment: latest build', () => {
  test('polls after LATEST_BUILD_POLL_MS; the same id keeps polling, a new id is stale and notified once', async () => {
    const { actor, calls, effects, advance, settle } = start({ latest: [{ id: 'b1' }, { id: 'b2' }] });
    advance(LATEST_BUILD_POLL_MS - 1);
    expect(calls.latest).toBe(0);
    advance(1);
    await settle();
    expect(calls.latest).toBe(1);
    expect(actor.getSnapshot().matches({ build: 'current' })).toBe(true);
    advance(LATEST_BUILD_POLL_MS);
    await settle();
    expect(actor.getSnapshot().hasTag('stale')).toBe(true);
    expect(actor.getSnapshot().context.latestBuildId).toBe('b2');
    expect(effects.notify).toHaveBeenCalledTimes(1);
    expect(effects.notify).toHaveBeenCalledWith({ latestBuildId: 'b2' });
    advance(LATEST_BUILD_POLL_MS * 3);
    await settle();
    expect(calls.latest).toBe(2);
  });

  test('the tab becoming visible checks at once; while checking it is ignored', async () => {
    const { actor, calls, settle } = start({ latest: [{ id: 'b2' }] });
    actor.send({ type: 'deployment.visible' });
    expect(actor.getSnapshot().matches({ build: 'checking' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'deployment.visible' })).toBe(false);
    await settle();
    expect(calls.latest).toBe(1);
    expect(actor.getSnapshot().hasTag('stale')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'deployment.visible' })).toBe(false);
  });

  test('a failed poll is logged only and polling goes on', async () => {
    const { actor, effects, settle, advance, calls } = start({ latest: [new Error('offline'), { id: 'b1' }] });
    actor.send({ type: 'deployment.visible' });
    await settle();
    expect(effects.log).toHaveBeenCalledWith('latest-build');
    expect(actor.getSnapshot().matches({ build: 'current' })).toBe(true);
    advance(LATEST_BUILD_POLL_MS);
    await settle();
    expect(calls.latest).toBe(2);
  });
});

describe('deployment: build manifest', () => {
  test('is fetched MANIFEST_PREFETCH_DELAY_MS after start, not before', async () => {
    const { actor, calls, advance, settle } = start({ manifest: { id: 'b1', routeRules: [{ match: '/x', redirect: '/y' }] } });
    advance(MANIFEST_PREFETCH_DELAY_MS - 1);
    await settle();
    expect(calls.manifest).toBe(0);
    advance(1);
    await settle();
    expect(calls.manifest).toBe(1);
    expect(actor.getSnapshot().matches({ manifest: 'loaded' })).toBe(true);
    expect(actor.getSnapshot().context.routeRules).toEqual([{ match: '/x', redirect: '/y' }]);
  });

  test('a rule for the current path to an external URL is a full page load', async () => {
    const { effects, advance, settle } = start({ path: '/sale', manifest: { id: 'b1', routeRules: [{ match: '/sale', redirect: 'https://sale.example.com/' }] } });
    advance(MANIFEST_PREFETCH_DELAY_MS);
    await settle();
    expect(effects.external).toHaveBeenCalledWith('https://sale.example.com/');
    expect(effects.internal).not.toHaveBeenCalled();
  });

  test('a rule for the path the shopper navigated to is an in-app navigation', async () => {
    const { actor, effects, advance, settle } = start({ path: '/', manifest: { id: 'b1', routeRules: [{ match: '/old/*', redirect: '/categories/makeup' }] } });
    actor.send({ type: 'deployment.navigated', path: '/old/lipsticks' });
    advance(MANIFEST_PREFETCH_DELAY_MS);
    await settle();
    expect(effects.internal).toHaveBeenCalledWith('/categories/makeup');
    expect(effects.external).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.redirect).toEqual({ kind: 'internal', path: '/categories/makeup' });
  });

  test('a failed manifest is logged only', async () => {
    const { actor, effects, advance, settle } = start({ manifest: new Error('404') });
    advance(MANIFEST_PREFETCH_DELAY_MS);
    await settle();
    expect(actor.getSnapshot().matches({ manifest: 'failed' })).toBe(true);
    expect(effects.log).toHaveBeenCalledWith('manifest');
    expect(effects.external).not.toHaveBeenCalled();
  });

  test('the model reaches every state and transition', () => {
    const result = coverage(deploymentModel);
    expect(result.states.missing).toEqual([]);
    expect(result.transitions.missing).toEqual([]);
  });
});

describe('route rules', () => {
  const rules = [
    { match: '/sale', redirect: '/categories/makeup' },
    { match: '/blog/*', redirect: 'https://blog.example.com/' },
    { match: '/loop', redirect: '/loop?again=1' },
  ];
  test('exact match, prefix match with *, first rule wins, queries ignored', () => {
    expect(findRouteRedirect(rules, '/sale?utm=x')).toEqual({ kind: 'internal', path: '/categories/makeup' });
    expect(findRouteRedirect(rules, '/sale/more')).toBeNull();
    expect(findRouteRedirect(rules, '/blog/2024/post')).toEqual({ kind: 'external', href: 'https://blog.example.com/' });
    expect(findRouteRedirect(rules, '/blog')).toBeNull();
    expect(findRouteRedirect([{ match: '/a*', redirect: '/b' }, { match: '/ab', redirect: '/c' }], '/ab')).toEqual({ kind: 'internal', path: '/b' });
  });
  test('a redirect to the same path is ignored, so it cannot loop', () => {
    expect(findRouteRedirect(rules, '/loop')).toBeNull();
  });
  test('pathOf drops query and hash', () => {
    expect(pathOf('/a/b?x=1#top')).toBe('/a/b');
    expect(pathOf('/a#x')).toBe('/a');
  });
});
