import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxUserListSchema, SandboxUserResponseSchema } from '../../src/contract/sandbox.ts';
import { startServer, type RunningServer } from '../../src/server/server.ts';
import { createApiClient } from '../../src/web/shared/api/client.ts';
import { isApiError } from '../../src/web/shared/api/errors.ts';
import { newIdempotencyKey } from '../../src/web/shared/api/idempotency.ts';
import { nth, rejectionOf } from './scripted-server.ts';

/** What the proxy does with a request after forwarding it: pass the answer on, or lose it. */
type Fate = 'relay' | 'lose-503' | 'lose-drop';

/** A proxy in front of the real server that forwards everything and can lose chosen answers. */
async function startLossyProxy(target: string, fate: (method: string, index: number) => Fate) {
  const forwarded: { method: string; url: string; key: string | undefined; body: string }[] = [];
  const proxy = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const method = req.method ?? 'GET';
      const key = req.headers['idempotency-key'] as string | undefined;
      forwarded.push({ method, url: req.url ?? '', key, body });
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter((e): e is [string, string] => typeof e[1] === 'string' && !['host', 'connection', 'content-length'].includes(e[0])),
      );
      // The real server always sees the request and finishes its work before the answer is lost.
      const upstream = await fetch(target + (req.url ?? ''), { method, headers, body: body === '' ? undefined : body });
      const text = await upstream.text();
      const what = fate(method, forwarded.length - 1);
      if (what === 'lose-drop') return void req.socket.destroy();
      if (what === 'lose-503') return void res.writeHead(503, { 'content-type': 'text/html' }).end('<h1>Service Unavailable</h1>');
      res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' }).end(text);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    forwarded,
    close: () => new Promise<void>((resolve) => (proxy.closeAllConnections(), proxy.close(() => resolve()))),
  };
}

/**
 * The client's retries and the server's idempotency store together: a create whose response is
 * lost on the way back is retried under the same key and must not make a second user.
 */
describe('idempotent create against the real server', () => {
  let server: RunningServer;
  const site = () => ({ country: 'SG' as const, language: 'en' as const });
  const direct = () => createApiClient({ baseURL: `${server.url}/api/web/v1`, site }).resource('sandbox/users/');

  beforeAll(async () => {
    server = await startServer({ port: 0, dataDir: 'memory', seedProducts: 50, staticDir: null, sandbox: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function usersWithEmail(email: string) {
    const { data } = await direct().index(SandboxUserListSchema);
    return data.filter((user) => user.email === email);
  }

  it.each(['lose-503', 'lose-drop'] as const)('creates exactly one user when the first answer is lost (%s)', async (loss) => {
    const proxy = await startLossyProxy(server.url, (method, index) => (method === 'POST' && index === 0 ? loss : 'relay'));
    try {
      const email = `${loss}@example.com`;
      const key = newIdempotencyKey();
      const users = createApiClient({ baseURL: `${proxy.url}/api/web/v1`, site, retryDelay: () => 5 }).resource('sandbox/users');
      const { data: user } = await users.create({ name: 'Mei', email }, SandboxUserResponseSchema, { idempotencyKey: key });

      expect(proxy.forwarded.map((r) => [r.method, r.key])).toEqual([
        ['POST', key],
        ['POST', key],
      ]);
      expect(user).toMatchObject({ name: 'Mei', email });
      const stored = await usersWithEmail(email);
      expect(stored).toHaveLength(1);
      expect(nth(stored, 0).id).toBe(user.id);
    } finally {
      await proxy.close();
    }
  });

  it('answers a changed body under a used key with 422, not retried', async () => {
    const proxy = await startLossyProxy(server.url, () => 'relay');
    try {
      const key = newIdempotencyKey();
      const users = createApiClient({ baseURL: `${proxy.url}/api/web/v1`, site, retryDelay: () => 5 }).resource('sandbox/users');
      const first = await users.create({ name: 'Ana', email: 'ana@example.com' }, SandboxUserResponseSchema, { idempotencyKey: key });
      const replay = await users.create({ name: 'Ana', email: 'ana@example.com' }, SandboxUserResponseSchema, { idempotencyKey: key });
      expect(replay.data.id).toBe(first.data.id);

      const error = await rejectionOf(users.create({ name: 'Ana B', email: 'ana@example.com' }, v.unknown(), { idempotencyKey: key }));
      expect(isApiError(error) && error.kind === 'http' && error.status).toBe(422);
      expect(proxy.forwarded).toHaveLength(3);
      expect(await usersWithEmail('ana@example.com')).toHaveLength(1);
    } finally {
      await proxy.close();
    }
  });
});
