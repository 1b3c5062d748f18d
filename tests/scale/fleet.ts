/**
 * The store's server processes as an operator runs them: `node <serve's flags> --import tsx
 * src/server/main.ts` (what `npm start` runs, from the sources, so the suite needs no build) with NODE_ENV=production,
 * each on its own port against the one PostgreSQL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { API_PREFIX, CLIENT_HEADERS } from '../../src/config/constants.ts';
import { serveNodeFlags } from '../bench/web-server.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OUTPUT_LINES_KEPT = 400;

export interface ServerProcess {
  /** `s1`, `s2`…: also its name in HAProxy, which tags every answer with it (`X-Served-By`). */
  name: string;
  port: number;
  base: string;
  child: ChildProcess;
  /** Its stdout and stderr lines, the last few hundred. */
  output: string[];
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  spawnedAt: number;
}

export function spawnServer(name: string, port: number, env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, [...serveNodeFlags(ROOT), '--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      output.push(line);
      if (output.length > OUTPUT_LINES_KEPT) output.shift();
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  return { name, port, base: `http://127.0.0.1:${port}`, child, output, exited, spawnedAt: performance.now() };
}

export type ReadyProbe = 'readyz' | 'api';

/**
 * Waits until the process answers `/readyz` with 200 (`probe: 'readyz'`), or, for a server
 * without a readiness endpoint, its category tree (`'api'`). Rejects when it exits first or
 * `timeoutMs` passes. Answers spawn → ready in ms.
 */
export async function waitReady(server: ServerProcess, probe: ReadyProbe, timeoutMs: number): Promise<number> {
  const url = probe === 'readyz' ? `${server.base}/readyz` : `${server.base}${API_PREFIX}/categories`;
  const headers = probe === 'readyz' ? {} : { ...CLIENT_HEADERS, Accept: 'application/json', 'X-Site-Country': 'sg' };
  let exitCode: number | string | null = null;
  void server.exited.then((code) => (exitCode = code));
  for (;;) {
    if (exitCode !== null) throw new Error(`${server.name} exited (${exitCode}) before it was ready:\n${server.output.slice(-25).join('\n')}`);
    const ok = await fetch(url, { headers, signal: AbortSignal.timeout(2_000) }).then(
      async (response) => {
        await response.arrayBuffer();
        return response.status === 200;
      },
      () => false,
    );
    if (ok) return performance.now() - server.spawnedAt;
    if (performance.now() - server.spawnedAt > timeoutMs) throw new Error(`${server.name} was not ready within ${Math.round(timeoutMs / 1000)} s:\n${server.output.slice(-25).join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Whether the server has a readiness endpoint at all (a 404 means it was not built yet). */
export async function hasReadyz(server: ServerProcess): Promise<boolean> {
  const response = await fetch(`${server.base}/readyz`).catch(() => null);
  await response?.arrayBuffer();
  return response !== null && response.status !== 404;
}

/** Sends `signal` and waits for the exit (SIGKILL after `graceMs`); answers the exit code and how long it took. */
export async function stopServer(server: ServerProcess, signal: NodeJS.Signals, graceMs = 20_000): Promise<{ code: number | string; ms: number }> {
  const started = performance.now();
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  const timer = setTimeout(() => server.child.kill('SIGKILL'), graceMs);
  const code = await server.exited;
  clearTimeout(timer);
  return { code, ms: performance.now() - started };
}
