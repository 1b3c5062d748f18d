import { useMachine } from '@xstate/react';
import { useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { resourceLoaderConnect, type ResourceView } from '../../../../machines/shared/resource-loader.connect.ts';
import { resourceLoaderMachine } from '../../../../machines/shared/resource-loader.machine.ts';

export type { ResourceView };

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
  return resourceLoaderConnect<T>(snapshot, send);
}
