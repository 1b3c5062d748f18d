/**
 * Marks a promise as React marks the ones it has seen resolve (`status`, `value`), so a `use` of it
 * after it settled returns at once instead of suspending for a tick.
 */
export function settled<T>(promise: Promise<T>): Promise<T> {
  const tracked = promise as Promise<T> & { status?: string; value?: T; reason?: unknown };
  promise.then(
    (value) => Object.assign(tracked, { status: 'fulfilled', value }),
    (reason: unknown) => Object.assign(tracked, { status: 'rejected', reason }),
  );
  return promise;
}
