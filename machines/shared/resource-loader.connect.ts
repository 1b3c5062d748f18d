import type { EventFromLogic, SnapshotFrom } from 'xstate';
import type { resourceLoaderMachine } from './resource-loader.machine.ts';

type Snapshot = SnapshotFrom<typeof resourceLoaderMachine>;
type Send = (event: EventFromLogic<typeof resourceLoaderMachine>) => void;

/** What a screen shows of its one resource; `T` is what the app's `load` actor returns. */
export type ResourceView<T> =
  | { status: 'loading' }
  | { status: 'success'; data: T; reload: () => void }
  | { status: 'notFound' }
  | { status: 'failure'; error: unknown; retry: () => void };

/**
 * The machine keeps what `load` returned as `unknown`; the caller that provided `load` names its
 * type here, once, rather than every screen casting.
 */
export function resourceLoaderConnect<T>(snapshot: Snapshot, send: Send): ResourceView<T> {
  switch (snapshot.value) {
    case 'success':
      return { status: 'success', data: snapshot.context.data as T, reload: () => send({ type: 'resource.reload' }) };
    case 'notFound':
      return { status: 'notFound' };
    case 'failure':
      return { status: 'failure', error: snapshot.context.error, retry: () => send({ type: 'resource.retry' }) };
    default:
      return { status: 'loading' };
  }
}
