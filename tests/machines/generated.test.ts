import { describe, expect, it } from 'vitest';
import { coverage, transitionPaths } from '../../machines/model/graph.ts';
import { replay } from '../../machines/model/replay.ts';
import { MACHINE_REGISTRY } from '../../machines/registry.ts';

/**
 * Model-based tests generated from every registered machine: each shortest path found by
 * @xstate/graph is replayed on a real actor of the machine, and every state and every transition
 * must be reached. A machine that misses some names them in the failure, with its coverage line;
 * a green run prints nothing.
 */

describe.each(MACHINE_REGISTRY.map((model) => [model.id, model] as const))('%s (generated paths)', (_id, model) => {
  const paths = transitionPaths(model);

  it('has at least one generated path per state', () => {
    expect(paths.length).toBeGreaterThan(0);
  });

  it.each(paths.map((path) => [path.id, path] as const))('replays %s', (_name, path) => {
    const { values, actor } = replay(model, path.events);
    expect(values).toEqual(path.values);
    actor.stop();
  });

  it('reaches every state and takes every transition', () => {
    const result = coverage(model);
    const line = `${model.id}: states ${result.states.covered}/${result.states.total}, transitions ${result.transitions.covered}/${result.transitions.total}, paths ${result.paths}`;
    expect(result.states.missing, line).toEqual([]);
    expect(result.transitions.missing, line).toEqual([]);
    expect(result.states.covered, line).toBe(result.states.total);
    expect(result.transitions.covered, line).toBe(result.transitions.total);
  });
});

it('every registered model has a unique id', () => {
  const ids = MACHINE_REGISTRY.map((model) => model.id);
  expect(new Set(ids).size).toBe(ids.length);
});
