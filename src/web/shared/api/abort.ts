/**
 * `promise`, unless `signal` aborts first: then the returned promise rejects with
 * `onAbort(signal.reason)` at once, while `promise` itself runs on (it may be shared).
 */
export function unlessAborted<T>(promise: Promise<T>, signal: AbortSignal, onAbort: (reason: unknown) => unknown = (reason) => reason): Promise<T> {
  if (signal.aborted) return Promise.reject(onAbort(signal.reason));
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(onAbort(signal.reason));
    signal.addEventListener('abort', abort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abort);
        reject(error);
      },
    );
  });
}
