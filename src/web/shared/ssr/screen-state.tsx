import { useActorRef } from '@xstate/react';
import { createContext, use, useContext, type ReactNode } from 'react';
import type { Actor, ActorOptions, AnyStateMachine, InputFrom, Snapshot } from 'xstate';
import type { ScreenSnapshots } from '../../../contract/page-state.ts';

/**
 * The screen machines of a page, the same in the browser and on the server (issue 11).
 *
 * A screen's data machine is started with `useScreenActor(key, machine, { input })`. In a server
 * render it runs there with the in-process API, the render waits until it settles (no `busy` tag),
 * and its persisted snapshot is kept under `key`; the page embeds every snapshot, and the browser
 * restores each machine from its snapshot instead of fetching the same data again. A client-side
 * navigation gets the next page's snapshots from `{path}/_payload.json` the same way.
 */

export interface ScreenState {
  snapshots: ScreenSnapshots;
  /** Only in a server render: runs a machine until it settles, once per key. */
  settle?: (key: string, machine: AnyStateMachine, input: unknown) => Promise<void>;
}

/** `useActorRef` with plain options: its own are a conditional tuple TypeScript cannot resolve for a machine type left open. */
const useMachineActor = useActorRef as <TMachine extends AnyStateMachine>(machine: TMachine, options: ActorOptions<TMachine>) => Actor<TMachine>;

const ScreenStateContext = createContext<ScreenState>({ snapshots: {} });

export function ScreenStateProvider({ state, children }: { state: ScreenState; children: ReactNode }) {
  return <ScreenStateContext.Provider value={state}>{children}</ScreenStateContext.Provider>;
}

/**
 * `useActorRef` for a screen's data machine: restored from the page's snapshot under `key` when
 * there is one, run to settled first in a server render. `key` names what the machine holds
 * (`product:<slug>`), unique within a page; null: a machine of the browser only (a member's
 * account, a one-time link check), which the server renders in its initial state. Views read it
 * through `useView` (shared/hooks/use-view.ts): the actor, never a snapshot that re-renders on
 * every event.
 */
export function useScreenActor<TMachine extends AnyStateMachine>(key: string | null, machine: TMachine, options: { input?: InputFrom<TMachine> } = {}) {
  const state = useContext(ScreenStateContext);
  // On the server `use` is called on every render, even once the snapshot is there: React matches
  // the `use` calls of a component's retries by their order, so a call that comes and goes would
  // hand a later `use` the answer of an earlier one.
  if (key !== null && state.settle) use(state.settle(key, machine, options.input));
  const snapshot = key === null ? undefined : state.snapshots[key];
  // The persisted snapshot is the machine's own (getPersistedSnapshot), so it restores as one.
  return useMachineActor(machine, { ...options, ...(snapshot === undefined ? {} : { snapshot: snapshot as Snapshot<unknown> }) } as ActorOptions<TMachine>);
}

/**
 * Whether the machine under `key` will not fetch by itself at first: restored from a snapshot, or
 * run by the server render. Early requests (a listing's prefetch) are then pointless.
 */
export function useScreenDataProvided(key: string): boolean {
  const state = useContext(ScreenStateContext);
  return state.settle !== undefined || state.snapshots[key] !== undefined;
}
