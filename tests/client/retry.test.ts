import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { RETRY_LIMIT, RETRY_STATUSES } from '../../src/config/constants.ts';
import { isApiError, type ApiError } from '../../src/web/shared/api/errors.ts';
import { defaultRetryDelay } from '../../src/web/shared/api/retry.ts';
import { clientFor, nth, rejectionOf, startScriptedServer, type Reply, type ScriptedServer } from './scripted-server.ts';

const Ok = v.object({ ok: v.literal(true) });
const servers: ScriptedServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** A server that fails `failures` times with `reply`, then answers 200. */
async function failing(failures: number, reply: Reply) {
  const server = await startScriptedServer((_, index) => (index < failures ? reply : { body: { ok: true } }));
  servers.push(server);
  return server;
}

async function apiErrorOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await rejectionOf(promise);
  if (!isApiError(error)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('which statuses are retried', () => {
  it.each(RETRY_STATUSES)('retries %i and then succeeds', async (status) => {
    const server = await failing(2, { status, body: { message: 'busy', status } });
    await expect(clientFor(server).resource('brands').index(Ok)).resolves.toEqual({ ok: true });
    expect(server.seen).toHaveLength(3);
  });

  it.each([400, 401, 403, 404, 422])('never retries %i', async (status) => {
    const server = await failing(1, { status, body: { message: 'no', status } });
    const error = await apiErrorOf(clientFor(server).resource('brands').index(Ok));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(status);
    expect(server.seen).toHaveLength(1);
  });

  it('never retries a 409 that names its refusal (a sold-out seat): the reason is shown at once', async () => {
    const server = await failing(1, { status: 409, body: { message: 'sold out', status: 409, code: 'sold_out' } });
    const error = await apiErrorOf(clientFor(server).resource('brands').index(Ok));
    expect(error.body?.code).toBe('sold_out');
    expect(server.seen).toHaveLength(1);
  });

  it(`gives up after 1 + ${RETRY_LIMIT} attempts with the last error`, async () => {
    const server = await failing(Infinity, { status: 503, body: { message: 'down', status: 503 } });
    const error = await apiErrorOf(clientFor(server).resource('brands').index(Ok));
    expect(server.seen).toHaveLength(1 + RETRY_LIMIT);
    expect(error).toMatchObject({ kind: 'http', status: 503, body: { message: 'down', status: 503 } });
  });

  it('succeeds on the last allowed attempt', async () => {
    const server = await failing(RETRY_LIMIT, { status: 500 });
    await expect(clientFor(server).resource('brands').index(Ok)).resolves.toEqual({ ok: true });
    expect(server.seen).toHaveLength(1 + RETRY_LIMIT);
  });

  it('retries a dropped connection on a GET and reports kind network when it keeps failing', async () => {
    const recovering = await failing(1, { drop: true });
    await expect(clientFor(recovering).resource('brands').index(Ok)).resolves.toEqual({ ok: true });
    expect(recovering.seen).toHaveLength(2);

    const dead = await failing(Infinity, { drop: true });
    const error = await apiErrorOf(clientFor(dead).resource('brands').index(Ok));
    expect(error.kind).toBe('network');
    expect(error.status).toBeNull();
    expect(dead.seen).toHaveLength(1 + RETRY_LIMIT);
  });

  it('reports kind network when nothing listens', async () => {
    const server = await failing(0, {});
    await server.close();
    servers.length = 0;
    const error = await apiErrorOf(clientFor(server).resource('brands').index(Ok));
    expect(error.kind).toBe('network');
  });
});

describe('which requests are retried', () => {
  it('never retries the token request, even under a key', async () => {
    const server = await failing(1, { status: 503 });
    const client = clientFor(server);
    expect((await apiErrorOf(client.request('POST', 'auth/token/', Ok, { body: { grant_type: 'refresh_token', flow: 'client' }, idempotencyKey: 'k' }))).status).toBe(503);
    expect(server.seen).toHaveLength(1);
  });

  it('does not retry a POST without an Idempotency-Key', async () => {
    const server = await failing(1, { status: 503 });
    const error = await apiErrorOf(clientFor(server).resource('sandbox/users').create({ name: 'A' }, Ok));
    expect(error.status).toBe(503);
    expect(server.seen).toHaveLength(1);
  });

  it('retries a POST with a key, sending the same key and body every time', async () => {
    const server = await failing(2, { status: 502 });
    await clientFor(server).resource('sandbox/users').create({ name: 'A' }, Ok, { idempotencyKey: 'key-42' });
    expect(server.seen.map((r) => [r.method, r.headers['idempotency-key'], r.body])).toEqual(
      Array.from({ length: 3 }, () => ['POST', 'key-42', '{"name":"A"}']),
    );
  });

  it('retries a PATCH only with a key', async () => {
    const without = await failing(1, { status: 503 });
    await apiErrorOf(clientFor(without).resource('wishlist').update(1, { on: true }, Ok));
    expect(without.seen).toHaveLength(1);

    const withKey = await failing(1, { status: 503 });
    await clientFor(withKey).resource('wishlist').update(1, { on: true }, Ok, { idempotencyKey: 'p' });
    expect(withKey.seen).toHaveLength(2);
  });

  it('retries PUT and DELETE without a key: they are idempotent', async () => {
    const server = await failing(1, { status: 503 });
    const users = clientFor(server).resource('sandbox/users');
    await users.replace(1, { name: 'A' }, Ok);
    await users.delete(1, Ok);
    expect(server.seen.map((r) => r.method)).toEqual(['PUT', 'PUT', 'DELETE']);
  });
});

describe('delays', () => {
  it('passes the attempt number to retryDelay and waits that long', async () => {
    const server = await failing(3, { status: 500 });
    const calls: [number, number | null][] = [];
    await clientFor(server, {
      retryDelay: (attempt, retryAfterMs) => {
        calls.push([attempt, retryAfterMs]);
        return 40;
      },
    })
      .resource('brands')
      .index(Ok);
    expect(calls).toEqual([
      [1, null],
      [2, null],
      [3, null],
    ]);
    const gaps = server.seen.slice(1).map((r, i) => r.at - nth(server.seen, i).at);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(39);
  });

  /** Runs one 429 + success with the default delay, recording what the hook was given and returned. */
  async function honoured(retryAfter: string) {
    const server = await failing(1, { status: 429, headers: { 'Retry-After': retryAfter } });
    const seen: { retryAfterMs: number | null; delay: number }[] = [];
    await clientFor(server, {
      retryDelay: (attempt, retryAfterMs) => {
        const delay = defaultRetryDelay(attempt, retryAfterMs);
        seen.push({ retryAfterMs, delay });
        return delay;
      },
    })
      .resource('brands')
      .index(Ok);
    const gap = nth(server.seen, 1).at - nth(server.seen, 0).at;
    return { ...nth(seen, 0), gap };
  }

  it('honours Retry-After in seconds', async () => {
    const { retryAfterMs, delay, gap } = await honoured('1');
    expect(retryAfterMs).toBe(1000);
    expect(delay).toBeGreaterThanOrEqual(1000);
    expect(gap).toBeGreaterThanOrEqual(995);
  });

  it('honours Retry-After as an HTTP date', async () => {
    const { retryAfterMs, delay, gap } = await honoured(new Date(Date.now() + 2000).toUTCString());
    // HTTP dates have whole seconds, so the wait is between 1 and 2 s.
    expect(retryAfterMs).toBeGreaterThan(900);
    expect(retryAfterMs).toBeLessThanOrEqual(2000);
    expect(delay).toBeGreaterThanOrEqual((retryAfterMs ?? NaN));
    expect(gap).toBeGreaterThanOrEqual((retryAfterMs ?? NaN) - 5);
  });

  it('answers a Retry-After longer than 30 s with the error at once (a rate limit of minutes), and waits out one of 30 s', async () => {
    const long = await failing(1, { status: 429, headers: { 'Retry-After': '900' } });
    const given: (number | null)[] = [];
    const error = await apiErrorOf(clientFor(long, { retryDelay: (_, ms) => (given.push(ms), 1) }).resource('brands').index(Ok));
    expect(error.status).toBe(429);
    expect(long.seen).toHaveLength(1);
    expect(given).toEqual([]);
    const short = await failing(1, { status: 503, headers: { 'Retry-After': '30' } });
    await clientFor(short, { retryDelay: (_, ms) => (given.push(ms), 1) }).resource('brands').index(Ok);
    expect(given).toEqual([30_000]);
  });
});

describe('abort', () => {
  it('rejects with kind aborted when the signal is already aborted, without a request', async () => {
    const server = await failing(0, {});
    const controller = new AbortController();
    controller.abort();
    const error = await apiErrorOf(clientFor(server).resource('brands').index(Ok, { signal: controller.signal }));
    expect(error.kind).toBe('aborted');
    expect(server.seen).toHaveLength(0);
  });

  it('aborts a request in flight', async () => {
    const server = await failing(Infinity, { hang: true });
    const controller = new AbortController();
    const pending = clientFor(server).resource('brands').index(Ok, { signal: controller.signal });
    await expect.poll(() => server.seen.length).toBe(1);
    controller.abort();
    expect((await apiErrorOf(pending)).kind).toBe('aborted');
    expect(server.seen).toHaveLength(1);
  });

  it('reports kind aborted, not network, for a request that may not be retried', async () => {
    const server = await failing(Infinity, { hang: true });
    const controller = new AbortController();
    const pending = clientFor(server).resource('sandbox/users').create({ name: 'A' }, Ok, { signal: controller.signal });
    await expect.poll(() => server.seen.length).toBe(1);
    controller.abort();
    expect((await apiErrorOf(pending)).kind).toBe('aborted');
  });

  it('stops retrying at once when aborted during the backoff', async () => {
    const server = await failing(Infinity, { status: 503 });
    const controller = new AbortController();
    const started = performance.now();
    const pending = clientFor(server, { retryDelay: () => 10_000 })
      .resource('brands')
      .index(Ok, { signal: controller.signal });
    await expect.poll(() => server.seen.length).toBe(1);
    controller.abort();
    expect((await apiErrorOf(pending)).kind).toBe('aborted');
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(server.seen).toHaveLength(1);
  });
});
