import { createActor } from 'xstate';
import { chunkReloadMachine, isChunkLoadError } from '../../../../machines/runtime/chunk-reload.machine.ts';

export const CHUNK_RELOAD_KEY_PREFIX = 'chunk-reload:';

export interface ChunkReloadEffects {
  /** sessionStorage: the guard must survive the reload. Null when the browser refuses it. */
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  now(): number;
  path(): string;
  reload(): void;
}

function readLastReload(storage: ChunkReloadEffects['storage'], path: string): { ok: true; at: number | null } | { ok: false } {
  if (!storage) return { ok: false };
  try {
    const stored = storage.getItem(CHUNK_RELOAD_KEY_PREFIX + path);
    const at = stored === null ? null : Number(stored);
    return { ok: true, at: at !== null && Number.isFinite(at) ? at : null };
  } catch {
    return { ok: false };
  }
}

/**
 * Runs the chunk reload machine for one caught error: `reloading` (the page reloads), `failed`
 * (show the error screen) or `ignored` (not a chunk error). Without a readable storage the guard
 * could not survive the reload, so the page never reloads by itself: it shows the error screen.
 */
export function handleChunkError(error: unknown, effects: ChunkReloadEffects): 'reloading' | 'failed' | 'ignored' {
  if (!isChunkLoadError(error)) return 'ignored';
  const path = effects.path();
  const now = effects.now();
  const last = readLastReload(effects.storage, path);
  const actor = createActor(
    chunkReloadMachine.provide({
      actions: {
        rememberReload: (_, { path: reloadedPath, at }) => {
          try {
            effects.storage?.setItem(CHUNK_RELOAD_KEY_PREFIX + reloadedPath, String(at));
          } catch {
            // Read worked a moment ago; a full quota now only weakens the guard for this one reload.
          }
        },
        reloadPage: () => effects.reload(),
      },
    }),
  ).start();
  actor.send({ type: 'chunk.failed', path, now, lastReloadAt: last.ok ? last.at : now });
  const state = actor.getSnapshot().hasTag('reloading') ? 'reloading' : 'failed';
  actor.stop();
  return state;
}

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function browserChunkReloadEffects(reload: () => void): ChunkReloadEffects {
  return { storage: sessionStorageOrNull(), now: () => Date.now(), path: () => window.location.pathname, reload };
}
