import { useMachine } from '@xstate/react';
import { useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { resourceLoaderMachine } from '../../../../machines/shared/resource-loader.machine.ts';

export type ResourceView<T> =
  | { status: 'loading' }
  | { status: 'success'; data: T }
  | { status: 'notFound' }
  | { status: 'failure'; error: unknown; retry: () => void };

/**
 * Runs the resource loader machine with `load` as its actor. `load` is read through a ref so a
 * new closure each render does not restart the request; pass a `key` to the component to reload.
 */
export function useResource<T>(load: (signal: AbortSignal) => Promise<T>): ResourceView<T> {
  const loadRef = useRef(load);
  loadRef.current = load;
  const machine = useMemo(
    () => resourceLoaderMachine.provide({ actors: { load: fromPromise<unknown, undefined>(({ signal }) => loadRef.current(signal)) } }),
    [],
  );
  const [snapshot, send] = useMachine(machine);
  if (snapshot.matches('success')) return { status: 'success', data: snapshot.context.data as T }; // the machine stores what `load` returned
  if (snapshot.matches('notFound')) return { status: 'notFound' };
  if (snapshot.matches('failure')) return { status: 'failure', error: snapshot.context.error, retry: () => send({ type: 'resource.retry' }) };
  return { status: 'loading' };
}
