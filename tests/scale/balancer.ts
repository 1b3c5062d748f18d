/**
 * HAProxy in front of the server processes, configured as docs/operations.md tells an operator:
 * round robin, a readiness check each half second (HAProxy 2.6 sends HTTP/1.0 without a Host
 * unless told otherwise), a request whose connection was refused sent to another process, and
 * every answer tagged with the process that gave it (`X-Served-By`), so the suite can count the
 * spread. Its admin socket answers the servers' states and counters.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface Backend {
  name: string;
  port: number;
}

export interface Balancer {
  port: number;
  base: string;
  /** `show stat` of the backend's servers: state (`UP`, `DOWN`, `MAINT`…) and counters. */
  servers(): Promise<ServerStat[]>;
  /** Waits until every one of `names` is UP in HAProxy's checks. */
  waitUp(names: readonly string[], timeoutMs: number): Promise<void>;
  output(): string;
  stop(): Promise<void>;
}

export interface ServerStat {
  name: string;
  status: string;
  /** Sessions (requests' connections) it took. */
  sessions: number;
  /** Requests HAProxy retried (`wretr`) and sent to another server (`wredis`). */
  retries: number;
  redispatches: number;
  /** Answers by class. */
  http5xx: number;
}

/** The body of the processes' own 503 (src/server/http/errors.ts `outageBody`, without a reference id). */
const BALANCER_503_BODY = JSON.stringify({ message: 'The store is briefly unavailable, please try again in a few seconds', status: 503, code: 'service_unavailable' });

/**
 * The configuration: one frontend, one backend. `retry-on conn-failure empty-response` with
 * `option redispatch 1`: a request that never reached a process (its listener closed on SIGTERM)
 * or got no answer at all from a connection the process closed is sent to another; the latter is
 * only safe for a write carrying an Idempotency-Key, so other writes are never retried at layer 7.
 */
export function haproxyConfig(port: number, backends: readonly Backend[], socket: string, healthPath: string): string {
  return [
    'global',
    '  maxconn 2048',
    `  stats socket ${socket} mode 600 level admin`,
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-keep-alive 10s',
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response',
    // No process ready (all draining, or the database out for every one): the balancer's own 503
    // says when to ask again, as the processes' 503 does, so clients wait and retry instead of failing.
    `  http-error status 503 content-type application/json string '${BALANCER_503_BODY}' hdr Retry-After 3 hdr Cache-Control no-store`,
    'frontend store',
    `  bind 127.0.0.1:${port}`,
    '  default_backend processes',
    'backend processes',
    '  balance roundrobin',
    '  option httpchk',
    `  http-check send meth GET uri ${healthPath} ver HTTP/1.1 hdr Host localhost`,
    '  http-check expect status 200',
    '  http-request disable-l7-retry if !METH_GET !METH_HEAD !{ req.hdr(idempotency-key) -m found }',
    '  http-response set-header X-Served-By %[srv_name]',
    '  default-server inter 500ms fastinter 250ms downinter 500ms fall 2 rise 2',
    ...backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port} check`),
    '',
  ].join('\n');
}

export async function startBalancer(binary: string, port: number, backends: readonly Backend[], healthPath: string): Promise<Balancer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bp-haproxy-'));
  const socket = path.join(dir, 'admin.sock');
  const configFile = path.join(dir, 'haproxy.cfg');
  writeFileSync(configFile, haproxyConfig(port, backends, socket, healthPath));
  const check = spawn(binary, ['-c', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  let checkOutput = '';
  check.stdout.on('data', (chunk: Buffer) => (checkOutput += chunk.toString()));
  check.stderr.on('data', (chunk: Buffer) => (checkOutput += chunk.toString()));
  const checked = await new Promise<number | null>((resolve) => check.once('exit', resolve));
  if (checked !== 0) throw new Error(`haproxy refused its configuration:\n${checkOutput}`);

  // -db: in the foreground, so it ends with us.
  const child: ChildProcess = spawn(binary, ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const command = (line: string) =>
    new Promise<string>((resolve, reject) => {
      const conn = connect(socket);
      let answer = '';
      conn.on('data', (chunk) => (answer += chunk.toString()));
      conn.once('error', reject);
      conn.once('end', () => resolve(answer));
      conn.write(`${line}\n`);
    });

  const servers = async (): Promise<ServerStat[]> => {
    const csv = await command('show stat');
    const [header, ...rows] = csv.replace(/^# /, '').trim().split('\n');
    const columns = (header ?? '').split(',');
    const at = (row: string[], name: string) => row[columns.indexOf(name)] ?? '';
    return rows
      .map((line) => line.split(','))
      .filter((row) => at(row, 'pxname') === 'processes' && !['BACKEND', 'FRONTEND'].includes(at(row, 'svname')))
      .map((row) => ({
        name: at(row, 'svname'),
        status: at(row, 'status'),
        sessions: Number(at(row, 'stot')),
        retries: Number(at(row, 'wretr')),
        redispatches: Number(at(row, 'wredis')),
        http5xx: Number(at(row, 'hrsp_5xx')),
      }));
  };

  const started = performance.now();
  for (;;) {
    const ready = await servers().then(
      () => true,
      () => false,
    );
    if (ready) break;
    if (child.exitCode !== null || performance.now() - started > 10_000) throw new Error(`haproxy did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    port,
    base: `http://127.0.0.1:${port}`,
    servers,
    output: () => output,
    waitUp: async (names, timeoutMs) => {
      const since = performance.now();
      for (;;) {
        const stats = await servers();
        if (names.every((name) => stats.find((s) => s.name === name)?.status === 'UP')) return;
        if (performance.now() - since > timeoutMs) throw new Error(`HAProxy does not see ${names.join(', ')} UP: ${stats.map((s) => `${s.name} ${s.status}`).join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    stop: async () => {
      process.removeListener('exit', killOnExit);
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
