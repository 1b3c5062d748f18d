/**
 * The catalogue bench on PostgreSQL (`npm run bench:pg`, or `BENCH_DB=postgres npm run bench`):
 * the PGlite bench's rows (tests/bench/catalogue-rows.ts) against a real PostgreSQL owned by a
 * normal role (tests/scale/database.ts), first with ONE server process, then with TWO, in one run,
 * both behind the same HAProxy configuration as the scale suite's (tests/scale/balancer.ts), so
 * the ratio measures the second process and not the balancer. Prints both tables, where each
 * row's CPU went (the server processes, PostgreSQL, HAProxy, this process as the load generator,
 * and what other processes took), the machine's load and steal, and the ratio per row.
 *
 * 1. Builds the bundle `npm start` runs (`BENCH_BUILD=0` reuses dist/ as it is), starts a
 *    throwaway cluster and HAProxy (installed with apt-get when missing).
 * 2. A first start migrates and seeds `BENCH_PRODUCTS` products (timed and printed), and stops.
 * 3. Server 1 starts on the seeded database; every row is measured through HAProxy.
 * 4. Server 2 starts beside it; HAProxy is started again with both; every row measured again
 *    (its requests read afresh: the orders and bookings spend bags and free times of their own).
 *
 * No budgets are judged (they are the PGlite bench's); exits 1 when a row does not answer 2xx.
 * Options (environment): BENCH_PRODUCTS (100,000, as the PGlite bench), BENCH_DURATION,
 * BENCH_ONLY, BENCH_ORDERS, BENCH_BOOKINGS (as the PGlite bench), BENCH_BUILD, BENCH_SERVER_NODE_ARGS,
 * LOG_LEVEL for the servers (warn: a log line per request is CPU the two cores need for the load).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { startBalancer, type Balancer } from '../scale/balancer.ts';
import { startScaleDatabase, type ScaleDatabase } from '../scale/database.ts';
import { ensureHaproxy } from '../scale/ensure-haproxy.ts';
import { postgresBinDir } from '../pg/cluster.ts';
import { allProcesses, childrenNamed, cpuTimes, freePort, peakRssBytes, stealBetween, treeCpuMs } from './machine.ts';
import { benchSets, DURATION_S, measureRows, ONLY, type BenchTarget, type RowOutcome } from './catalogue-rows.ts';
import { PG_HEADER, PG_LEGEND, pgRow, RATIO_HEADER, ratioRow, ratios } from './catalogue-report.ts';
import { startServer, stopServer, type Server } from './web-server.ts';

/**
 * Products seeded when `BENCH_PRODUCTS` is unset: the PGlite bench's 100,000. Seeding them on this
 * two-core machine's PostgreSQL took 103 s at load 6 (288 s at load 9–15, while other test suites
 * ran); 50,000 took 54 s. Past SLOW_SEED_MS the run says how to seed fewer.
 */
export const DEFAULT_PG_PRODUCTS = 100_000;
/** A seed slower than this (three minutes) is more than a bench run should spend on it. */
const SLOW_SEED_MS = 180_000;
const SEED_TIMEOUT_MS = 20 * 60_000;
const START_TIMEOUT_MS = 120_000;
const READY_PATH = '/readyz';
/** Distinct lines of each server's log printed at the end. */
const LOG_LINES_SHOWN = 8;

function postmasterPid(db: ScaleDatabase): number | null {
  try {
    const pid = Number(readFileSync(path.join(db.cluster.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** The balancer in front of `servers`, with the CPU of every process a request crosses. */
function target(balancer: Balancer, servers: readonly Server[], postmaster: number | null): BenchTarget {
  return {
    base: balancer.base,
    cpuMs: () => {
      const processes = allProcesses();
      const nodes = servers.map((server) => (server.child.pid === undefined ? undefined : processes.get(server.child.pid)?.cpuMs));
      const haproxy = childrenNamed(process.pid, 'haproxy', processes);
      const usage = process.cpuUsage();
      return {
        node: nodes.some((ms) => ms === undefined) ? null : nodes.reduce<number>((sum, ms) => sum + (ms ?? 0), 0),
        pg: postmaster === null ? null : treeCpuMs(postmaster, processes),
        lb: haproxy.length === 0 ? null : haproxy.reduce((sum, pid) => sum + (processes.get(pid)?.cpuMs ?? 0), 0),
        gen: (usage.user + usage.system) / 1000,
      };
    },
    peakRss: () => {
      const peaks = servers.map((server) => peakRssBytes(server.child.pid));
      return peaks.some((peak) => peak === null) ? null : Math.max(...peaks.map((peak) => peak ?? 0));
    },
  };
}

async function balance(binary: string, servers: readonly { name: string; port: number }[]): Promise<Balancer> {
  const balancer = await startBalancer(binary, await freePort(), servers, READY_PATH);
  await balancer.waitUp(
    servers.map((s) => s.name),
    30_000,
  );
  return balancer;
}

const portOf = (server: Server) => Number(new URL(server.base).port);

/** A server's log lines counted by kind: a JSON line by its message, cause and route (not its time or ids), another by its text. */
function logSummary(output: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of output) {
    let kind = line.slice(0, 300);
    try {
      const entry = JSON.parse(line) as { msg?: unknown; cause?: unknown; route?: unknown };
      if (typeof entry.msg === 'string') kind = [entry.msg, entry.cause, entry.route].filter((part) => typeof part === 'string').join(' | ');
    } catch {
      // Not JSON: the text itself.
    }
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return counts;
}

function printTable(title: string, rows: readonly RowOutcome[], cores: number, failures: string[]): void {
  console.log('');
  console.log(title);
  console.log(PG_HEADER);
  for (const row of rows) console.log(pgRow(row, cores, title, failures));
}

export async function runPostgresBench(root: string): Promise<void> {
  const products = Number(process.env['BENCH_PRODUCTS'] ?? DEFAULT_PG_PRODUCTS);
  const cores = availableParallelism();
  const nodeArgs = process.env['BENCH_SERVER_NODE_ARGS']?.split(' ').filter(Boolean) ?? [];
  if (!postgresBinDir()) throw new Error('No PostgreSQL server binaries (initdb): `npm run bench:pg` installs them (tests/tools/ensure-postgres.ts)');
  const haproxy = ensureHaproxy();
  if (process.env['BENCH_BUILD'] === '0') console.log('BENCH_BUILD=0: dist/ as it is');
  else execFileSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });

  const failures: string[] = [];
  const servers: Server[] = [];
  let balancer: Balancer | null = null;
  const db = await startScaleDatabase();
  try {
    const env = { DATABASE_URL: db.appUrl, SEED_PRODUCTS: String(products), LOG_LEVEL: process.env['LOG_LEVEL'] ?? 'warn' };
    const [port1, port2] = [await freePort(), await freePort()];
    console.log(`PostgreSQL ${db.cluster.major} (normal role owning its database); ${products.toLocaleString('en')} products; ${cores} cores`);
    if (products !== DEFAULT_PG_PRODUCTS) console.log(`  BENCH_PRODUCTS=${products}: not the PGlite bench's ${DEFAULT_PG_PRODUCTS.toLocaleString('en')} products, so its rows compare with a smaller catalogue`);

    console.log('First start: migrations and seed on the empty database…');
    const seedLoad = loadavg()[0] ?? 0;
    const seedBefore = cpuTimes();
    const seeding = await startServer(root, port1, env, SEED_TIMEOUT_MS, nodeArgs);
    const seedSteal = stealBetween(seedBefore, cpuTimes());
    console.log(`  seeded ${products.toLocaleString('en')} products in ${(seeding.startMs / 1000).toFixed(1)} s (spawn → first answer; load ${seedLoad.toFixed(1)} at the start, steal ${seedSteal === null ? '?' : seedSteal.toFixed(0)}%)`);
    if (seeding.startMs > SLOW_SEED_MS) console.log(`  a slow seed (over ${SLOW_SEED_MS / 60_000} minutes; busy machine?): BENCH_PRODUCTS=50000 seeds half as many in about half the time`);
    await stopServer(seeding);

    const postmaster = postmasterPid(db);
    const one = await startServer(root, port1, env, START_TIMEOUT_MS, nodeArgs);
    servers.push(one);
    console.log(`Server 1 started on the seeded database: answered ${Math.round(one.startMs)} ms after spawn`);
    balancer = await balance(haproxy, [{ name: 's1', port: port1 }]);
    const rowsOne = await measureRows(target(balancer, servers, postmaster), await benchSets(balancer.base));

    const two = await startServer(root, port2, env, START_TIMEOUT_MS, nodeArgs);
    servers.push(two);
    console.log(`Server 2 started beside it: answered ${Math.round(two.startMs)} ms after spawn`);
    await balancer.stop();
    balancer = null;
    balancer = await balance(haproxy, [
      { name: 's1', port: portOf(one) },
      { name: 's2', port: portOf(two) },
    ]);
    const rowsTwo = await measureRows(target(balancer, servers, postmaster), await benchSets(balancer.base));

    console.log('');
    console.log(`PostgreSQL ${db.cluster.major}, ${products.toLocaleString('en')} products, ${DURATION_S} s per run; server processes: node dist/server/main.mjs (a pool of 10 connections each), LOG_LEVEL=${env.LOG_LEVEL}; HAProxy round robin in front of both runs.`);
    console.log(`The server processes, PostgreSQL, HAProxy and the load generator all share these ${cores} cores, with whatever else the machine runs (other%).`);
    for (const line of PG_LEGEND) console.log(line);
    printTable('ONE server process behind HAProxy', rowsOne, cores, failures);
    printTable('TWO server processes behind HAProxy', rowsTwo, cores, failures);
    console.log('');
    console.log('Two processes against one (req/s: higher is better; p99 ms: lower is better)');
    console.log(RATIO_HEADER);
    for (const ratio of ratios(rowsOne, rowsTwo)) console.log(ratioRow(ratio));
    const peaks = servers.map((server) => peakRssBytes(server.child.pid));
    console.log('');
    console.log(`server peak RSS (VmHWM): ${peaks.map((peak, i) => `s${i + 1} ${peak === null ? '?' : `${(peak / 1024 ** 2).toFixed(0)} MB`}`).join(', ')}`);
    if (ONLY) console.log(`partial run (BENCH_ONLY=${ONLY.join(',')})`);
    // What the servers logged (warnings and errors only, by default): a row's 503s name their cause here.
    for (const [i, server] of servers.entries()) {
      const lines = [...logSummary(server.output)].slice(-LOG_LINES_SHOWN).map(([line, count]) => `${count}× ${line}`);
      if (lines.length > 0) console.log(`\nserver s${i + 1} logged (the last ${lines.length} kinds of line, with their counts):\n  ${lines.join('\n  ')}`);
    }
  } finally {
    if (balancer) await balancer.stop();
    for (const server of servers) await stopServer(server);
    await db.close();
  }
  if (failures.length > 0) {
    console.log(`\n${failures.length} row(s) did not answer 2xx throughout:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  } else console.log('\nEvery row answered 2xx throughout.');
}
