import type { LockManagerLike } from '../../src/web/shared/session/tab-lock.ts';

/**
 * TEST DOUBLE of the Web Locks `LockManager` (Node has no `navigator.locks`): one exclusive lock
 * per name shared by every "tab" of the test process, granted in request order and released when
 * the callback's promise settles — the contract of `navigator.locks.request(name, callback)`.
 */
export function createInMemoryLocksDouble(): LockManagerLike & { granted: string[] } {
  const tails = new Map<string, Promise<unknown>>();
  const granted: string[] = [];
  return {
    granted,
    request<T>(name: string, callback: (lock: unknown) => Promise<T>): Promise<T> {
      const previous = tails.get(name) ?? Promise.resolve();
      const result = previous.then(() => {
        granted.push(name);
        return callback({ name, mode: 'exclusive' });
      });
      // The next request waits for this one to settle, whether it fulfilled or rejected.
      tails.set(
        name,
        result.then(
          () => undefined,
          () => undefined,
        ),
      );
      return result;
    },
  };
}
