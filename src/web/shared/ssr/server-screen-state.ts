import { createActor, waitFor, type AnyStateMachine, type Snapshot } from 'xstate';
import type { ScreenSnapshots } from '../../../contract/page-state.ts';
import type { ScreenState } from './screen-state.tsx';
import { settled } from './settled.ts';

/** How long a server render waits for one machine before it sends the state it has. */
export const SERVER_SETTLE_TIMEOUT_MS = 3_000;

/** A machine is settled when no tag says it is still working: every screen machine tags loading `busy`. */
export function isSettled(snapshot: Snapshot<unknown> & { hasTag?: (tag: string) => boolean }): boolean {
  return snapshot.status !== 'active' || !(snapshot.hasTag?.('busy') ?? false);
}

/**
 * The server side of ScreenState (only the server entry imports it): each screen machine runs once
 * per key with the in-process API until it settles, and its persisted snapshot is kept for the page.
 */
export function createServerScreenState(timeoutMs = SERVER_SETTLE_TIMEOUT_MS): ScreenState {
  const snapshots: ScreenSnapshots = {};
  const pending = new Map<string, Promise<void>>();
  const settle = (key: string, machine: AnyStateMachine, input: unknown): Promise<void> => {
    let run = pending.get(key);
    if (!run) {
      const actor = createActor(machine, input === undefined ? {} : { input });
      actor.start();
      run = waitFor(actor, isSettled, { timeout: timeoutMs })
        // A machine still loading at the timeout is sent as it is: the browser's copy goes on loading.
        .catch(() => undefined)
        .then(() => {
          snapshots[key] = actor.getPersistedSnapshot();
          actor.stop();
        });
      settled(run);
      pending.set(key, run);
    }
    return run;
  };
  return { snapshots, settle };
}
