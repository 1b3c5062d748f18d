import { act, screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect, vi } from 'vitest';
import { fromPromise, type AnyActorLogic, type AnyStateNode } from 'xstate';
import { shortestPaths, statechart, transitionPaths, type ChartEdge, type ModelPath } from '../../machines/model/graph.ts';
import type { AnyMachineModel } from '../../machines/model/types.ts';

/*
 * Driving a view through its machine model's generated paths: actors the test settles as the path
 * says, buttons the state must have enabled, the fake clock (renderApp's `now`) moved on.
 */

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

/** Clicks the button, which the state must have enabled: the model says the event is accepted. */
export async function clickEnabled(user: UserEvent, name: string | RegExp): Promise<void> {
  const button = screen.getByRole('button', { name });
  expect(button).toBeEnabled();
  await user.click(button);
}

/** Moves the fake clock (renderApp's `now`) on by `ms`, letting React render what the timers did. */
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
