/**
 * `npm run test:scale`: the store deployed as an operator deploys it, and proven end to end.
 *
 * 1. A real PostgreSQL (tests/pg/cluster.ts) with a normal role owning an empty database; Debian's
 *    HAProxy (installed with apt-get when missing).
 * 2. Three server processes (`node --import tsx src/server/main.ts`, NODE_ENV=production) started at
 *    the same instant on the empty database: all must come up, the migrations and the seed done
 *    once. HAProxy in front: round robin, checking `/readyz`.
 * 3. Through HAProxy, with requests spread over all three: the last unit, the last seat, one gift
 *    card and the last reward raced; a price changed by SQL answered by every process on the next
 *    request; SIGTERM of one process under load (0 failed requests, every payment captured or
 *    voided, then started again); kill -9 of one under load (retried intents complete elsewhere,
 *    the sweeper settles what the dead process held); a PostgreSQL restart under load (no 500, no
 *    acknowledged order or booking lost).
 * 4. Prints the figures and every failed check; exits 1 on any.
 *
 * Options (environment): SCALE_SEED_PRODUCTS (200), SCALE_WORKERS (concurrent shoppers of the
 * load runs, 8), SCALE_SETTLE_MS (load before and after each event, 3000), SCALE_SWEEP_WAIT_S (how
 * long after the kill -9 the sweeper may take to settle every hold, 150: its window is a minute),
 * SCALE_SERVER_ENV (more variables for the servers, `NAME=value NAME2=value`).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { loadavg } from 'node:os';
import { freePort } from '../helpers/ports.ts';
import { variantsWithStock } from '../helpers/cart.ts';
import { freeHolds } from '../bench/booking-requests.ts';
import { cpuTimes, stealBetween } from '../bench/machine.ts';
import { startBalancer, type Balancer } from './balancer.ts';
import { startScaleDatabase, type ScaleDatabase } from './database.ts';
import { ensureHaproxy } from './ensure-haproxy.ts';
import { hasReadyz, spawnServer, stopServer, waitReady, type ReadyProbe, type ServerProcess } from './fleet.ts';
import { httpTarget } from './http-target.ts';
import { crash, databaseRestart, rollingRestart, type Fleet, type OutageContext } from './outages.ts';
import { priceChange } from './price.ts';
import { giftCardRace, lastRewardRace, lastSeatRace, lastUnitRace } from './races.ts';
import { Report } from './report.ts';

const SEED_PRODUCTS = Number(process.env['SCALE_SEED_PRODUCTS'] ?? 200);
const WORKERS = Number(process.env['SCALE_WORKERS'] ?? 8);
const SETTLE_MS = Number(process.env['SCALE_SETTLE_MS'] ?? 3_000);
const SWEEP_WAIT_MS = Number(process.env['SCALE_SWEEP_WAIT_S'] ?? 150) * 1_000;
const NAMES = ['s1', 's2', 's3'] as const;
const START_TIMEOUT_MS = 180_000;
/** The whole run's ceiling: a hung step must not hold the machine. */
const SUITE_TIMEOUT_MS = 12 * 60_000;
const MIGRATIONS_JOURNAL = new URL('../../src/server/db/migrations/meta/_journal.json', import.meta.url);

function serverEnv(databaseUrl: string): Record<string, string> {
  const extra = Object.fromEntries(
    (process.env['SCALE_SERVER_ENV'] ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
  return {
    DATABASE_URL: databaseUrl,
    SEED_PRODUCTS: String(SEED_PRODUCTS),
    // One secret for all: a session begun on one process is honoured by the others.
    JWT_SECRET: randomBytes(48).toString('base64url'),
    // A request log line per request costs CPU this two-core machine needs for the load.
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

/** A balancer's plain health check: HTTP/1.0, no Host header. Answers the status line's code. */
function plainCheck(port: number, path: string): Promise<number> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', () => resolve(0));
    socket.on('close', () => resolve(Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1] ?? 0)));
    socket.write(`GET ${path} HTTP/1.0\r\n\r\n`);
    socket.setTimeout(5_000, () => socket.destroy());
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<number> {
  const suiteStarted = performance.now();
  const cpuBefore = cpuTimes();
  const report = new Report();
  const phase = (name: string) => console.log(`\n[${((performance.now() - suiteStarted) / 1000).toFixed(0)} s] ${name}`);
  const haproxy = ensureHaproxy();
  let db: ScaleDatabase | undefined;
  let balancer: Balancer | undefined;
  const processes = new Map<string, ServerProcess>();
  const killAll = () => {
    for (const p of processes.values()) p.child.kill('SIGKILL');
  };
  process.once('exit', killAll);
  try {
    phase('PostgreSQL with a normal role owning an empty database');
    db = await startScaleDatabase();
    const env = serverEnv(db.appUrl);
    const ports = new Map<string, number>();
    for (const name of NAMES) ports.set(name, await freePort());

    phase(`${NAMES.length} server processes started at the same instant on the empty database (${SEED_PRODUCTS} products to seed)`);
    for (const name of NAMES) processes.set(name, spawnServer(name, ports.get(name) ?? 0, env));
    const starts = await Promise.allSettled([...processes.values()].map((p) => waitReady(p, 'api', START_TIMEOUT_MS)));
    starts.forEach((start, i) => {
      const name = NAMES[i] ?? '';
      report.check('start', `${name} came up`, start.status === 'fulfilled', start.status === 'fulfilled' ? `${(start.value / 1000).toFixed(1)} s` : String(start.reason).split('\n').slice(0, 10).join(' | '));
    });
    // A process that died at start is started again, alone, so the later scenarios still have three.
    for (const [i, start] of starts.entries()) {
      const name = NAMES[i] ?? '';
      if (start.status === 'fulfilled') continue;
      report.note(`${name} is started again alone after failing the simultaneous start`);
      processes.set(name, spawnServer(name, ports.get(name) ?? 0, env));
      await waitReady(processes.get(name) as ServerProcess, 'api', START_TIMEOUT_MS);
    }
    const first = processes.get('s1') as ServerProcess;
    const readyz = await hasReadyz(first);
    report.check('start', 'GET /readyz exists (the balancer checks it)', readyz);
    const probe: ReadyProbe = readyz ? 'readyz' : 'api';
    if (readyz) {
      for (const p of processes.values()) report.check('start', `${p.name} /readyz answers 200`, await waitReady(p, 'readyz', 30_000).then(() => true, () => false));
      report.equal('start', 'a plain HTTP/1.0 check without Host gets 200 from /readyz', await plainCheck(first.port, '/readyz'), 200);
    }
    const [products] = (await db.admin.query<{ n: number }>('select count(*)::int as n from products')).rows;
    report.equal('start', 'the seed ran once', Number(products?.n), SEED_PRODUCTS);
    const journal = JSON.parse(readFileSync(MIGRATIONS_JOURNAL, 'utf8')) as { entries: unknown[] };
    const [migrations] = (await db.admin.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')).rows;
    report.equal('start', 'every migration applied once', Number(migrations?.n), journal.entries.length);

    phase('HAProxy in front, round robin');
    balancer = await startBalancer(haproxy, await freePort(), NAMES.map((name) => ({ name, port: ports.get(name) ?? 0 })), '/readyz');
    await balancer.waitUp(NAMES, 20_000);
    const live = balancer;
    const balanced = httpTarget(balancer.base, db.admin);

    const fleet: Fleet = {
      processes,
      restart: async (name) => {
        const next = spawnServer(name, ports.get(name) ?? 0, env);
        processes.set(name, next);
        const ms = await waitReady(next, probe, START_TIMEOUT_MS);
        await live.waitUp([name], 20_000);
        return ms;
      },
    };

    const context = { target: balanced, report, processes: NAMES };
    for (const [name, race] of [
      ['race: last unit', lastUnitRace],
      ['race: last seat', lastSeatRace],
      ['race: one gift card', giftCardRace],
      ['race: last reward', lastRewardRace],
    ] as const) {
      phase(name);
      await race(context).catch((error: unknown) => report.crashed(name, error));
    }

    phase('price change by SQL');
    await priceChange(balanced, [...processes.values()], db.admin, report).catch((error: unknown) => report.crashed('price change by SQL', error));

    // The load's stock: plenty, so no order of the runs meets a sold-out line.
    const variants = await variantsWithStock(balanced, 20, 100_000, 20);
    const slugs = (await db.admin.query<{ slug: string }>("select p.slug from products p join product_prices pp on pp.product_id = p.id and pp.country_code = 'SG' order by p.id limit 40")).rows.map((r) => r.slug);
    const outage: OutageContext = { balanced, admin: db.admin, report, fleet, load: { base: balancer.base, workers: WORKERS, variants, products: slugs }, settleMs: SETTLE_MS };

    phase('SIGTERM of s2 under load, then started again');
    await rollingRestart(outage, 's2').catch((error: unknown) => report.crashed('SIGTERM s2 under load', error));

    phase('kill -9 of s3 under load, then started again');
    const killedAt = performance.now();
    const crashed = await crash(outage, 's3').catch((error: unknown) => {
      report.crashed('kill -9 s3 under load', error);
      return null;
    });

    phase('PostgreSQL restart under load');
    const holds = await freeHolds(balancer.base, 60).catch((error: unknown) => {
      report.crashed('PostgreSQL restart under load', error);
      return [];
    });
    await databaseRestart(outage, () => (db as ScaleDatabase).restart(), holds).catch((error: unknown) => report.crashed('PostgreSQL restart under load', error));

    phase(`the payment sweeper: no authorization left unsettled (waiting up to ${(SWEEP_WAIT_MS / 1000).toFixed(0)} s after the kill)`);
    const unsettled = async () => (await db?.admin.query<{ key: string; status: string; age: number }>("select idempotency_key as key, status, extract(epoch from now() - created_at)::int as age from test_card_payments where status in ('authorized', 'requires_challenge')"))?.rows ?? [];
    let left = await unsettled();
    const heldAfterKill = left.length;
    while (left.length > 0 && performance.now() - killedAt < SWEEP_WAIT_MS) {
      await sleep(2_000);
      left = await unsettled();
    }
    report.check('sweeper', 'no payment left authorized anywhere after the sweeper ran', left.length === 0, `${heldAfterKill} held after the outages, ${left.length} after ${((performance.now() - killedAt) / 1000).toFixed(0)} s: ${left.slice(0, 5).map((r) => `${r.key} ${r.status} ${r.age} s old`).join(', ')}`);
    if (crashed) {
      const rows = (await db.admin.query<{ status: string; n: number }>('select status, count(*)::int as n from test_card_payments where idempotency_key = any($1::text[]) group by status', [crashed.abandoned.map((k) => `order:${k}`)])).rows;
      report.note(`the abandoned burst's payments in the end: ${rows.map((r) => `${r.status} ${r.n}`).join(', ') || 'none authorized'}`);
    }

    const stats = await balancer.servers();
    report.note(`HAProxy: ${stats.map((s) => `${s.name} ${s.status} ${s.sessions} sessions, ${s.retries} retried, ${s.redispatches} redispatched, ${s.http5xx} 5xx`).join('; ')}`);
  } catch (error) {
    report.crashed('suite', error);
  } finally {
    const failed = report.failed().length > 0;
    for (const p of processes.values()) {
      if (failed) console.log(`\n--- ${p.name} (last lines) ---\n${p.output.slice(-15).join('\n')}`);
      await stopServer(p, 'SIGTERM', 15_000).catch(() => undefined);
    }
    await balancer?.stop().catch(() => undefined);
    await db?.close().catch(() => undefined);
    process.removeListener('exit', killAll);
  }
  const steal = stealBetween(cpuBefore, cpuTimes());
  console.log(`\n=== scale suite: ${((performance.now() - suiteStarted) / 1000).toFixed(0)} s, steal ${steal === null ? 'n/a' : `${steal.toFixed(1)}%`}, load ${loadavg().map((l) => l.toFixed(2)).join(' ')} ===`);
  console.log(report.summary());
  return report.failed().length > 0 ? 1 : 0;
}

const watchdog = setTimeout(() => {
  console.error(`scale suite: still running after ${SUITE_TIMEOUT_MS / 60_000} minutes; giving up`);
  process.exit(1);
}, SUITE_TIMEOUT_MS);
watchdog.unref();

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
