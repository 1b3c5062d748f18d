import { I18nProvider } from '@lingui/react';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, expect, vi } from 'vitest';
import { fromPromise, type AnyActorLogic, type AnyStateNode } from 'xstate';
import { shortestPaths, statechart, transitionPaths, type ChartEdge, type ModelPath } from '../../machines/model/graph.ts';
import type { AnyMachineModel } from '../../machines/model/types.ts';
import { loadCatalog, setupI18n } from '../../src/web/shared/i18n/setup.ts';
import type { Site } from '../../src/web/shared/site/resolve.ts';
import { SiteProvider, type SiteEffects } from '../../src/web/shared/site/site-provider.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

export const SG_SITE: Site = { country: 'SG', language: 'en' };

const noEffects: SiteEffects = {
  writeCookies: () => undefined,
  reload: () => undefined,
  currentUrl: () => new URL('http://localhost/'),
};

interface Call {
  input: unknown;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * Actors whose calls wait for the test: a path's `xstate.done.actor.<id>` resolves the latest
 * call, `xstate.error.actor.<id>` rejects it, exactly as the generated path says.
 */
export function controllableActors<const TNames extends readonly string[]>(names: TNames) {
  const calls = new Map<string, Call[]>();
  const actors = Object.fromEntries(
    names.map((name) => [
      name,
      fromPromise<unknown, unknown>(({ input }) => new Promise((resolve, reject) => calls.set(name, [...(calls.get(name) ?? []), { input, resolve, reject }]))),
    ]),
  ) as Record<TNames[number], AnyActorLogic>;
  const latest = (name: string): Call => {
    const call = calls.get(name)?.at(-1);
    if (!call) throw new Error(`no ${name} call to settle`);
    return call;
  };
  return {
    actors,
    calls: (name: TNames[number]) => calls.get(name) ?? [],
    async settle(eventType: string, event: Record<string, unknown>) {
      const [, outcome, , name = ''] = eventType.split('.');
      const call = latest(name);
      await act(async () => {
        if (outcome === 'done') call.resolve(event.output);
        else call.reject(event.error);
        // The result travels through a few promise reactions before the machine sees it.
        for (let tick = 0; tick < 10; tick += 1) await Promise.resolve();
      });
    },
  };
}

/** Renders `ui` for a site with the real English catalog, fake timers and a user. */
export async function renderBooking(ui: ReactNode, site: Site = SG_SITE): Promise<{ user: UserEvent }> {
  const i18n = setupI18n();
  await loadCatalog('en', i18n);
  // Real time keeps flowing (Testing Library waits on timers of its own); the tests jump the rest.
  vi.useFakeTimers({ now: Date.parse('2030-11-30T00:00:00.000Z'), shouldAdvanceTime: true });
  const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
  render(
    <I18nProvider i18n={i18n}>
      <SiteProvider site={site} effects={noEffects}>
        {ui}
      </SiteProvider>
    </I18nProvider>,
  );
  return { user };
}

/** Clicks the button, which the state must have enabled: the model says the event is accepted. */
export async function clickEnabled(user: UserEvent, name: string | RegExp): Promise<void> {
  const button = screen.getByRole('button', { name });
  expect(button).toBeEnabled();
  await user.click(button);
}

export async function advance(ms: number): Promise<void> {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

/**
 * The shortest paths, plus for each transition they leave out the first generated transition
 * path that takes it: every state and every transition goes through the view once, without
 * replaying all the paths (each one renders and clicks, which costs a few hundred ms in jsdom).
 */
export function viewPaths(model: AnyMachineModel): ModelPath[] {
  const nodesOf = (value: string) => new Set(model.machine.resolveState({ value: JSON.parse(value), context: {} })._nodes.map((node: AnyStateNode) => node.id));
  const takes = (path: ModelPath, edge: ChartEdge) =>
    path.events.some((event, index) => {
      if (event.type !== edge.event) return false;
      return nodesOf(path.values[index] ?? '""').has(edge.source) && nodesOf(path.values[index + 1] ?? '""').has(edge.target);
    });
  const chosen = shortestPaths(model);
  const all = transitionPaths(model);
  for (const edge of statechart(model).edges) {
    if (chosen.some((path) => takes(path, edge))) continue;
    const extra = all.find((path) => takes(path, edge));
    if (!extra) throw new Error(`${model.id}: no generated path takes ${edge.source} --${edge.event}--> ${edge.target}`);
    chosen.push(extra);
  }
  return chosen;
}
