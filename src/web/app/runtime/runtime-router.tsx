import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, type ReactNode, type RefObject } from 'react';
import { Router, useLocation, useRouter, type AroundNavHandler, type BaseLocationHook, type BaseSearchHook, type Parser } from 'wouter';
import { createActor, type Actor } from 'xstate';
import type { navigationGuardMachine } from '../../../../machines/runtime/navigation-guard.machine.ts';
import { useApi } from '../../shared/api/api-provider.tsx';
import { createLayoutApi } from '../../shared/api/layout-api.ts';
import { findRoute } from '../app-routes.tsx';
import { browserRuntimeEffects, currentBuildId, type RuntimeEffects } from './effects.ts';
import type { RuntimeCurrent } from './runtime-current.ts';
import { KnownLayoutContext, type KnownLayout } from './known-layout.ts';
import { AfterHydration } from '../../shared/ssr/use-hydrated.ts';
import { useIdle } from '../../shared/ssr/use-idle.ts';
import type { ScrollKeeper } from './scroll-keeper.ts';

// The deployment check starts polling a second after start: its machine, rules and schemas load
// in their own chunk so they do not delay the first screen.
const DeploymentWatcher = lazy(() => import('./deployment-watcher.tsx'));

type Current = RuntimeCurrent;
type GuardActor = Actor<typeof navigationGuardMachine>;

/** The path without query or hash (the guard's rules module stays in the guard's own chunk). */
function pathnameOf(to: string): string {
  const end = to.search(/[?#]/);
  return end < 0 ? to : to.slice(0, end);
}

function hasRoute(parser: Parser | null, path: string): boolean {
  return parser !== null && findRoute(parser, pathnameOf(path)) !== null;
}

/** Keeps the runtime's view of the router current: location, parser and navigate. */
function RouterTracker({ current }: { current: Current }) {
  const [location, navigate] = useLocation();
  const { parser } = useRouter();
  useLayoutEffect(() => {
    current.location = location;
    current.parser = parser;
    current.navigate = navigate;
  }, [current, location, parser, navigate]);
  return null;
}

/** The layout's entries, read defensively: a layout that breaks its contract must not break navigation. */
function exemptedPathsOf(layout: unknown): readonly unknown[] {
  const config = (layout as { config?: { smartLinkExemptedPaths?: unknown } } | null)?.config;
  const entries = config?.smartLinkExemptedPaths;
  return Array.isArray(entries) ? entries : [];
}

/**
 * Starts the scroll keeper (scroll-keeper.ts) at the browser's first idle moment after hydration,
 * from its own chunk, and hands it to the router's `aroundNav`; until then (and if it fails to
 * load) the browser scrolls as it always did. A component of its own: its idle update re-renders
 * nothing else.
 */
function ScrollKeeping({ keeper, effects }: { keeper: RefObject<ScrollKeeper | null>; effects: RuntimeEffects }) {
  const idle = useIdle();
  useEffect(() => {
    const load = effects.loadScrollKeeper;
    if (!idle || !load) return;
    let stopped = false;
    load().then(
      (start) => {
        if (!stopped) keeper.current = start();
      },
      (error: unknown) => console.warn('Scroll keeping did not load', error),
    );
    return () => {
      stopped = true;
      keeper.current?.stop();
      keeper.current = null;
    };
  }, [idle, effects, keeper]);
  return null;
}

function useNavigationGuard(effects: RuntimeEffects, known: KnownLayout) {
  const api = useApi(createLayoutApi);
  const guard = useRef<GuardActor | null>(null);
  const pending = useRef<Promise<void> | null>(null);
  useEffect(
    () => () => {
      guard.current?.stop();
    },
    [],
  );
  /**
   * The guard machine and the layout's exemptions, loaded when the first navigation needs them:
   * the machine comes in its own chunk, and the catalogue API shares the default layout's request
   * (a blank layout page does not load the layout until then). A failed load leaves nothing
   * exempted (every navigation a full page load, always correct) and is tried again at the next
   * navigation. Returns null once ready, so later checks are synchronous.
   */
  const ensureGuard = useCallback((): Promise<void> | null => {
    if (guard.current) return null;
    pending.current ??= Promise.all([import('../../../../machines/runtime/navigation-guard.machine.ts'), known.layout ?? api.layouts()]).then(
      ([{ navigationGuardMachine: machine }, layout]) => {
        const actor = createActor(
          machine.provide({
            actions: {
              reportCheckFailure: (_, report) => {
                const details = { target: report.target, origin: report.origin, exemptedPaths: report.exemptedPaths };
                console.error(report.message, details, report.error);
                effects.reportError?.(report.message, { ...details, error: report.error });
              },
              reportInvalidEntries: (_, invalid) => {
                if (invalid.length === 0) return;
                console.warn('Ignored invalid smartLinkExemptedPaths entries', invalid);
                effects.reportError?.('Ignored invalid smartLinkExemptedPaths entries', { invalid });
              },
            },
          }),
        ).start();
        actor.send({ type: 'navigation.configure', exemptedPaths: exemptedPathsOf(layout) });
        guard.current = actor;
      },
      (error: unknown) => {
        console.warn('Navigation guard: the layout did not load', error);
        pending.current = null;
      },
    );
    return pending.current;
  }, [api, effects, known]);
  return { guard, ensureGuard };
}

export interface RuntimeRouterProps {
  children: ReactNode;
  hook?: BaseLocationHook;
  searchHook?: BaseSearchHook;
  effects?: RuntimeEffects;
  /** The SPA's build id; by default the one the build injected (none in development and tests). */
  buildId?: string | null;
  /** A server render: the requested path and query, in place of the browser's location. */
  ssrPath?: string;
}

/**
 * wouter's Router with every in-app navigation (links, `navigate`, redirects) passed through the
 * runtime machines: the manifest's route rules, the deployment check (a new build → full page
 * load) and the navigation guard (exempted paths stay in-app, others load in full).
 */
export function RuntimeRouter({ children, hook, searchHook, effects = browserRuntimeEffects, buildId = currentBuildId(), ssrPath }: RuntimeRouterProps) {
  const known = useRef<KnownLayout>({ layout: null }).current;
  const { guard, ensureGuard } = useNavigationGuard(effects, known);
  const current = useRef<Current>({ location: '/', parser: null, navigate: null, deployment: null }).current;
  const scroll = useRef<ScrollKeeper | null>(null);

  const aroundNav = useMemo<AroundNavHandler>(
    () => (navigate, to, options) => {
      let target = to;
      const redirect = current.deployment?.redirectFor(to) ?? null;
      if (redirect?.kind === 'external') return effects.assign(redirect.href);
      if (redirect?.kind === 'internal') target = redirect.path;
      if (current.deployment?.isStale()) return effects.assign(target);
      const origin = current.location;
      const decide = () => {
        const actor = guard.current;
        // The layout did not load: nothing is exempted, so the navigation is a full page load.
        if (!actor) return effects.assign(target);
        actor.send({ type: 'navigation.request', origin, target, originMatched: hasRoute(current.parser, origin), targetMatched: hasRoute(current.parser, target) });
        if (actor.getSnapshot().hasTag('fullPage')) effects.assign(target);
        else if (scroll.current) scroll.current.navigate(navigate, target, options);
        else navigate(target, options);
      };
      const pending = ensureGuard();
      if (pending) void pending.then(decide);
      else decide();
    },
    [current, effects, guard, ensureGuard, scroll],
  );

  return (
    <Router {...(hook ? { hook } : {})} {...(searchHook ? { searchHook } : {})} {...(ssrPath !== undefined ? { ssrPath } : {})} aroundNav={aroundNav}>
      <RouterTracker current={current} />
      {effects.loadScrollKeeper ? <ScrollKeeping keeper={scroll} effects={effects} /> : null}
      <KnownLayoutContext.Provider value={known}>
      {buildId ? (
        <AfterHydration>
          <Suspense fallback={null}>
            <DeploymentWatcher buildId={buildId} effects={effects} current={current} />
          </Suspense>
        </AfterHydration>
      ) : null}
      {children}
      </KnownLayoutContext.Provider>
    </Router>
  );
}
