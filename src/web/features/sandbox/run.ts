import type { AnyMachineSnapshot, EventObject, StateValue } from 'xstate';
import { startInert, replay } from '../../../../machines/model/replay.ts';
import type { AnyMachineModel } from '../../../../machines/model/types.ts';

/** The events the model offers in this snapshot (a model may compute them from the snapshot). */
export function modelEvents(model: AnyMachineModel, snapshot: AnyMachineSnapshot): readonly EventObject[] {
  return typeof model.events === 'function' ? model.events(snapshot) : model.events;
}

/** Events of the model that the snapshot accepts, with their index in the model's list (for links). */
export function acceptedEvents(model: AnyMachineModel, snapshot: AnyMachineSnapshot): { event: EventObject; index: number }[] {
  if (snapshot.status !== 'active') return [];
  return modelEvents(model, snapshot)
    .map((event, index) => ({ event, index }))
    .filter(({ event }) => snapshot.can(event));
}

function isActorRef(value: object): value is { id: string; sessionId: string } {
  return 'sessionId' in value && 'send' in value && typeof (value as { send: unknown }).send === 'function';
}

/**
 * JSON for people: errors keep their message, actors show their id, Maps and Sets their entries,
 * and a cycle does not throw. Machine contexts hold all of these.
 */
export function readableJson(value: unknown, space: number | undefined = 2): string {
  const seen = new WeakSet<object>();
  const text = JSON.stringify(
    value,
    (_key, item: unknown) => {
      if (typeof item === 'bigint') return `${item}n`;
      if (typeof item === 'function') return '[function]';
      if (item === undefined) return null;
      if (typeof item !== 'object' || item === null) return item;
      if (item instanceof Error) return { name: item.name, message: item.message };
      if (isActorRef(item)) return `[actor ${item.id}]`;
      if (seen.has(item)) return '[circular]';
      seen.add(item);
      if (item instanceof Map) return Object.fromEntries(item);
      if (item instanceof Set) return [...item];
      return item;
    },
    space,
  );
  return text ?? 'undefined';
}

/** Same events, same key: used to find a generated path's events in the model's list. */
export function eventKey(event: EventObject): string {
  return readableJson(event, undefined);
}

function shortValue(value: unknown, depth: number): string {
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (typeof value === 'string') return value.length > 24 ? JSON.stringify(`${value.slice(0, 23)}…`) : JSON.stringify(value);
  if (typeof value !== 'object' || value === null) return String(value);
  if (Array.isArray(value)) return depth <= 0 ? `[${value.length}]` : `[${value.slice(0, 3).map((item) => shortValue(item, depth - 1)).join(', ')}${value.length > 3 ? ', …' : ''}]`;
  if (depth <= 0) return '{…}';
  const entries = Object.entries(value);
  const shown = entries.slice(0, 4).map(([key, item]) => `${key}: ${shortValue(item, depth - 1)}`);
  return `{${shown.join(', ')}${entries.length > 4 ? ', …' : ''}}`;
}

/** "type" plus a short summary of the payload, so two events of one type can be told apart. */
export function eventLabel(event: EventObject, max = 90): { type: string; payload: string } {
  const { type, ...payload } = event;
  const keys = Object.keys(payload);
  if (keys.length === 0) return { type, payload: '' };
  const text = keys.map((key) => `${key}: ${shortValue((payload as Record<string, unknown>)[key], 2)}`).join(', ');
  return { type, payload: text.length > max ? `${text.slice(0, max - 1)}…` : text };
}

/** `"a"` → `a`; `{ form: "details" }` → `form.details`; parallel regions give one path each. */
export function valuePaths(value: StateValue): string[] {
  if (typeof value === 'string') return [value];
  return Object.entries(value).flatMap(([key, child]) => {
    if (child === undefined || (typeof child === 'object' && Object.keys(child).length === 0)) return [key];
    return valuePaths(child).map((path) => `${key}.${path}`);
  });
}

export function valueLabel(value: StateValue): string {
  return valuePaths(value).join(' ');
}

export interface DecodedRun {
  /** Index of each event in the model's list at the step it was sent. */
  indices: number[];
  events: EventObject[];
  /** State value after each step (index 0: the initial state). */
  values: StateValue[];
  /** Step of the first event that could not be applied (unknown index, not accepted, or a machine error). */
  brokenAt: number | null;
  error: unknown;
}

/**
 * Sends the events one by one on a fresh inert actor, each chosen by `pick` from the model's list
 * of that step; stops at the first one that is missing or refused, so a stale link still opens.
 */
function runPicked(model: AnyMachineModel, count: number, pick: (list: readonly EventObject[], step: number) => number): DecodedRun {
  const actor = startInert(model);
  let error: unknown = null;
  const subscription = actor.subscribe({
    error: (reason: unknown) => {
      error = reason;
    },
  });
  const run: DecodedRun = { indices: [], events: [], values: [actor.getSnapshot().value], brokenAt: null, error: null };
  for (let step = 0; step < count; step += 1) {
    const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
    const list = modelEvents(model, snapshot);
    const index = pick(list, step);
    const event = list[index];
    if (!event || snapshot.status !== 'active' || !snapshot.can(event)) {
      run.brokenAt = step;
      break;
    }
    actor.send(event);
    if (error !== null) {
      run.brokenAt = step;
      run.error = error;
      break;
    }
    run.indices.push(index);
    run.events.push(event);
    run.values.push(actor.getSnapshot().value);
  }
  subscription.unsubscribe();
  actor.stop();
  return run;
}

/** Events from a link: indices into the model's list at each step. */
export function decodeIndices(model: AnyMachineModel, indices: readonly number[]): DecodedRun {
  return runPicked(model, indices.length, (_list, step) => indices[step] ?? -1);
}

/** Indices of given events (a generated path) in the model's lists, for links and for continuing. */
export function encodeEvents(model: AnyMachineModel, events: readonly EventObject[]): DecodedRun {
  return runPicked(model, events.length, (list, step) => {
    const wanted = events[step];
    if (!wanted) return -1;
    const exact = list.indexOf(wanted);
    if (exact >= 0) return exact;
    const key = eventKey(wanted);
    return list.findIndex((candidate) => eventKey(candidate) === key);
  });
}

/** The snapshot after the first `count` events: a replay of the prefix on a fresh inert actor. */
export function snapshotAfter(model: AnyMachineModel, events: readonly EventObject[], count: number): AnyMachineSnapshot {
  const { actor } = replay(model, events.slice(0, count));
  const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
  // Snapshots are immutable and `can()` reads only the snapshot: the actor is not needed any more.
  actor.stop();
  return snapshot;
}

/** Ids of the active state nodes (the root included). */
export function activeStateIds(snapshot: AnyMachineSnapshot): Set<string> {
  return new Set(snapshot._nodes.map((node) => node.id));
}
