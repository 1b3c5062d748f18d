import { describe, expect, test, vi } from 'vitest';
import { createActor } from 'xstate';
import { CHUNK_RELOAD_GUARD_MS } from '../../src/config/constants.ts';
import { chunkReloadMachine, insideReloadWindow, isChunkLoadError } from '../../machines/runtime/chunk-reload.machine.ts';
import { chunkReloadModel } from '../../machines/runtime/chunk-reload.model.ts';
import { coverage } from '../../machines/model/graph.ts';
import { CHUNK_RELOAD_KEY_PREFIX, handleChunkError } from '../../src/web/app/runtime/chunk-reload.ts';

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: /assets/ProductScreen-abc.js');

function start() {
  const remembered: { path: string; at: number }[] = [];
  const reload = vi.fn();
  const actor = createActor(
    chunkReloadMachine.provide({ actions: { rememberReload: (_, params) => void remembered.push(params), reloadPage: reload } }),
  ).start();
  return { actor, remembered, reload };
}

/** sessionStorage as it survives a reload: one Map shared by every "page load". */
function memoryStorage() {
  const map = new Map<string, string>();
  return { map, storage: { getItem: (key: string) => map.get(key) ?? null, setItem: (key: string, value: string) => void map.set(key, value) } };
}

describe('chunkReload machine', () => {
  test('watching → reloading on a first failure: remembers the reload, then reloads', () => {
    const { actor, remembered, reload } = start();
    actor.send({ type: 'chunk.failed', path: '/products/a', now: 50_000, lastReloadAt: null });
    expect(actor.getSnapshot().value).toBe('reloading');
    expect(remembered).toEqual([{ path: '/products/a', at: 50_000 }]);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  test('a failure inside the window goes to failed without reloading', () => {
    const { actor, remembered, reload } = start();
    actor.send({ type: 'chunk.failed', path: '/products/a', now: 50_000, lastReloadAt: 50_000 - CHUNK_RELOAD_GUARD_MS + 1 });
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
    expect(remembered).toEqual([]);
    expect(reload).not.toHaveBeenCalled();
  });

  test('exactly at the end of the window a reload is allowed again', () => {
    const { actor } = start();
    actor.send({ type: 'chunk.failed', path: '/', now: 50_000, lastReloadAt: 50_000 - CHUNK_RELOAD_GUARD_MS });
    expect(actor.getSnapshot().value).toBe('reloading');
  });

  test('failed → reloading only when the shopper asks; reloading ignores further failures', () => {
    const { actor, remembered, reload } = start();
    expect(actor.getSnapshot().can({ type: 'chunk.reload', now: 1 })).toBe(false);
    actor.send({ type: 'chunk.failed', path: '/a', now: 10_000, lastReloadAt: 9_000 });
    actor.send({ type: 'chunk.reload', now: 12_000 });
    expect(actor.getSnapshot().value).toBe('reloading');
    expect(remembered).toEqual([{ path: '/a', at: 12_000 }]);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().can({ type: 'chunk.failed', path: '/a', now: 99_999, lastReloadAt: null })).toBe(false);
  });

  test('the window: none stored, inside, after, and a stored time in the future', () => {
    expect(insideReloadWindow(1_000, null)).toBe(false);
    expect(insideReloadWindow(5_000, 1_000)).toBe(true);
    expect(insideReloadWindow(11_000, 1_000)).toBe(false);
    expect(insideReloadWindow(1_000, 5_000)).toBe(false);
  });

  test('only chunk load errors count', () => {
    expect(isChunkLoadError(chunkError())).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  test('the model reaches every state and transition', () => {
    const result = coverage(chunkReloadModel);
    expect(result.states.missing).toEqual([]);
    expect(result.transitions.missing).toEqual([]);
  });
});

describe('handleChunkError (the wiring with sessionStorage)', () => {
  test('the guard survives a simulated reload: reload once, then the error screen, then reload after 10 s', () => {
    const { map, storage } = memoryStorage();
    const reload = vi.fn();
    const page = (now: number, path = '/products/a') => handleChunkError(chunkError(), { storage, now: () => now, path: () => path, reload });

    expect(page(100_000)).toBe('reloading');
    expect(map.get(`${CHUNK_RELOAD_KEY_PREFIX}/products/a`)).toBe('100000');
    // The page reloaded (a new actor, the same storage) and the chunk fails again 2 s later.
    expect(page(102_000)).toBe('failed');
    // Another path has its own guard.
    expect(page(102_500, '/products/b')).toBe('reloading');
    expect(page(100_000 + CHUNK_RELOAD_GUARD_MS)).toBe('reloading');
    expect(reload).toHaveBeenCalledTimes(3);
  });

  test('other errors are ignored; without readable storage the page never reloads by itself', () => {
    const reload = vi.fn();
    expect(handleChunkError(new Error('boom'), { storage: null, now: () => 1, path: () => '/', reload })).toBe('ignored');
    expect(handleChunkError(chunkError(), { storage: null, now: () => 1, path: () => '/', reload })).toBe('failed');
    const throwing = { getItem: () => { throw new Error('SecurityError'); }, setItem: () => undefined };
    expect(handleChunkError(chunkError(), { storage: throwing, now: () => 1, path: () => '/', reload })).toBe('failed');
    expect(reload).not.toHaveBeenCalled();
  });

  test('a garbled stored time does not block the reload', () => {
    const { map, storage } = memoryStorage();
    map.set(`${CHUNK_RELOAD_KEY_PREFIX}/`, 'not-a-number');
    const reload = vi.fn();
    expect(handleChunkError(chunkError(), { storage, now: () => 5, path: () => '/', reload })).toBe('reloading');
  });
});
