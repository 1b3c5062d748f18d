import type { MessageDescriptor } from '@lingui/core';
import type { AnyStateMachine, EventFromLogic, InputFrom, SnapshotFrom } from 'xstate';

/**
 * A machine as the QA visualizer and the generated tests see it. The machine is the real one; the
 * model adds what exploring it needs: the events a shopper or the app can send, including the
 * results of its actors (`xstate.done.actor.<invoke id>`, `xstate.error.actor.<invoke id>`) and its
 * timers (`xstate.after.<delay>.<state id>`), since exploring never runs actors or waits.
 */
export interface MachineModel<TMachine extends AnyStateMachine = AnyStateMachine> {
  /** URL-safe id: `/sandbox/machines/<id>`. */
  id: string;
  title: MessageDescriptor;
  description: MessageDescriptor;
  machine: TMachine;
  input?: InputFrom<TMachine>;
  /** Every event worth trying; those the current state does not accept are skipped. */
  events: readonly ModelEvent<TMachine>[] | ((snapshot: SnapshotFrom<TMachine>) => readonly ModelEvent<TMachine>[]);
  /**
   * Key of a snapshot for exploration. Defaults to the state value plus the context; a machine
   * whose context grows without bound (counters, lists) must project it to something bounded.
   */
  serializeState?: (snapshot: SnapshotFrom<TMachine>) => string;
}

/** Results of actors and timers, sent as events when a model is explored or replayed. */
export type SyntheticEvent =
  | { type: `xstate.done.actor.${string}`; output?: unknown }
  | { type: `xstate.error.actor.${string}`; error: unknown }
  | { type: `xstate.after.${string}` };

export type ModelEvent<TMachine extends AnyStateMachine> = EventFromLogic<TMachine> | SyntheticEvent;

/** Widened for the registry: models of different machines in one list. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry holds machines of unrelated context and event types; each model is typed where it is written.
export type AnyMachineModel = MachineModel<any>;

export function defineModel<TMachine extends AnyStateMachine>(model: MachineModel<TMachine>): MachineModel<TMachine> {
  return model;
}
