import { assign, setup } from 'xstate';
import { CHUNK_RELOAD_GUARD_MS } from '../../src/config/constants.ts';

const CHUNK_ERROR = /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

/** A lazy screen whose chunk is gone (usually a new deployment), as browsers word it. */
export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_ERROR.test(error.message);
}

/** Inside the guard window a reload would loop on a broken deployment: show the error screen. */
export function insideReloadWindow(now: number, lastReloadAt: number | null): boolean {
  if (lastReloadAt === null) return false;
  const elapsed = now - lastReloadAt;
  // A stored time in the future (clock change) must not block reloads for the rest of the session.
  return elapsed >= 0 && elapsed < CHUNK_RELOAD_GUARD_MS;
}

interface ChunkReloadContext {
  path: string | null;
  failedAt: number | null;
  /** When this path was last reloaded for a chunk error, as the stored guard said. */
  lastReloadAt: number | null;
}

export type ChunkReloadEvent =
  /** The app read `lastReloadAt` for `path` from its storage (it survives the reload). */
  | { type: 'chunk.failed'; path: string; now: number; lastReloadAt: number | null }
  /** The shopper pressed "Reload the page" on the error screen. */
  | { type: 'chunk.reload'; now: number };

export interface ReloadParams {
  path: string;
  at: number;
}

/**
 * A failed dynamic import reloads the page at most once per CHUNK_RELOAD_GUARD_MS per path
 * (spec §4, §8, §9); a second failure inside the window shows the error screen instead of looping.
 * The app provides `rememberReload` (sessionStorage) and `reloadPage` (location.reload).
 */
export const chunkReloadMachine = setup({
  types: {
    context: {} as ChunkReloadContext,
    events: {} as ChunkReloadEvent,
    tags: {} as 'reloading' | 'error',
  },
  guards: {
    isOutsideReloadWindow: (_, params: { now: number; lastReloadAt: number | null }) => !insideReloadWindow(params.now, params.lastReloadAt),
  },
  actions: {
    storeFailure: assign((_, params: { path: string; now: number; lastReloadAt: number | null }) => ({
      path: params.path,
      failedAt: params.now,
      lastReloadAt: params.lastReloadAt,
    })),
    rememberReload: (_, _params: ReloadParams) => {},
    reloadPage: () => {},
  },
}).createMachine({
  id: 'chunkReload',
  context: { path: null, failedAt: null, lastReloadAt: null },
  initial: 'watching',
  states: {
    watching: {
      on: {
        'chunk.failed': [
          {
            guard: { type: 'isOutsideReloadWindow', params: ({ event }) => ({ now: event.now, lastReloadAt: event.lastReloadAt }) },
            target: 'reloading',
            actions: [
              { type: 'storeFailure', params: ({ event }) => ({ path: event.path, now: event.now, lastReloadAt: event.lastReloadAt }) },
              { type: 'rememberReload', params: ({ event }) => ({ path: event.path, at: event.now }) },
              'reloadPage',
            ],
          },
          {
            target: 'failed',
            actions: { type: 'storeFailure', params: ({ event }) => ({ path: event.path, now: event.now, lastReloadAt: event.lastReloadAt }) },
          },
        ],
      },
    },
    reloading: { tags: ['reloading'] },
    failed: {
      tags: ['error'],
      on: {
        'chunk.reload': {
          target: 'reloading',
          actions: [{ type: 'rememberReload', params: ({ context, event }) => ({ path: context.path ?? '/', at: event.now }) }, 'reloadPage'],
        },
      },
    },
  },
});
