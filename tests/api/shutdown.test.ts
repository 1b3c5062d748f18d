/**
 * How a process leaves a balancer's pool: health probes a balancer can send, and a drain that lets
 * every request in flight finish while no new one comes in.
 */
import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server/server.ts';
import { freePort } from '../helpers/ports.ts';

const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close().catch(() => undefined)));
});

async function start(shutdown: { delayMs: number; timeoutMs: number }, slowMs = 0): Promise<RunningServer> {
  const server = await startServer({ port: 0, hostname: '127.0.0.1', dataDir: 'memory', seedProducts: 5, staticDir: null, sandbox: false, log: () => undefined, shutdown });
  running.push(server);
  // A request that takes its time, as a checkout waiting for its card processor does.
  if (slowMs > 0) server.app.get('/test/slow', async (c) => {
    await new Promise((resolve) => setTimeout(resolve, slowMs));
    return c.text('finished');
  });
  return server;
}

/** A request written by hand: HTTP/1.0 and no Host header, as HAProxy's plain `option httpchk` sends. */
function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

function get(port: number, path: string, agent?: http.Agent): Promise<{ status: number; body: string; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent: agent ?? false }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body, connection: response.headers.connection }));
    });
    request.on('error', reject);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('health probes', () => {
  it('answer a balancer’s HTTP/1.0 check without a Host header: alive and ready', { timeout: 90_000 }, async () => {
    const server = await start({ delayMs: 0, timeoutMs: 1_000 });
    expect(await rawRequest(server.port, 'GET /healthz HTTP/1.0\r\n\r\n')).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\n\r\nok\n$/);
    expect(await rawRequest(server.port, 'GET /readyz HTTP/1.0\r\n\r\n')).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\n\r\nready\n$/);
    expect(await rawRequest(server.port, 'HEAD /readyz HTTP/1.0\r\n\r\n')).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(await rawRequest(server.port, 'POST /readyz HTTP/1.0\r\n\r\n')).toMatch(/^HTTP\/1\.1 405 /);
  });
});

describe('draining on close', () => {
  it('turns readiness 503 first, still serving, then refuses new connections while the request in flight finishes', { timeout: 90_000 }, async () => {
    const server = await start({ delayMs: 600, timeoutMs: 5_000 }, 1_500);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    try {
      // An idle keep-alive socket, and a request in flight on another.
      expect((await get(server.port, '/api/web/v1/brands', agent)).status).toBe(200);
      const inFlight = get(server.port, '/test/slow');
      await sleep(100);
      const closedAt = Date.now();
      const closed = server.close().then(() => Date.now());

      // Readiness says no at once; the process still answers, closing each connection after.
      await sleep(100);
      const ready = await get(server.port, '/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toBe('draining\n');
      const during = await get(server.port, '/api/web/v1/brands');
      expect(during).toMatchObject({ status: 200, connection: 'close' });

      // After the delay: no new connection is taken.
      await sleep(700);
      await expect(get(server.port, '/healthz')).rejects.toMatchObject({ code: 'ECONNREFUSED' });

      // The request in flight finishes with its answer, and only then does close() return.
      expect(await inFlight).toMatchObject({ status: 200, body: 'finished' });
      const closedIn = (await closed) - closedAt;
      expect(closedIn).toBeGreaterThanOrEqual(1_300);
      expect(closedIn).toBeLessThan(5_000);
    } finally {
      agent.destroy();
    }
  });

  it('cuts a request that outlives the deadline, and closes no later than it', { timeout: 90_000 }, async () => {
    const server = await start({ delayMs: 0, timeoutMs: 500 }, 10_000);
    const inFlight = get(server.port, '/test/slow');
    await sleep(100);
    const closedAt = Date.now();
    await server.close();
    expect(Date.now() - closedAt).toBeLessThan(3_000);
    await expect(inFlight).rejects.toMatchObject({ code: 'ECONNRESET' });
  });
});

describe('the metrics listener', () => {
  it('serves /metrics without a token on METRICS_PORT, with the pool and request figures, and closes with the server', { timeout: 90_000 }, async () => {
    const metricsPort = await freePort();
    const previous = process.env['METRICS_PORT'];
    process.env['METRICS_PORT'] = String(metricsPort);
    try {
      const server = await start({ delayMs: 0, timeoutMs: 1_000 });
      expect((await get(server.port, '/api/web/v1/brands')).status).toBe(200);
      const scraped = await get(metricsPort, '/metrics');
      expect(scraped.status).toBe(200);
      expect(scraped.body).toMatch(/^db_pool_connections_total \d+$/m);
      expect(scraped.body).toMatch(/http_request_duration_seconds_count\{[^}]*route="\/api\/web\/v1\/brands"[^}]*\} 1$/m);
      // Not on the shop's own port without a token.
      expect((await get(server.port, '/metrics')).status).toBe(404);
      await server.close();
      await expect(get(metricsPort, '/metrics')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    } finally {
      if (previous === undefined) delete process.env['METRICS_PORT'];
      else process.env['METRICS_PORT'] = previous;
    }
  });
});
