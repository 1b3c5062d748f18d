import { RETRY_STATUSES } from '../../../config/constants.ts';

/** The methods the web API answers (spec §7); the client's calls and its retry rule are typed by them. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The token request refreshes the session: a duplicate could rotate the refresh token twice (spec §7). */
export const TOKEN_PATH = 'auth/token';
/**
 * The longest `Retry-After` the client waits out. A server asking for more (a rate limit's 15
 * minutes) is answered by the error at once: the screen says why, instead of a spinner for 30 s.
 */
export const RETRY_AFTER_CAP_MS = 30_000;
const BACKOFF_BASE_MS = 300;
const BACKOFF_CAP_MS = 5_000;

/**
 * Whether a request may be sent again at all. POST and PATCH are not idempotent, so they are
 * repeated only under an `Idempotency-Key`, which lets the server replay instead of act twice.
 */
export function mayRetry(method: HttpMethod, path: string, hasIdempotencyKey: boolean): boolean {
  if (path === TOKEN_PATH) return false;
  if (method === 'POST' || method === 'PATCH') return hasIdempotencyKey;
  return true;
}

/**
 * A 409 that names its refusal (`code`: a sold-out seat, a reward already in the bag) is the
 * server's answer, final: only a conflict without one (a keyed request still in progress) may
 * clear by itself, and asking again would only delay the reason the shopper is shown.
 */
export function isRefusal(status: number | null, code: string | undefined): boolean {
  return status === 409 && code !== undefined;
}

/** `status` null means no answer arrived (network failure), which is retried like a 503. */
export function isRetryableStatus(status: number | null): boolean {
  return status === null || RETRY_STATUSES.includes(status);
}

/** `Retry-After` as delay-seconds or an HTTP date, in ms (never negative); null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (value == null || value.trim() === '') return null;
  const text = value.trim();
  // Date.parse reads "1.5" or "-5" as dates, so only text that looks like an HTTP date goes there.
  const ms = /^\d+$/.test(text) ? Number(text) * 1000 : /GMT$/i.test(text) ? Date.parse(text) - now : NaN;
  if (Number.isNaN(ms)) return null;
  return Math.max(ms, 0);
}

/** Exponential backoff with full jitter: a random delay up to base·2^(attempt-1), capped. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (attempt - 1));
  return Math.round(random() * ceiling);
}

/** Whether the server asks for a longer wait than the client waits out (`RETRY_AFTER_CAP_MS`). */
export function waitsTooLong(retryAfterMs: number | null): boolean {
  return retryAfterMs !== null && retryAfterMs > RETRY_AFTER_CAP_MS;
}

/** The server's `Retry-After` wins over our own guess. */
export function defaultRetryDelay(attempt: number, retryAfterMs: number | null): number {
  return retryAfterMs ?? backoffDelay(attempt);
}

/** Waits, but gives up at once when the caller aborts. */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
