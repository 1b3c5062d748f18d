/**
 * Load through the balancer while something happens to a process or the database: `workers`
 * shoppers, each looping over browsing (a listing page, a product), placing an order (a guest bag
 * of one unit, then `POST checkout/orders`) and, when given free times, booking one (hold, then
 * confirm), until told to stop. Every write carries an Idempotency-Key, kept across the client's
 * retries, as the SPA's do. What the client retries is the scenario's policy; every attempt is
 * recorded (status, time, process), and so is every acknowledged order and booking, for the
 * checks afterwards.
 */
import { randomUUID } from 'node:crypto';
import { API_PREFIX, CLIENT_HEADERS } from '../../src/config/constants.ts';
import type { Hold, Reservation } from '../../src/contract/reservations.ts';
import { DETAILS, validAnswers } from '../helpers/booking-data.ts';
import { orderBody } from '../helpers/checkout.ts';
import type { HoldBody } from '../bench/booking-requests.ts';
import { formatSpread } from './http-target.ts';
import { quantile, tally, type FigureRow } from './report.ts';

export interface Attempt {
  step: string;
  /** HTTP status, or 0 when no answer came (a reset, a refused connection). */
  status: number;
  error?: string;
  ms: number;
  servedBy: string;
}

/** What the client does with an answer it did not want: the delay before trying again, or null to give up. */
export type RetryPolicy = (answer: { status: number; retryAfter: string | null; step: string }, elapsedMs: number) => number | null;

/** Never retries: what "0 failed requests at the client" is measured with. */
export const NO_RETRY: RetryPolicy = () => null;

/**
 * What a client does during a database outage: a 503 with `Retry-After` is tried again after it
 * (at most 2 s), for up to 30 s; anything else is an answer.
 */
export const RETRY_AFTER_503: RetryPolicy = ({ status, retryAfter }, elapsed) => {
  if (status !== 503 || retryAfter === null || elapsed > 30_000) return null;
  const seconds = Number(retryAfter);
  return Number.isFinite(seconds) ? Math.min(2_000, Math.max(100, seconds * 1_000)) : 1_000;
};

/**
 * What a client does when a process dies under it: no answer, a balancer's 502/503/504, or a 409
 * of a keyed write still "in progress" on the dead process, is tried again with the same key
 * every 250 ms, for up to 20 s.
 */
export const RETRY_LOST: RetryPolicy = ({ status }, elapsed) => (elapsed <= 20_000 && (status === 0 || status === 409 || status >= 502) ? 250 : null);

export interface LoadOptions {
  base: string;
  workers: number;
  /** Variants with stock enough for every order of the run; each order takes the next. */
  variants: readonly number[];
  /** Free times to book, each once (tests/bench/booking-requests.ts `freeHolds`); none: no bookings. */
  holds?: HoldBody[];
  /** Slugs of products to browse. */
  products: readonly string[];
  retry: RetryPolicy;
  /** The workers finish what they started and stop once this resolves. */
  until: Promise<unknown>;
}

export interface LoadResult {
  attempts: Attempt[];
  /** Steps that did not end in their expected answer, with the last answer. */
  failures: { step: string; status: number; error?: string; detail: string }[];
  /** Orders acknowledged (201, or 200 for a repeat of the intent) with their intent's key. */
  orders: { number: string; key: string }[];
  /** Every checkout intent sent (its key), acknowledged or not: the payments to look at. */
  intents: string[];
  bookings: string[];
  /** Steps that succeeded only after the client retried them. */
  retried: number;
  seconds: number;
}

const HEADERS = { ...CLIENT_HEADERS, Accept: 'application/json', 'Accept-Language': 'en-SG', 'X-Site-Country': 'sg' };

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const result: LoadResult = { attempts: [], failures: [], orders: [], intents: [], bookings: [], retried: 0, seconds: 0 };
  let stopped = false;
  void options.until.then(() => (stopped = true));
  let nextVariant = 0;
  let nextProduct = 0;
  const holds = [...(options.holds ?? [])];
  const started = performance.now();

  /** One request, retried by the policy; answers the last response (with its body read), or null when none came. */
  async function send(step: string, path: string, init: { method: string; headers: Record<string, string>; body?: string }, expected: readonly number[]): Promise<{ status: number; body: unknown; headers: Headers } | null> {
    const first = performance.now();
    for (let attempt = 1; ; attempt++) {
      const at = performance.now();
      let status = 0;
      let error: string | undefined;
      let body: unknown = null;
      let headers = new Headers();
      // No tag: the balancer answered itself (no process ready).
      let servedBy = 'balancer';
      try {
        const response = await fetch(`${options.base}${path}`, { ...init, signal: AbortSignal.timeout(30_000) });
        status = response.status;
        headers = response.headers;
        servedBy = response.headers.get('x-served-by') ?? 'balancer';
        const text = await response.text();
        try {
          body = text ? (JSON.parse(text) as unknown) : null;
        } catch {
          body = text;
        }
      } catch (caught) {
        error = (caught as Error & { cause?: { code?: string } }).cause?.code ?? (caught as Error).message;
      }
      result.attempts.push({ step, status, ms: performance.now() - at, servedBy, ...(error ? { error } : {}) });
      if (expected.includes(status)) {
        if (attempt > 1) result.retried += 1;
        return { status, body, headers };
      }
      const delay = options.retry({ status, retryAfter: headers.get('retry-after'), step }, performance.now() - first);
      if (delay === null) {
        const detail = typeof body === 'string' ? body.slice(0, 160) : JSON.stringify(body)?.slice(0, 160);
        result.failures.push({ step, status, ...(error ? { error } : {}), detail: detail ?? '' });
        return null;
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }

  async function browse(): Promise<void> {
    const slug = options.products[nextProduct++ % options.products.length] ?? '';
    const page = (nextProduct % 5) + 1;
    await send('GET products', `${API_PREFIX}/products?sort=newest&per_page=24&page=${page}`, { method: 'GET', headers: HEADERS }, [200]);
    await send('GET products/{slug}', `${API_PREFIX}/products/${slug}`, { method: 'GET', headers: HEADERS }, [200]);
  }

  async function checkout(): Promise<void> {
    const variantId = options.variants[nextVariant++ % options.variants.length];
    const added = await send('POST cart/line-items', `${API_PREFIX}/cart/line-items`, { method: 'POST', headers: { ...HEADERS, 'Idempotency-Key': randomUUID() }, body: JSON.stringify({ variantId, quantity: 1 }) }, [201]);
    if (!added) return;
    const cookie = added.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    const version = (added.body as { data: { version: number } }).data.version;
    const key = randomUUID();
    result.intents.push(key);
    // 200: the intent's order, answered to a repeat of its key (the first attempt placed it and its answer was lost).
    const placed = await send('POST checkout/orders', `${API_PREFIX}/checkout/orders`, { method: 'POST', headers: { ...HEADERS, Cookie: cookie, 'Idempotency-Key': key }, body: JSON.stringify(orderBody(version)) }, [201, 200]);
    if (placed) result.orders.push({ number: (placed.body as { data: { number: string } }).data.number, key });
  }

  async function book(): Promise<void> {
    const next = holds.shift();
    if (!next) return;
    const headers = { ...CLIENT_HEADERS, Accept: 'application/json', 'Accept-Language': next.site.language, 'X-Site-Country': next.site.country };
    const held = await send('POST reservation-service/create', `${API_PREFIX}/reservation-service/create`, { method: 'POST', headers: { ...headers, 'Idempotency-Key': randomUUID() }, body: next.body }, [201]);
    if (!held) return;
    const hold = (held.body as { data: Hold }).data;
    const body = JSON.stringify({ holdId: hold.id, holdToken: hold.token, details: { ...DETAILS, email: 'scale@example.com' }, answers: validAnswers(hold.activityId) });
    const confirmed = await send('POST reservation-service', `${API_PREFIX}/reservation-service`, { method: 'POST', headers: { ...headers, 'Idempotency-Key': randomUUID() }, body }, [201]);
    if (confirmed) result.bookings.push((confirmed.body as { data: Reservation }).data.confirmationNumber);
  }

  const worker = async (index: number) => {
    // Each worker starts elsewhere in the mix, so orders and reads are in flight together at any instant.
    for (let round = index; !stopped; round++) {
      const kind = round % 3;
      const step = kind === 0 ? checkout : kind === 1 && holds.length > 0 ? book : browse;
      // An answer of the wrong shape (a 201 without its body) is a failure of the run, not the end of it.
      await step().catch((error: unknown) => result.failures.push({ step: step.name, status: -1, detail: (error as Error).message }));
    }
  };
  await Promise.all(Array.from({ length: options.workers }, (_, i) => worker(i)));
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

/** The run as a row of the figures table. */
export function figureOf(scenario: string, run: LoadResult): FigureRow {
  const spread = new Map<string, number>();
  for (const a of run.attempts) spread.set(a.servedBy, (spread.get(a.servedBy) ?? 0) + 1);
  return {
    scenario,
    requests: run.attempts.length,
    failures: run.failures.length,
    statuses: tally(run.attempts.map((a) => (a.status === 0 ? (a.error ?? 'error') : a.status))),
    p50: quantile(
      run.attempts.map((a) => a.ms),
      0.5,
    ),
    p99: quantile(
      run.attempts.map((a) => a.ms),
      0.99,
    ),
    seconds: run.seconds,
    spread: formatSpread(spread),
  };
}
