import { assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';

/** The loader's actor: the app provides the real one (`machine.provide`), tests a fake. */
export const loadResource = fromPromise<unknown, undefined>(async () => {
  throw new Error('resourceLoader: provide the `load` actor');
});

interface ResourceLoaderContext {
  data: unknown;
  error: unknown;
}

export type ResourceLoaderEvent = { type: 'resource.retry' } | { type: 'resource.reload' };

/** A 404 is an answer, not a failure: the view shows "Page Not Found" and offers no retry. */
function isNotFoundError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && (error as { status: unknown }).status === 404;
}

/**
 * Loads one thing (home's featured products, a product, the layouts): loading → success,
 * notFound or failure; a failure can be retried, a success reloaded.
 */
export const resourceLoaderMachine = setup({
  types: {
    context: {} as ResourceLoaderContext,
    events: {} as ResourceLoaderEvent,
    tags: {} as 'busy',
  },
  actors: { load: loadResource },
  guards: {
    isNotFound: (_, error: unknown) => isNotFoundError(error),
  },
  actions: {
    storeData: assign((_, data: unknown) => ({ data, error: null })),
    storeError: assign((_, error: unknown) => ({ error })),
  },
}).createMachine({
  id: 'resourceLoader',
  context: { data: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'success', actions: { type: 'storeData', params: ({ event }: { event: DoneActorEvent<unknown> }) => event.output } },
        onError: [
          {
            guard: { type: 'isNotFound', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            target: 'notFound',
            actions: { type: 'storeError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
          },
          { target: 'failure', actions: { type: 'storeError', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
        ],
      },
    },
    success: {
      on: { 'resource.reload': 'loading' },
    },
    notFound: {},
    failure: {
      on: { 'resource.retry': 'loading' },
    },
  },
});
