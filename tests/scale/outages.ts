/**
 * What an operator's fleet goes through, each under load through the balancer: a rolling restart
 * (SIGTERM, then the process started again), a crash (kill -9, then started again) and a
 * PostgreSQL restart. The checks are the client's view (failed requests, 500s) and the database's
 * (every acknowledged order and booking there, one order per intent, no payment left held).
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { API_PREFIX, CLIENT_HEADERS } from '../../src/config/constants.ts';
import type { HoldBody } from '../bench/booking-requests.ts';
import { guestBag } from '../helpers/cart.ts';
import { bagVersion, orderBody, postOrder } from '../helpers/checkout.ts';
import { stopServer, type ServerProcess } from './fleet.ts';
import type { CountingTarget } from './http-target.ts';
import { figureOf, NO_RETRY, RETRY_AFTER_503, RETRY_LOST, runLoad, type LoadOptions, type LoadResult } from './load.ts';
import { tally, type Report } from './report.ts';

export interface Fleet {
  /** The processes now running, by name; a restart replaces the entry. */
  processes: Map<string, ServerProcess>;
  /** Starts `name` again on its port and waits until it is ready and HAProxy sees it UP; answers spawn → ready in ms. */
  restart(name: string): Promise<number>;
}

export interface OutageContext {
  balanced: CountingTarget;
  admin: pg.Pool;
  report: Report;
  fleet: Fleet;
  load: Omit<LoadOptions, 'retry' | 'until' | 'holds'>;
  /** Lets the load run this long before and after the event, in ms. */
  settleMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every acknowledged order is in the database, and no intent made two. */
async function ordersKept(context: OutageContext, scenario: string, run: LoadResult): Promise<void> {
  const numbers = run.orders.map((o) => o.number);
  const [found] = (await context.admin.query<{ n: number }>('select count(*)::int as n from orders where number = any($1::text[])', [numbers])).rows;
  context.report.equal(scenario, `every acknowledged order (${numbers.length}) is in the database`, Number(found?.n), numbers.length);
  const doubled = (await context.admin.query<{ intent_key: string }>('select intent_key from orders where intent_key = any($1::text[]) group by intent_key having count(*) > 1', [run.intents])).rows;
  context.report.equal(scenario, 'one order per intent', doubled.length, 0);
}

/** The payments of the run's intents by status (`captured×40, voided×1`). */
async function paymentStatuses(admin: pg.Pool, intents: readonly string[]): Promise<Record<string, number>> {
  const rows = (await admin.query<{ status: string; n: number }>('select status, count(*)::int as n from test_card_payments where idempotency_key = any($1::text[]) group by status', [intents.map((key) => `order:${key}`)])).rows;
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/** `POST checkout/orders` of a bag with its intent's key until an answer other than a lost one (up to 20 s, as RETRY_LOST). */
async function retryIntent(target: CountingTarget, bag: { cookie: string; version: number; key: string }): Promise<{ status: number; servedBy: string }> {
  const started = performance.now();
  for (;;) {
    const response = await postOrder(target, bag.cookie, orderBody(bag.version), bag.key).catch(() => null);
    const status = response?.status ?? 0;
    await response?.arrayBuffer();
    if (RETRY_LOST({ status, retryAfter: null, step: 'retry' }, performance.now() - started) === null) return { status, servedBy: response?.headers.get('x-served-by') ?? '?' };
    await sleep(250);
  }
}

function failuresOf(run: LoadResult): string {
  return run.failures.length === 0 ? '0' : `${run.failures.length}: ${tally(run.failures.map((f) => `${f.step} ${f.status || f.error}`))}; first: ${run.failures[0]?.detail ?? ''}`;
}

export async function rollingRestart(context: OutageContext, name: string): Promise<void> {
  const { report, fleet } = context;
  const scenario = `SIGTERM ${name} under load`;
  const target = fleet.processes.get(name);
  if (!target) throw new Error(`no process ${name}`);
  let signalled = { code: 'not sent' as number | string, ms: 0 };
  let restartedIn: number | null = null;
  const event = (async () => {
    await sleep(context.settleMs);
    signalled = await stopServer(target, 'SIGTERM', 30_000);
    restartedIn = await fleet.restart(name).catch((error: unknown) => {
      report.check(scenario, `${name} starts again on the migrated database (a restart with the normal role)`, false, (error as Error).message.split('\n').slice(0, 8).join(' | '));
      return null;
    });
    await sleep(context.settleMs);
  })();
  const run = await runLoad({ ...context.load, retry: NO_RETRY, until: event });
  await event;
  report.figure(figureOf(scenario, run));
  report.check(scenario, '0 failed requests at the client (no retries)', run.failures.length === 0, failuresOf(run));
  report.equal(scenario, `${name} exited 0 on SIGTERM`, signalled.code, 0);
  report.check(scenario, `${name} drained and exited within its 10 s deadline`, signalled.ms <= 11_000, `${signalled.ms.toFixed(0)} ms`);
  if (restartedIn !== null) report.check(scenario, `${name} starts again on the migrated database (a restart with the normal role)`, true, `ready in ${(restartedIn as number).toFixed(0)} ms`);
  await ordersKept(context, scenario, run);
  const payments = await paymentStatuses(context.admin, run.intents);
  report.check(scenario, 'every payment captured or voided, none left authorized', (payments['authorized'] ?? 0) === 0 && (payments['requires_challenge'] ?? 0) === 0, JSON.stringify(payments));
  report.equal(scenario, 'one captured payment per acknowledged order', payments['captured'] ?? 0, run.orders.length);
}

export interface CrashOutcome {
  /** Checkout intents sent straight to the killed process and never retried (a shopper who closed the tab). */
  abandoned: string[];
}

/**
 * kill -9 of `name` while checkouts are in flight on it. The load's intents are retried by the
 * client with their keys and must complete elsewhere. A burst of ten checkouts is sent straight to
 * the process, which is killed the instant the first of them holds a payment: half the burst is
 * then sent again with the same keys through the balancer (each must end in one order with its
 * payment captured), half is abandoned (a shopper who closed the tab): whatever those held, the
 * sweeper must settle (checked at the end of the suite, after the sweeper's window).
 */
export async function crash(context: OutageContext, name: string): Promise<CrashOutcome> {
  const { report, fleet, balanced, admin } = context;
  const scenario = `kill -9 ${name} under load`;
  const victim = fleet.processes.get(name);
  if (!victim) throw new Error(`no process ${name}`);
  // The abandoned burst's bags, made beforehand through the balancer (any process: the bag is in the database).
  const variant = context.load.variants[0] ?? 0;
  const bags = await Promise.all(
    Array.from({ length: 10 }, async () => {
      const cookie = await guestBag(balanced, variant);
      return { cookie, version: await bagVersion(balanced, cookie), key: randomUUID() };
    }),
  );
  let authorizedAtKill: string[] = [];
  let retried: typeof bags = [];
  let abandoned: typeof bags = [];
  let answers: { status: number; servedBy: string }[] = [];
  let restartedIn: number | null = null;
  const direct = { request: (path: string, init: RequestInit) => fetch(`${victim.base}${path}`, init), query: async <T>(text: string) => (await admin.query(text)).rows as T[] };
  const event = (async () => {
    await sleep(context.settleMs);
    const burst = bags.map((bag) => postOrder(direct, bag.cookie, orderBody(bag.version), bag.key).catch(() => null));
    // Killed the instant two payments of the burst are held: their orders' transactions are then in flight.
    const keys = bags.map((b) => `order:${b.key}`);
    for (let waited = 0; waited < 5_000 && authorizedAtKill.length < 2; waited += 10) {
      authorizedAtKill = (await admin.query<{ key: string }>("select idempotency_key as key from test_card_payments where idempotency_key = any($1::text[]) and status = 'authorized'", [keys])).rows.map((r) => r.key);
      if (authorizedAtKill.length < 2) await sleep(10);
    }
    await stopServer(victim, 'SIGKILL');
    await Promise.all(burst);
    // Half of what was held and half of the rest is sent again; the other half is abandoned (for the sweeper).
    const held = bags.filter((b) => authorizedAtKill.includes(`order:${b.key}`));
    const rest = bags.filter((b) => !held.includes(b));
    retried = [...held.slice(0, Math.ceil(held.length / 2)), ...rest.slice(0, Math.floor(rest.length / 2))];
    abandoned = bags.filter((b) => !retried.includes(b));
    // Sent again at once, as the shopper's client does, with each intent's own key: the dead process is not there to answer.
    answers = await Promise.all(retried.map((bag) => retryIntent(balanced, bag)));
    restartedIn = await fleet.restart(name).catch((error: unknown) => {
      report.check(scenario, `${name} starts again after kill -9`, false, (error as Error).message.split('\n').slice(0, 8).join(' | '));
      return null;
    });
    await sleep(context.settleMs);
  })();
  const run = await runLoad({ ...context.load, retry: RETRY_LOST, until: event });
  await event;
  report.figure(figureOf(scenario, run));
  report.check(scenario, 'every intent of the load completed (retried with its key where its process died)', run.failures.length === 0, failuresOf(run));
  if (restartedIn !== null) report.check(scenario, `${name} starts again after kill -9`, true, `ready in ${(restartedIn as number).toFixed(0)} ms`);
  await ordersKept(context, scenario, run);
  const payments = await paymentStatuses(admin, run.intents);
  report.equal(scenario, 'one captured payment per acknowledged order', payments['captured'] ?? 0, run.orders.length);

  report.check(scenario, `the ${retried.length} intents sent to ${name} when it died complete on another process when retried with their keys`, answers.every((a) => a.status === 201 || a.status === 200), tally(answers.map((a) => `${a.status} on ${a.servedBy}`)));
  const keys = retried.map((b) => b.key);
  const [orders] = (await admin.query<{ n: number; intents: number }>('select count(*)::int as n, count(distinct intent_key)::int as intents from orders where intent_key = any($1::text[])', [keys])).rows;
  report.equal(scenario, 'one order per retried intent', { orders: Number(orders?.n), intents: Number(orders?.intents) }, { orders: keys.length, intents: keys.length });
  report.equal(scenario, "the retried intents' payments are captured", await paymentStatuses(admin, keys), { captured: keys.length });
  const heldRetried = retried.filter((b) => authorizedAtKill.includes(`order:${b.key}`)).length;
  report.check(scenario, 'a payment held by the dead process was among the retried intents', heldRetried > 0, `${authorizedAtKill.length} held at the kill, ${heldRetried} of them retried`);
  report.note(`${scenario}: ${run.retried} load steps completed only after a client retry; ${authorizedAtKill.length} payments of the burst were held when ${name} was killed, ${authorizedAtKill.length - heldRetried} of them abandoned to the sweeper`);
  return { abandoned: abandoned.map((b) => b.key) };
}

export async function databaseRestart(context: OutageContext, restart: () => Promise<number>, holds: HoldBody[]): Promise<void> {
  const { report, admin } = context;
  const scenario = 'PostgreSQL restart under load';
  let restartMs = 0;
  const event = (async () => {
    await sleep(context.settleMs);
    restartMs = await restart();
    await sleep(context.settleMs * 2);
  })();
  const run = await runLoad({ ...context.load, holds, retry: RETRY_AFTER_503, until: event });
  await event;
  report.figure(figureOf(scenario, run));
  const fiveHundreds = run.attempts.filter((a) => a.status === 500).length;
  const retriedAfter = run.attempts.filter((a) => a.status === 503).length;
  report.equal(scenario, 'no 500 at the client', fiveHundreds, 0);
  report.check(scenario, 'every request answered in the end (503 with Retry-After retried)', run.failures.length === 0, failuresOf(run));
  report.note(`${scenario}: pg_ctl restart took ${restartMs.toFixed(0)} ms; ${retriedAfter} answers were 503 (retried after Retry-After)`);
  await ordersKept(context, scenario, run);
  const [booked] = (await admin.query<{ n: number }>("select count(*)::int as n from reservations where confirmation_number = any($1::text[]) and status = 'confirmed'", [run.bookings])).rows;
  report.equal(scenario, `every acknowledged booking (${run.bookings.length}) is in the database`, Number(booked?.n), run.bookings.length);
  report.check(scenario, 'bookings were part of the load', run.bookings.length > 0, String(run.bookings.length));
  // Every process lived through it: its pool replaced the connections PostgreSQL cut.
  for (const [name, process] of context.fleet.processes) {
    const response = await fetch(`${process.base}${API_PREFIX}/products?per_page=1`, { headers: { ...CLIENT_HEADERS, 'X-Site-Country': 'sg' } }).catch(() => null);
    report.equal(scenario, `${name} still serves after the restart`, response?.status ?? 0, 200);
  }
}
