import { getAdjacencyMap, getShortestPaths, getSimplePaths, toDirectedGraph, type AdjacencyMap, type DirectedGraphNode, type StatePath } from '@xstate/graph';
import type { AnyMachineSnapshot, AnyStateNode, EventObject } from 'xstate';
import type { AnyMachineModel } from './types.ts';

export interface ModelPath {
  /** Readable id: the state reached and the events that reach it. */
  id: string;
  /** Serialized state value of the last snapshot. */
  target: string;
  events: EventObject[];
  /** State value after each event (index 0 is the initial state). */
  values: string[];
}

export interface ChartEdge {
  id: string;
  source: string;
  target: string;
  event: string;
  guard: string | null;
}

export interface ChartNode {
  id: string;
  key: string;
  type: string;
  initial: string | null;
  children: ChartNode[];
}

export interface Coverage {
  states: { total: number; covered: number; missing: string[] };
  transitions: { total: number; covered: number; missing: string[] };
  paths: number;
}

export function stateValueKey(snapshot: AnyMachineSnapshot): string {
  return JSON.stringify(snapshot.value);
}

function defaultSerialize(snapshot: AnyMachineSnapshot): string {
  return JSON.stringify({ value: snapshot.value, context: snapshot.context });
}

function traversalOptions(model: AnyMachineModel) {
  return {
    events: model.events,
    serializeState: model.serializeState ?? defaultSerialize,
    ...(model.input === undefined ? {} : { input: model.input }),
  };
}

function toModelPath(path: StatePath<AnyMachineSnapshot, EventObject>): ModelPath {
  const events = path.steps.slice(1).map((step) => step.event);
  const values = path.steps.map((step) => stateValueKey(step.state));
  const target = stateValueKey(path.state);
  return { id: [target, ...events.map((event) => event.type)].join(' ← '), target, events, values };
}

/** Shortest path to every distinct (serialized) snapshot: what QA replays and tests run. */
export function shortestPaths(model: AnyMachineModel): ModelPath[] {
  return getShortestPaths(model.machine, traversalOptions(model)).map(toModelPath);
}

type RawPath = StatePath<AnyMachineSnapshot, EventObject>;

/**
 * One path per transition the machine can take: the shortest path to the transition's source,
 * then its event. Shortest paths alone reach every state but skip transitions into states that are
 * reached more cheaply another way (a retry back to `loading`); these take every one of them.
 * Paths that are a prefix of another path are dropped: the longer one replays them too.
 */
function rawTransitionPaths(model: AnyMachineModel): RawPath[] {
  const options = traversalOptions(model);
  const serialize = options.serializeState;
  const heads = new Map<string, RawPath>();
  for (const path of getShortestPaths(model.machine, options)) heads.set(serialize(path.state), path);
  const paths: RawPath[] = [...heads.values()];
  const adjacency: AdjacencyMap<AnyMachineSnapshot, EventObject> = getAdjacencyMap(model.machine, options);
  for (const [key, { state, transitions }] of Object.entries(adjacency)) {
    const head = heads.get(key);
    if (!head) continue;
    // Branded keys make Object.values lose the value type; the values are these pairs.
    for (const { event, state: next } of Object.values(transitions) as { event: EventObject; state: AnyMachineSnapshot }[]) {
      if (!state.can(event)) continue;
      paths.push({ state: next, steps: [...head.steps, { event, state: next }], weight: head.weight + 1 });
    }
  }
  const signature = (path: RawPath) => path.steps.map((step) => JSON.stringify(step.event)).join('\u0000');
  const signatures = paths.map(signature);
  const unique = new Map<string, RawPath>();
  paths.forEach((path, index) => {
    const own = signatures[index] ?? '';
    const isPrefix = signatures.some((other) => other !== own && other.startsWith(`${own}\u0000`));
    if (!isPrefix && !unique.has(own)) unique.set(own, path);
  });
  return [...unique.values()].sort((a, b) => a.steps.length - b.steps.length);
}

/** The generated test paths: together they reach every state and take every transition. */
export function transitionPaths(model: AnyMachineModel): ModelPath[] {
  return rawTransitionPaths(model).map(toModelPath);
}

/** Every simple path (no repeated snapshot): more thorough, for small machines. */
export function simplePaths(model: AnyMachineModel): ModelPath[] {
  return getSimplePaths(model.machine, traversalOptions(model)).map(toModelPath);
}

/** For each state value, the shortest path that ends in it. */
export function pathsToEveryState(model: AnyMachineModel): ModelPath[] {
  const best = new Map<string, ModelPath>();
  for (const path of shortestPaths(model)) {
    const known = best.get(path.target);
    if (!known || known.events.length > path.events.length) best.set(path.target, path);
  }
  return [...best.values()].sort((a, b) => a.events.length - b.events.length || a.target.localeCompare(b.target));
}

function guardName(transition: { guard?: unknown }): string | null {
  const guard = transition.guard;
  if (!guard) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard && typeof guard.type === 'string') return guard.type;
  if (typeof guard === 'function') return guard.name || 'inline guard';
  return 'guard';
}

/** Nested states and labelled transitions, for drawing and for coverage. */
export function statechart(model: AnyMachineModel): { root: ChartNode; edges: ChartEdge[] } {
  const graph = toDirectedGraph(model.machine);
  const edges: ChartEdge[] = [];
  const walk = (node: DirectedGraphNode): ChartNode => {
    node.edges.forEach((edge, index) => {
      edges.push({
        id: `${edge.source.id}#${edge.label.text}#${edge.target.id}#${index}`,
        source: edge.source.id,
        target: edge.target.id,
        event: edge.label.text,
        guard: guardName(edge.transition as { guard?: unknown }),
      });
    });
    const stateNode = node.stateNode as AnyStateNode;
    const initial = stateNode.initial?.target?.[0]?.id ?? null;
    return { id: node.id, key: stateNode.key, type: stateNode.type, initial, children: node.children.map(walk) };
  };
  return { root: walk(graph), edges };
}

/** Whether an event type takes a transition written for `descriptor`: exact, or a partial wildcard (`xstate.done.actor.line.*` for spawned children). */
export function matchesDescriptor(descriptor: string, type: string): boolean {
  return descriptor === type || (descriptor.endsWith('.*') && type.startsWith(descriptor.slice(0, -1)));
}

function activeIds(snapshot: AnyMachineSnapshot): Set<string> {
  return new Set(snapshot._nodes.map((node: AnyStateNode) => node.id));
}

/**
 * Which states and transitions a set of paths exercises. A transition counts as taken when a step
 * sends its event from a snapshot where its source is active and lands where its target is active.
 */
export function coverage(model: AnyMachineModel, paths: RawPath[] = rawTransitionPaths(model)): Coverage {
  const chart = statechart(model);
  const allStates: string[] = [];
  const collect = (node: ChartNode) => {
    allStates.push(node.id);
    node.children.forEach(collect);
  };
  collect(chart.root);
  const seenStates = new Set<string>();
  const seenEdges = new Set<string>();
  for (const path of paths) {
    let previous: Set<string> | null = null;
    for (const step of path.steps) {
      const active = activeIds(step.state);
      active.forEach((id) => seenStates.add(id));
      if (previous) {
        for (const edge of chart.edges) {
          if (matchesDescriptor(edge.event, step.event.type) && previous.has(edge.source) && active.has(edge.target)) seenEdges.add(edge.id);
        }
      }
      previous = active;
    }
  }
  const missingStates = allStates.filter((id) => !seenStates.has(id));
  const missingEdges = chart.edges.filter((edge) => !seenEdges.has(edge.id)).map((edge) => `${edge.source} --${edge.event}--> ${edge.target}`);
  return {
    states: { total: allStates.length, covered: allStates.length - missingStates.length, missing: missingStates },
    transitions: { total: chart.edges.length, covered: chart.edges.length - missingEdges.length, missing: missingEdges },
    paths: paths.length,
  };
}
