import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiClient, type ApiClientOptions } from '../../src/web/shared/api/client.ts';

/** One request as the server saw it. */
export interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** performance.now() when the request arrived, to measure the client's waits. */
  at: number;
}

/** What the server does with a request: answer, drop the connection, or never answer. */
export type Reply =
  | { status?: number; headers?: Record<string, string>; body?: string | object }
  | { drop: true }
  | { hang: true };

export interface ScriptedServer {
  origin: string;
  /** `origin` + API_PREFIX, for the client's baseURL. */
  baseURL: string;
  seen: Seen[];
  close(): Promise<void>;
}

/** A real HTTP server on a free port whose behaviour per request is scripted by the test. */
export async function startScriptedServer(script: (request: Seen, index: number) => Reply): Promise<ScriptedServer> {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: Seen = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: performance.now(),
      };
      seen.push(request);
      const reply = script(request, seen.length - 1);
      if ('drop' in reply) return void req.socket.destroy();
      if ('hang' in reply) return;
      const body = reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
      const type = typeof reply.body === 'object' ? { 'content-type': 'application/json' } : {};
      res.writeHead(reply.status ?? 200, { ...type, ...reply.headers });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    baseURL: `${origin}/api/web/v1`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A client for the scripted server with a 1 ms retry delay, so retry tests run fast. */
export function clientFor(server: ScriptedServer, options: Partial<ApiClientOptions> = {}) {
  return createApiClient({ baseURL: server.baseURL, site: () => ({ country: 'SG', language: 'en' }), retryDelay: () => 1, ...options });
}

/** Resolves with the rejection of `promise`, failing the test if it fulfils. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

/** `items[index]`, failing loudly instead of yielding undefined. */
export function nth<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`expected an item at index ${index} of ${items.length}`);
  return item;
}
