import { createActor, fromPromise, type AnyActorRef, type AnyStateMachine, type EventObject } from 'xstate';
import type { AnyMachineModel } from './types.ts';

/** A clock whose timers never fire: timer results arrive as explicit `xstate.after.*` events. */
export const stoppedClock = {
  setTimeout: () => 0,
  clearTimeout: () => undefined,
};

/** An actor that never settles: its result arrives as an explicit `xstate.done.actor.*` event. */
const pending = fromPromise(() => new Promise<never>(() => undefined));

/**
 * The model's machine with every named actor replaced by one that never settles, so a replay is
 * driven only by the events of the path, exactly as the graph explored it.
 */
export function inertMachine(machine: AnyStateMachine): AnyStateMachine {
  const names = Object.keys(machine.implementations.actors ?? {});
  return machine.provide({ actors: Object.fromEntries(names.map((name) => [name, pending])) });
}

export function startInert(model: AnyMachineModel): AnyActorRef {
  const actor = createActor(inertMachine(model.machine), {
    clock: stoppedClock,
    ...(model.input === undefined ? {} : { input: model.input }),
  });
  actor.start();
  return actor;
}

/** Replays events on a fresh inert actor and returns the state value after each one. */
export function replay(model: AnyMachineModel, events: readonly EventObject[]): { actor: AnyActorRef; values: string[] } {
  const actor = startInert(model);
  const values = [JSON.stringify(actor.getSnapshot().value)];
  for (const event of events) {
    actor.send(event);
    values.push(JSON.stringify(actor.getSnapshot().value));
  }
  return { actor, values };
}
