import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { createHttpTerminator } from 'http-terminator';
import { NO_STORE } from './cache.ts';

/**
 * The store's HTTP listener: the app's requests, the balancer's health checks, and a graceful
 * drain. Health is answered here, before the app: a balancer's plain check (HTTP/1.0 without a Host
 * header) is not a request the app could build a URL from, and a probe must not wait behind the
 * app's middleware or count in its metrics.
 */

/**
 * How long an idle keep-alive connection stays open: longer than the idle timeout of the load
 * balancers in front of us (60 s on the common ones), so that they close idle connections, not
 * us. With Node's default of 5 s a client could send its next request on a socket the server was
 * closing that instant: a reset (`socket hang up`, a 502 from a balancer). Seen as a rare
 * ECONNRESET of Playwright's API requests between slow e2e steps.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** How long a readiness check waits for the database before it says not ready. */
const READY_PING_MS = 2_000;

export interface ListenerOptions {
  fetch: (request: Request) => Response | Promise<Response>;
  port: number;
  hostname?: string | undefined;
  /** Rejects when the database does not answer (readiness). */
  ping: (timeoutMs: number) => Promise<void>;
  /** How `drain()` goes (`SHUTDOWN_DELAY_MS`, `SHUTDOWN_TIMEOUT_MS`). */
  drain: DrainOptions;
}

export interface DrainOptions {
  /** Readiness says 503 this long before the listener closes, so balancers stop sending first. */
  delayMs: number;
  /** Requests in flight get this long to finish once the listener is closed; then their sockets are cut. */
  timeoutMs: number;
}

export interface Listener {
  server: http.Server;
  port: number;
  /** True once draining began: readiness answers 503. */
  readonly draining: boolean;
  /**
   * Readiness 503 first (for `delayMs`, with every answer closing its connection), then no new
   * connection, idle keep-alive sockets closed, requests in flight finished (up to `timeoutMs`).
   */
  drain(): Promise<void>;
}

export function listen(options: ListenerOptions): Promise<Listener> {
  const app = getRequestListener(options.fetch);
  let draining = false;

  const health = (request: http.IncomingMessage, response: http.ServerResponse): boolean => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/healthz' && path !== '/readyz') return false;
    const answer = (status: number, text: string) => {
      response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': NO_STORE, 'Content-Length': Buffer.byteLength(text) });
      response.end(request.method === 'HEAD' ? undefined : text);
    };
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      answer(405, 'GET or HEAD\n');
      return true;
    }
    // Alive: the process answers. Nothing else, or a database outage would have every process restarted.
    if (path === '/healthz') answer(200, 'ok\n');
    else if (draining) answer(503, 'draining\n');
    else {
      options.ping(READY_PING_MS).then(
        () => answer(200, 'ready\n'),
        (error: unknown) => answer(503, `database unreachable: ${error instanceof Error ? error.message : String(error)}\n`),
      );
    }
    return true;
  };

  const server = http.createServer((request, response) => {
    // While draining, every answer closes its connection: clients move to the other processes.
    if (draining) response.setHeader('Connection', 'close');
    if (health(request, response)) return;
    void app(request, response);
  });
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // Node's advice: the headers' timeout above the keep-alive one, or a reused socket can be cut while its request's headers arrive.
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  // Created with the server: it knows a socket only from its first connection on.
  const terminator = createHttpTerminator({ server, gracefulTerminationTimeout: options.drain.timeoutMs });

  let drained: Promise<void> | null = null;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.hostname, () => {
      server.off('error', reject);
      const port = (server.address() as AddressInfo).port;
      resolve({
        server,
        port,
        get draining() {
          return draining;
        },
        drain: () => {
          drained ??= (async () => {
            draining = true;
            const { delayMs } = options.drain;
            if (delayMs > 0) await new Promise((done) => setTimeout(done, delayMs));
            // Stop listening first: a new connection is refused (a balancer retries it elsewhere),
            // never accepted and then cut.
            const closed = new Promise<void>((done) => server.close(() => done()));
            try {
              await terminator.terminate();
            } catch (error) {
              // The terminator closes the server last; it was closed above already.
              if ((error as NodeJS.ErrnoException).code !== 'ERR_SERVER_NOT_RUNNING') throw error;
            }
            await closed;
          })();
          return drained;
        },
      });
    });
  });
}
