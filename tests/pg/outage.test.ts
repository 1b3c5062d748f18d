/**
 * PostgreSQL stopped under load and started again: while it is away every request that needs it
 * answers 503 with `Retry-After` (the SPA's client waits that out), never 500; once it is back the
 * same server process answers again, with no restart.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../src/config/constants.ts';
import { OUTAGE_RETRY_AFTER_SECONDS } from '../../src/server/http/errors.ts';
import { startServer, type RunningServer } from '../../src/server/server.ts';
import { runEveryStep } from '../helpers/cleanup.ts';
import { postgresBinDir, startCluster, type PgCluster } from './cluster.ts';

const DATABASE = 'beauty_pass';
/** Reads that go to the database on every request (the sandbox's users), and two catalogue reads. */
const PATHS = ['/sandbox/users', '/brands', '/products?per_page=4'];
const CONCURRENCY = 4;

let cluster: PgCluster | undefined;
let server: RunningServer | undefined;
const logs: string[] = [];

/** `pg_ctl` on the cluster's data directory, as `postgres` when we are root (PostgreSQL refuses root). */
function pgCtl(args: string[]): Promise<void> {
  const binDir = postgresBinDir();
  if (!binDir || !cluster) throw new Error('no cluster');
  const bin = path.join(binDir, 'pg_ctl');
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const [file, argv] = root ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  return new Promise((resolve, reject) => {
    execFile(file, argv, { cwd: cluster?.dir, env: { ...process.env, LC_ALL: 'C.UTF-8', LANG: 'C.UTF-8' }, timeout: 60_000 }, (error, stdout, stderr) => (error ? reject(new Error(`pg_ctl ${args.join(' ')}: ${error.message}\n${stdout}${stderr}`)) : resolve()));
  });
}

beforeAll(async () => {
  cluster = await startCluster();
  await cluster.createDatabase(DATABASE);
  server = await startServer({ port: 0, hostname: '127.0.0.1', databaseUrl: cluster.url(DATABASE), seedProducts: 20, staticDir: null, sandbox: true, log: (line) => void logs.push(line) });
}, 180_000);

afterAll(async () => {
  await runEveryStep([() => server?.close(), () => cluster?.stop()]);
}, 60_000);

interface Answer {
  /** When the request was sent. */
  phase: 'up' | 'down' | 'back';
  /** When its answer came: a request sent just before the stop may be cut by it (57P01). */
  answeredIn: 'up' | 'down' | 'back';
  path: string;
  status: number;
  retryAfter: string | null;
}

describe('a PostgreSQL outage under load', () => {
  it('answers 503 with Retry-After while PostgreSQL is stopped, never 500, and serves again once it is started, without restarting the server', async () => {
    if (!server || !cluster) throw new Error('not started');
    const base = `${server.url}${API_PREFIX}`;
    const dataDir = path.join(cluster.dir, 'data');
    // The options it was started with (port, socket directory, listen address), for starting it again.
    const [, ...options] = readFileSync(path.join(dataDir, 'postmaster.opts'), 'utf8').trim().split(/ (?=")/);
    const startOptions = options.filter((option, i) => option !== '"-D"' && options[i - 1] !== '"-D"').join(' ');

    let phase: Answer['phase'] = 'up';
    let flowing = true;
    const answers: Answer[] = [];
    const flow = async (worker: number) => {
      for (let i = worker; flowing; i++) {
        const requestPath = PATHS[i % PATHS.length] ?? '/brands';
        const sentIn = phase;
        const response = await fetch(`${base}${requestPath}`, { headers: { 'X-Platform': 'web' } });
        await response.arrayBuffer();
        answers.push({ phase: sentIn, answeredIn: phase, path: requestPath, status: response.status, retryAfter: response.headers.get('retry-after') });
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    const workers = Array.from({ length: CONCURRENCY }, (_, i) => flow(i));
    await new Promise((resolve) => setTimeout(resolve, 500));

    phase = 'down';
    await pgCtl(['-D', dataDir, '-m', 'fast', '-w', 'stop']);
    const stoppedAt = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await pgCtl(['-D', dataDir, '-l', path.join(cluster.dir, 'server.log'), '-w', '-t', '60', '-o', startOptions, 'start']);
    const downMs = performance.now() - stoppedAt;
    phase = 'back';
    // The pool opens new connections on its own: the same process answers again.
    const backAt = performance.now();
    await expect.poll(() => answers.filter((a) => a.phase === 'back' && a.path === '/sandbox/users' && a.status === 200).length, { timeout: 15_000, interval: 100 }).toBeGreaterThan(0);
    const recoveredMs = performance.now() - backAt;
    await new Promise((resolve) => setTimeout(resolve, 300));
    flowing = false;
    await Promise.all(workers);

    const count = (p: Answer['phase'], status: number) => answers.filter((a) => a.phase === p && a.status === status).length;
    console.log(`PostgreSQL down ${Math.round(downMs)} ms: ${answers.length} answers; down: ${count('down', 503)} × 503, ${count('down', 200)} × 200 (from memory); recovered ${Math.round(recoveredMs)} ms after the start`);
    expect(answers.filter((a) => a.answeredIn === 'up' && a.status !== 200)).toEqual([]);
    expect(answers.filter((a) => a.status >= 500 && a.status !== 503), 'no 500 (or other 5xx) while PostgreSQL is away').toEqual([]);
    const unavailable = answers.filter((a) => a.status === 503);
    expect(unavailable.length).toBeGreaterThan(0);
    expect(unavailable.every((a) => a.retryAfter === String(OUTAGE_RETRY_AFTER_SECONDS))).toBe(true);
    // Once PostgreSQL answered again, every later request of every path succeeds.
    const firstBack = answers.findIndex((a) => a.phase === 'back' && a.status === 200 && a.path === '/sandbox/users');
    const afterwards = answers.slice(firstBack + CONCURRENCY);
    expect(afterwards.length).toBeGreaterThan(0);
    expect(afterwards.filter((a) => a.status !== 200)).toEqual([]);
    for (const requestPath of PATHS) expect((await fetch(`${base}${requestPath}`, { headers: { 'X-Platform': 'web' } })).status).toBe(200);
    // The log names the cause, not only drizzle's "Failed query".
    const causes = logs.filter((line) => line.includes('database unavailable: answered 503')).map((line) => String((JSON.parse(line) as { cause?: unknown }).cause));
    expect(causes.length).toBe(unavailable.length);
    expect(causes.every((cause) => /^(57P0[123]|08\d{3}|ECONNREFUSED|ECONNRESET) |Connection terminated/.test(cause)), causes.join('\n')).toBe(true);
  });
});
