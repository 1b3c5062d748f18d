/**
 * `npm run bench`: the catalogue's performance budget (issue 5), measured on the real server.
 *
 * 1. Seeds 100,000 products into a temporary data directory by starting the server once
 *    (`BENCH_DATA_DIR=/path` reuses a directory instead, seeding it only if it is empty: about
 *    two minutes saved per run; `BENCH_PRODUCTS` seeds fewer products for a quick look, and then
 *    the budgets are printed but not enforced).
 * 2. Restarts the server (the bundle `npm start` runs) on that directory and measures its start:
 *    spawn → first answer, and spawn → first filtered listing (which needs the listing index).
 * 3. Drives it over loopback with autocannon, 10 s per run after a 2 s warm-up, at 10 and 50
 *    connections: a product listing with two filters and a sort, product detail, search and
 *    search suggestions. Each run rotates through at least 50 different URLs (categories, brands,
 *    price ranges, sorts, pages, products, queries with a typo, Thai and Chinese), each connection
 *    from a different starting point, with the SPA's headers. The same listings and products as
 *    server-rendered pages (issue 11), as a browser asks for them (site cookies, brotli): once as
 *    a shopper gets them (anonymous pages are kept per catalogue version) and once rendered on
 *    every request (with a session cookie, as a member's page is).
 *    The bag (issue 12): adds of one unit into 400 guest bags (one line each per variant, so no
 *    line reaches its limit in a run), and reads of 60 bags of five lines (`cart/bag`, and the
 *    header's `cart/items-count`), each with its bag's cookie (tests/bench/cart-requests.ts).
 *    Checkout (issue 13): `POST checkout/orders` at 10 connections, each order a guest bag of its
 *    own (1,000 after 100 for warming up; `BENCH_ORDERS` sets the number), a new Idempotency-Key
 *    each, paid by the test card (tests/bench/checkout-requests.ts).
 * 4. Asks every URL once first (a failing endpoint, such as one not built yet, is reported as
 *    such instead of measured; whatever the server loads on first use gets loaded).
 * 5. Prints a table per endpoint with the budgets and the server's CPU time per request (which
 *    moves far less than latency when other processes share the two cores; the load average of
 *    each run is printed beside it) and its peak memory so far (VmHWM, so the run that raised it
 *    shows), then the server's peak memory and start time, and exits 1 when a budget is missed
 *    or an endpoint does not answer.
 *
 * `BENCH_DB=postgres` (`npm run bench:pg`) runs the same rows on PostgreSQL instead, with one server
 * process and then two behind HAProxy, and prints both tables and their ratio
 * (tests/bench/catalogue-pg.ts).
 *
 * Options (environment): BENCH_DATA_DIR, BENCH_PRODUCTS, BENCH_DURATION (seconds per run),
 * BENCH_PORT (default: a free port), BENCH_ONLY (endpoints to run, such as `listing,search`: a
 * partial run is for looking at one path, and is never a pass), BENCH_SERVER_NODE_ARGS (flags for
 * the server's node, such as `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it).
 */
import { execFileSync } from 'node:child_process';
import { startServer, stopServer, type Server } from './web-server.ts';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_PREFIX } from '../../src/config/constants.ts';
import { LISTING_SNAPSHOT_FILE } from '../../src/server/env.ts';
import { freePort, peakRssBytes, processCpuMs } from './machine.ts';
import { benchSets, headersFor, measureRows, ONLY, SITES, type Site } from './catalogue-rows.ts';
import { BUDGET_HEADER, budgetRow } from './catalogue-report.ts';
import { runPostgresBench } from './catalogue-pg.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FULL_CATALOGUE = 100_000;
const PRODUCTS = Number(process.env['BENCH_PRODUCTS'] ?? FULL_CATALOGUE);
const START_BUDGET_MS = 5_000;
const MEMORY_BUDGET_BYTES = 1024 ** 3;
const SEED_TIMEOUT_MS = 15 * 60_000;

// --- server process -------------------------------------------------------------------------

/** The real server as `npm start` runs it, on the bench's data directory. */
function startBenchServer(dataDir: string, port: number, timeoutMs: number): Promise<Server> {
  const nodeArgs = process.env['BENCH_SERVER_NODE_ARGS']?.split(' ').filter(Boolean) ?? [];
  return startServer(ROOT, port, { DATA_DIR: dataDir, SEED_PRODUCTS: String(PRODUCTS) }, timeoutMs, nodeArgs);
}

async function main(): Promise<void> {
  const enforce = PRODUCTS === FULL_CATALOGUE;
  const ownDir = !process.env['BENCH_DATA_DIR'];
  const dataDir = process.env['BENCH_DATA_DIR'] ?? mkdtempSync(path.join(tmpdir(), 'bench-catalogue-'));
  const port = process.env['BENCH_PORT'] ? Number(process.env['BENCH_PORT']) : await freePort();
  const failures: string[] = [];
  let server: Server | null = null;
  try {
    console.log(`Data directory ${dataDir}${ownDir ? ' (temporary)' : ''}; ${PRODUCTS.toLocaleString('en')} products; port ${port}`);
    // The server as `npm start` runs it, with the SPA and its server renderer (the HTML pages).
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    console.log('First start (seeds an empty directory; about two minutes at 100,000 products)…');
    const first = await startBenchServer(dataDir, port, SEED_TIMEOUT_MS);
    console.log(`  ${first.readyLine || 'ready'} (${(first.startMs / 1000).toFixed(1)} s)`);
    // A data directory as a server leaves it: with the listing index saved beside the database
    // (written in the background once every country's prices and the search postings are read).
    const snapshot = path.join(dataDir, LISTING_SNAPSHOT_FILE);
    const saving = performance.now();
    while (!existsSync(snapshot) && performance.now() - saving < 120_000) await new Promise((resolve) => setTimeout(resolve, 250));
    console.log(existsSync(snapshot) ? `  listing index saved (${Math.round(performance.now() - saving)} ms after the first answer)` : '  listing index not saved within 120 s');
    await stopServer(first);

    console.log('Restart on the existing directory…');
    server = await startBenchServer(dataDir, port, 60_000);
    const startMs = server.startMs;
    console.log(`  ${server.readyLine} — answered ${Math.round(startMs)} ms after spawn`);
    if (startMs > START_BUDGET_MS) failures.push(`start ${Math.round(startMs)} ms > ${START_BUDGET_MS} ms`);
    // What a shopper waits for: a listing with filters needs the listing index, built after listen.
    const firstListing = await fetch(`${server.base}${API_PREFIX}/products?category=makeup&on_sale=true&sort=price_asc`, { headers: headersFor(SITES[0] as Site) });
    await firstListing.arrayBuffer();
    const listingMs = performance.now() - server.spawnedAt;
    console.log(`  first filtered listing answered ${Math.round(listingMs)} ms after spawn (${firstListing.status})`);
    if (listingMs > START_BUDGET_MS) failures.push(`first listing ${Math.round(listingMs)} ms after spawn > ${START_BUDGET_MS} ms`);

    const pid = server.child.pid;
    const target = { base: server.base, cpuMs: () => ({ server: processCpuMs(pid) }), peakRss: () => peakRssBytes(pid) };
    const rows = (await measureRows(target, await benchSets(server.base))).map((row) => budgetRow(row, failures));

    const rss = peakRssBytes(pid);
    if (rss !== null && rss > MEMORY_BUDGET_BYTES) failures.push(`peak RSS ${(rss / 1024 ** 2).toFixed(0)} MB > 1024 MB`);
    console.log('');
    console.log(BUDGET_HEADER);
    console.log('(cpu ms/req: server CPU per request; load: 1-minute load average of the machine when the run began, on ' + String(availableParallelism()) + ' cores;');
    console.log(' steal%: CPU time the hypervisor gave other guests during the run: above a few percent, latency measures them too;');
    console.log(' peak MB: the server\'s peak resident memory so far, after the run: the run that raises it is the one that needs the memory)');
    for (const row of rows) console.log(row);
    console.log('');
    console.log(`server start (existing data dir): ${Math.round(startMs)} ms (budget ≤ ${START_BUDGET_MS} ms) ${startMs <= START_BUDGET_MS ? 'pass' : 'FAIL'}`);
    console.log(`first filtered listing after spawn: ${Math.round(listingMs)} ms (budget ≤ ${START_BUDGET_MS} ms) ${listingMs <= START_BUDGET_MS ? 'pass' : 'FAIL'}`);
    console.log(`server peak RSS (VmHWM): ${rss === null ? 'unknown (no /proc)' : `${(rss / 1024 ** 2).toFixed(0)} MB`} (budget ≤ 1024 MB) ${rss === null || rss <= MEMORY_BUDGET_BYTES ? 'pass' : 'FAIL'}`);
    if (ONLY) failures.push(`partial run (BENCH_ONLY=${ONLY.join(',')}): not a measure of the budget`);
    if (!enforce) console.log(`Budgets hold for ${FULL_CATALOGUE.toLocaleString('en')} products; this run had ${PRODUCTS.toLocaleString('en')}: not enforced.`);
  } finally {
    if (server) await stopServer(server);
    if (ownDir) rmSync(dataDir, { recursive: true, force: true });
  }
  if (failures.length > 0) {
    console.log(`\n${failures.length} budget(s) missed:\n  ${failures.join('\n  ')}`);
    if (enforce) process.exitCode = 1;
  } else console.log('\nAll budgets met.');
}

const mode = process.env['BENCH_DB'] ?? 'pglite';
if (mode !== 'pglite' && mode !== 'postgres') {
  console.error(`BENCH_DB must be pglite (the default) or postgres, not ${JSON.stringify(mode)}`);
  process.exitCode = 1;
} else {
  (mode === 'postgres' ? runPostgresBench(ROOT) : main()).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
