import { useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { resourceLoaderConnect, type ResourceView } from '../../../../machines/shared/resource-loader.connect.ts';
import { resourceLoaderMachine } from '../../../../machines/shared/resource-loader.machine.ts';
import { useScreenActor } from '../ssr/screen-state.tsx';
import { useView } from './use-view.ts';

export type { ResourceView };

/**
 * Runs the resource loader machine with `load` as its actor. `load` is read through a ref so a
 * new closure each render does not restart the request; pass a `key` to the component to reload.
 * `screenKey` makes it a screen machine (useScreenActor): rendered on the server with its data
 * and restored from the page's snapshot; leave it out for what only the browser may load.
 */
export function useResource<T>(load: (signal: AbortSignal) => Promise<T>, screenKey: string | null = null): ResourceView<T> {
  const loadRef = useRef(load);
  loadRef.current = load;
  const machine = useMemo(
    () => resourceLoaderMachine.provide({ actors: { load: fromPromise<unknown, undefined>(({ signal }) => loadRef.current(signal)) } }),
    [],
  );
  return useView(useScreenActor(screenKey, machine), resourceLoaderConnect<T>);
}
