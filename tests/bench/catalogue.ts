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
 * Options (environment): BENCH_DATA_DIR, BENCH_PRODUCTS, BENCH_DURATION (seconds per run),
 * BENCH_PORT (default: a free port), BENCH_ONLY (endpoints to run, such as `listing,search`: a
 * partial run is for looking at one path, and is never a pass), BENCH_SERVER_NODE_ARGS (flags for
 * the server's node, such as `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it).
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { startServer, stopServer, type Server } from './web-server.ts';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { API_PREFIX, CLIENT_HEADERS } from '../../src/config/constants.ts';
import { LISTING_SNAPSHOT_FILE } from '../../src/server/env.ts';
import { cpuTimes, freePort, stealBetween } from './machine.ts';
import { cartBenchSets, type CartBenchRequest } from './cart-requests.ts';
import { orderBags, placeOrders } from './checkout-requests.ts';
import { availableSlotsRequests, cancelBookings, confirmHolds, freeHolds, holdTimes } from './booking-requests.ts';
import { resultOf, type RunResult as QueueRun } from './queue-run.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FULL_CATALOGUE = 100_000;
const PRODUCTS = Number(process.env['BENCH_PRODUCTS'] ?? FULL_CATALOGUE);
const DURATION_S = Number(process.env['BENCH_DURATION'] ?? 10);
const WARMUP_S = 2;
const ONLY = process.env['BENCH_ONLY']?.split(',').filter(Boolean) ?? null;
const CONNECTIONS = [10, 50] as const;
const START_BUDGET_MS = 5_000;
const MEMORY_BUDGET_BYTES = 1024 ** 3;
const SEED_TIMEOUT_MS = 15 * 60_000;

/** p99 budgets at 10 connections (issue 5); detail has none in the issue: the listing's is ours for it. */
/**
 * p99 budgets at 10 connections (issues 5 and 11); null: measured and printed, no budget. A page
 * rendered on every request (a member's) costs 7–10 ms of CPU at 100,000 products: on two cores ten
 * connections queue behind each other, so its row shows what a cache miss costs, against no budget.
 */
const P99_BUDGET_MS = {
  listing: 25,
  detail: 25,
  search: 50,
  suggestions: 30,
  listingPage: 30,
  productPage: 30,
  listingPageRendered: null,
  productPageRendered: null,
  // Issue 12: the bag.
  cartAdd: 20,
  cartBag: 15,
  cartCount: 5,
  // Issue 13: placing an order (distinct bags), measured at 10 connections only.
  placeOrder: 100,
  // Issue 14: the free days of a service or class at a store, and creating reservations (distinct
  // free times: held, then confirmed), the latter measured at 10 connections only.
  availableSlots: 20,
  holdTime: 50,
  confirmBooking: 50,
} as const;
type EndpointName = keyof typeof P99_BUDGET_MS;
/** Rows whose requests each spend something of their own, measured once at 10 connections (not by duration). */
const QUEUE_ROWS: readonly EndpointName[] = ['placeOrder', 'holdTime', 'confirmBooking'];
const LABELS: Record<EndpointName, string> = {
  listing: 'GET products (2 filters + sort)',
  detail: 'GET products/{slug}',
  search: 'GET search?q=',
  suggestions: 'GET search/suggestions?q=',
  // Issue 11: the server-rendered HTML as a shopper gets it (anonymous: kept per catalogue version)…
  listingPage: 'HTML listing page',
  productPage: 'HTML product page',
  // …and as a member gets it: rendered on every request (the work behind each cached page).
  listingPageRendered: 'HTML listing page, rendered',
  productPageRendered: 'HTML product page, rendered',
  cartAdd: 'POST cart/line-items (add 1)',
  cartBag: 'GET cart/bag (5 lines)',
  cartCount: 'GET cart/items-count',
  placeOrder: 'POST checkout/orders (1 line)',
  availableSlots: 'GET booking-service/available-slots',
  holdTime: 'POST reservation-service/create',
  confirmBooking: 'POST reservation-service',
};

interface Site {
  country: string;
  language: string;
  /** SGD → local currency, roughly (price filters in local units). */
  rate: number;
}
const SITES: Site[] = [
  { country: 'sg', language: 'en-SG', rate: 1 },
  { country: 'th', language: 'th-TH', rate: 26 },
  { country: 'hk', language: 'zh-HK', rate: 5.8 },
  { country: 'my', language: 'en-MY', rate: 3.5 },
  { country: 'au', language: 'en-AU', rate: 1.15 },
];

interface BenchRequest {
  path: string;
  site: Site;
  /** A page (HTML) rather than an API path; `member`: with a session cookie, so it is rendered every time. */
  page?: 'anonymous' | 'member';
}

function headersFor(site: Site): Record<string, string> {
  return { ...CLIENT_HEADERS, Accept: 'application/json', 'Accept-Language': site.language, 'X-Site-Country': site.country };
}

/** A browser's page request: the site in its cookies, brotli accepted (what the server compresses on the way out). */
function pageHeaders(site: Site, member: boolean): Record<string, string> {
  const cookie = `locale=${site.country}; language=${site.language.slice(0, 2)}${member ? '; jwt-data=e30' : ''}`;
  return { Accept: 'text/html', 'Accept-Encoding': 'br, gzip', Cookie: cookie };
}

function urlPath(r: BenchRequest): string {
  return r.page ? r.path : `${API_PREFIX}/${r.path}`;
}

function requestHeaders(r: BenchRequest): Record<string, string> {
  return r.page ? pageHeaders(r.site, r.page === 'member') : headersFor(r.site);
}

/** A request as autocannon sends it: the catalogue's GETs and the bag's writes and reads alike. */
type Prepared = CartBenchRequest;

function prepare(requests: BenchRequest[]): Prepared[] {
  return requests.map((r) => ({ method: 'GET', path: urlPath(r), headers: requestHeaders(r) }));
}

/** The pages of API requests: `products?category=x&…` → `/categories/x?…`, `products/{slug}` → `/products/{slug}`. */
function asPages(requests: BenchRequest[], page: 'anonymous' | 'member'): BenchRequest[] {
  return requests.map((r) => {
    const [resource = '', query = ''] = r.path.split('?');
    if (resource !== 'products') return { ...r, path: `/${resource}`, page };
    const params = new URLSearchParams(query);
    const category = params.get('category');
    const brand = params.get('brand');
    params.delete('category');
    params.delete('brand');
    const search = params.toString();
    return { ...r, path: `${category ? `/categories/${category}` : `/brands/${brand ?? ''}`}${search ? `?${search}` : ''}`, page };
  });
}

// --- server process -------------------------------------------------------------------------

/** The real server as `npm start` runs it, on the bench's data directory. */
function startBenchServer(dataDir: string, port: number, timeoutMs: number): Promise<Server> {
  const nodeArgs = process.env['BENCH_SERVER_NODE_ARGS']?.split(' ').filter(Boolean) ?? [];
  return startServer(ROOT, port, { DATA_DIR: dataDir, SEED_PRODUCTS: String(PRODUCTS) }, timeoutMs, nodeArgs);
}

/**
 * CPU time the server process has used (Linux), in ms; null elsewhere. Per request, it tells what a
 * run would give on a quiet machine when other processes share the cores (latency does not).
 */
function cpuMs(child: ChildProcess): number | null {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
/** Steal since `since`, in whole percent, as the table prints it; `?` without /proc. */
function stealPercent(since: number[] | null): string {
  const steal = stealBetween(since, cpuTimes());
  return steal === null ? '?' : steal.toFixed(0);
}

/** USER_HZ: 100 on Linux for every architecture Node runs on. */
const CLOCK_TICKS = 100;

/** The server's peak resident memory so far in whole MB, as a row prints it; `?` without /proc. */
function peakMb(child: ChildProcess): string {
  const rss = peakRss(child);
  return rss === null ? '?' : (rss / 1024 ** 2).toFixed(0);
}

/** Peak resident memory of the server process (Linux), in bytes; null elsewhere. */
function peakRss(child: ChildProcess): number | null {
  try {
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const kb = /^VmHWM:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

// --- realistic URLs -------------------------------------------------------------------------

interface CategoryNode {
  path: string;
  name: string;
  children: CategoryNode[];
}

async function getJson<T>(base: string, pathAndQuery: string, site: Site = SITES[0] as Site): Promise<T> {
  const response = await fetch(`${base}${API_PREFIX}/${pathAndQuery}`, { headers: headersFor(site) });
  if (!response.ok) throw new Error(`GET ${pathAndQuery} answered ${response.status}`);
  return (await response.json()) as T;
}

/** A deterministic pseudo-random sequence: the same URLs on every run. */
function sequence(seed: number) {
  let state = seed;
  const next = () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  return {
    next,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}

interface Catalogue {
  tops: string[];
  mids: string[];
  leaves: string[];
  brands: string[];
  brandNames: string[];
  /** Category names in English, Thai and Chinese. */
  names: { en: string[]; th: string[]; zh: string[] };
}

async function readCatalogue(base: string): Promise<Catalogue> {
  const tree = (site: Site) => getJson<{ data: CategoryNode[] }>(base, 'categories', site).then((r) => r.data);
  const [en, th, zh, brands] = await Promise.all([
    tree(SITES[0] as Site),
    tree(SITES[1] as Site),
    tree(SITES[2] as Site),
    getJson<{ data: { slug: string; name: string }[] }>(base, 'brands').then((r) => r.data),
  ]);
  const flatten = (nodes: CategoryNode[]): CategoryNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);
  const level = (nodes: CategoryNode[], depth: number) => flatten(nodes).filter((n) => n.path.split('/').length === depth);
  return {
    tops: en.map((n) => n.path),
    mids: level(en, 2).map((n) => n.path),
    leaves: level(en, 3).map((n) => n.path),
    brands: brands.map((b) => b.slug),
    brandNames: brands.map((b) => b.name),
    names: { en: level(en, 3).map((n) => n.name), th: level(th, 3).map((n) => n.name), zh: level(zh, 3).map((n) => n.name) },
  };
}

const SORTS = ['featured', 'newest', 'price_desc', 'price_asc', 'top_rated'] as const;
const OTHERS = ['new', 'exclusive', 'coming_soon', 'priority_access', 'app_exclusive'] as const;

/** Listings a shopper reaches: a category or brand page with two filters picked and a sort. */
function listingRequests(catalogue: Catalogue, count: number): BenchRequest[] {
  const random = sequence(5);
  const out: BenchRequest[] = [];
  for (let i = 0; i < count; i++) {
    const site = random.pick(SITES);
    const low = Math.round(random.pick([10, 15, 20, 30]) * site.rate);
    const high = Math.round(random.pick([40, 60, 80, 120]) * site.rate);
    const scope = i % 4 === 3 ? `brand=${random.pick(catalogue.brands)}` : `category=${random.pick(i % 2 === 0 ? catalogue.tops : catalogue.mids)}`;
    const filters = [
      `brands=${random.pick(catalogue.brands)},${random.pick(catalogue.brands)}`,
      `price_min=${low}&price_max=${high}`,
      `others=${random.pick(OTHERS)}`,
      'on_sale=true',
      `categories=${random.pick(catalogue.mids)}`,
    ];
    const first = filters[i % filters.length] as string;
    const second = filters[(i * 3 + 1) % filters.length] as string;
    const two = first === second ? [first, filters[(i + 2) % filters.length] as string] : [first, second];
    const page = 1 + (i % 3 === 2 ? 1 : 0);
    out.push({ path: `products?${scope}&${two.join('&')}&sort=${SORTS[i % SORTS.length]}&page=${page}`, site });
  }
  return out;
}

async function detailRequests(base: string, catalogue: Catalogue, count: number): Promise<BenchRequest[]> {
  const random = sequence(11);
  const slugs = new Set<string>();
  for (let i = 0; slugs.size < count && i < count * 3; i++) {
    const { data } = await getJson<{ data: { slug: string }[] }>(base, `products?category=${random.pick(catalogue.leaves)}&sort=${random.pick(SORTS)}&per_page=5&page=${1 + (i % 4)}`);
    for (const p of data.slice(0, 2)) slugs.add(p.slug);
  }
  return [...slugs].slice(0, count).map((slug, i) => ({ path: `products/${slug}`, site: SITES[i % SITES.length] as Site }));
}

/** Searches: category and brand words, two-word queries, typing mistakes, Thai and Chinese, some filtered. */
function searchRequests(catalogue: Catalogue, count: number): BenchRequest[] {
  const random = sequence(17);
  const en = SITES[0] as Site;
  const fixed: BenchRequest[] = [
    { path: 'search?q=fundation', site: en },
    { path: 'search?q=lipstik', site: en },
    { path: 'search?q=mascra', site: en },
    { path: 'search?q=velvet%20matte%20foundation', site: en },
    { path: 'search?q=serum&sort=price_asc', site: en },
    { path: 'search?q=cream&on_sale=true', site: en },
  ];
  const out = [...fixed];
  for (let i = 0; out.length < count; i++) {
    const kind = i % 5;
    if (kind === 0) out.push({ path: `search?q=${encodeURIComponent(random.pick(catalogue.names.en).toLowerCase())}`, site: en });
    else if (kind === 1) out.push({ path: `search?q=${encodeURIComponent(random.pick(catalogue.brandNames))}&sort=${random.pick(SORTS)}`, site: en });
    else if (kind === 2) out.push({ path: `search?q=${encodeURIComponent(random.pick(catalogue.names.th))}`, site: SITES[1] as Site });
    else if (kind === 3) out.push({ path: `search?q=${encodeURIComponent(random.pick(catalogue.names.zh))}`, site: SITES[2] as Site });
    else out.push({ path: `search?q=${encodeURIComponent(`${random.pick(catalogue.brandNames).split(' ')[0]} ${random.pick(catalogue.names.en)}`.toLowerCase())}&page=1`, site: en });
  }
  return out.slice(0, count);
}

/** What the search box sends while typing: prefixes of words, a typo, Thai and Chinese. */
function suggestionRequests(catalogue: Catalogue, count: number): BenchRequest[] {
  const en = SITES[0] as Site;
  const words = [...catalogue.names.en, ...catalogue.brandNames].map((w) => w.toLowerCase());
  const out: BenchRequest[] = ['f', 'fo', 'fou', 'foun', 'fundat', 'lip', 'lips', 'mas', 'ser', 'cle'].map((q) => ({ path: `search/suggestions?q=${q}`, site: en }));
  const random = sequence(23);
  for (let i = 0; out.length < count; i++) {
    const kind = i % 4;
    if (kind === 2) {
      const th = random.pick(catalogue.names.th);
      out.push({ path: `search/suggestions?q=${encodeURIComponent(th.slice(0, 2 + (i % 3)))}`, site: SITES[1] as Site });
    } else if (kind === 3) {
      out.push({ path: `search/suggestions?q=${encodeURIComponent(random.pick(catalogue.names.zh).slice(0, 1 + (i % 2)))}`, site: SITES[2] as Site });
    } else {
      const word = random.pick(words);
      out.push({ path: `search/suggestions?q=${encodeURIComponent(word.slice(0, Math.min(word.length, 2 + (i % 5))))}`, site: en });
    }
  }
  return out.slice(0, count);
}

// --- load ---------------------------------------------------------------------------------

interface RunResult extends QueueRun {
  connections: number;
}

function runAutocannon(base: string, all: Prepared[], connections: number, seconds: number): Promise<RunResult> {
  let client = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base,
        connections,
        duration: seconds,
        requests: all,
        // Each connection starts elsewhere in the list: ten connections never ask the same URL at once.
        setupClient: (c) => {
          const shift = Math.floor((client++ * all.length) / connections) % all.length;
          c.setRequests([...all.slice(shift), ...all.slice(0, shift)]);
        },
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({ connections, ...resultOf(result) });
      },
    );
  });
}

/** Status of each distinct URL once (a 404 route means the endpoint is not there yet). */
async function probe(base: string, requests: Prepared[]): Promise<{ ok: number; statuses: Map<number, number> }> {
  const statuses = new Map<number, number>();
  let ok = 0;
  for (const r of requests) {
    const response = await fetch(`${base}${r.path}`, { method: r.method, headers: r.headers, ...(r.body === undefined ? {} : { body: r.body }) });
    await response.arrayBuffer();
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    if (response.ok) ok++;
  }
  return { ok, statuses };
}

// --- checkout -----------------------------------------------------------------------------

/** Orders placed per run: enough for a p99 of its own (the slowest ten), each from a bag of its own. */
const ORDERS_PER_RUN = Number(process.env['BENCH_ORDERS'] ?? 1_000);
const ORDER_WARMUP = 100;

/** A row of requests that each spend something of their own (a bag, a free time), at 10 connections, with the other rows' columns. */
async function queueRow(server: Server, name: EndpointName, unit: string, failures: string[], run: () => Promise<QueueRun>): Promise<string> {
  const load = loadavg()[0] ?? 0;
  const cpuBefore = cpuMs(server.child);
  const machineBefore = cpuTimes();
  const result = await run();
  const cpuAfter = cpuMs(server.child);
  const steal = stealPercent(machineBefore);
  const cpuPerRequest = cpuBefore === null || cpuAfter === null || result.requests === 0 ? '?' : ((cpuAfter - cpuBefore) / result.requests).toFixed(2);
  const limit = P99_BUDGET_MS[name];
  const pass = limit !== null && result.p99 <= limit && result.non2xx === 0 && result.errors === 0;
  if (!pass) failures.push(`${LABELS[name]} @10: p99 ${result.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors} (budget p99 ≤ ${limit} ms)`);
  return `${pad(LABELS[name], LABEL_WIDTH)} ${padLeft(10, 5)} ${padLeft(result.rps.toFixed(0), 8)} ${padLeft(result.p50, 7)} ${padLeft(result.p99, 7)} ${padLeft(result.non2xx + result.errors, 8)} ${padLeft(cpuPerRequest, 10)} ${padLeft(load.toFixed(1), 5)} ${padLeft(steal, 6)} ${padLeft(peakMb(server.child), 7)}  ${pad(`p99 ≤ ${limit} ms @10`, 18)} ${pass ? 'pass' : 'FAIL'}  ${result.requests} ${unit}${result.non2xx > 0 ? ` (${result.statuses})` : ''}`;
}

/** `POST checkout/orders` at 10 connections over distinct bags. */
async function placeOrderRow(server: Server, failures: string[]): Promise<string> {
  console.log(`Preparing ${ORDERS_PER_RUN + ORDER_WARMUP} bags for the checkout bench…`);
  const bags = await orderBags(server.base, ORDERS_PER_RUN + ORDER_WARMUP);
  await placeOrders(server.base, bags.slice(0, ORDER_WARMUP), 10);
  return queueRow(server, 'placeOrder', 'bags', failures, () => placeOrders(server.base, bags.slice(ORDER_WARMUP), 10));
}

/** Bookings per run: holds of distinct free service times, then their confirmations; cancelled after. */
const BOOKINGS_PER_RUN = Number(process.env['BENCH_BOOKINGS'] ?? 1_000);
const BOOKING_WARMUP = 100;

/** Holds and confirmations at 10 connections over distinct free times (issue 14: create reservation). */
async function reservationRows(server: Server, failures: string[]): Promise<string[]> {
  console.log(`Finding ${BOOKINGS_PER_RUN + BOOKING_WARMUP} free service times for the booking bench…`);
  const times = await freeHolds(server.base, BOOKINGS_PER_RUN + BOOKING_WARMUP);
  const warm = await holdTimes(server.base, times.slice(0, BOOKING_WARMUP), 10);
  const warmBooked = await confirmHolds(server.base, warm.holds, 10);
  let held: Awaited<ReturnType<typeof holdTimes>>['holds'] = [];
  const holdRow = await queueRow(server, 'holdTime', 'times', failures, async () => {
    const { run, holds } = await holdTimes(server.base, times.slice(BOOKING_WARMUP), 10);
    held = holds;
    return run;
  });
  let booked: Awaited<ReturnType<typeof confirmHolds>>['bookings'] = [];
  const confirmRow = await queueRow(server, 'confirmBooking', 'holds', failures, async () => {
    const { run, bookings } = await confirmHolds(server.base, held, 10);
    booked = bookings;
    return run;
  });
  const all = [...warmBooked.bookings, ...booked];
  const cancelled = await cancelBookings(server.base, all);
  console.log(`  ${cancelled} of ${all.length} bench bookings cancelled again`);
  return [holdRow, confirmRow];
}

// --- report -------------------------------------------------------------------------------

/** The widest label, `GET booking-service/available-slots`, and a space. */
const LABEL_WIDTH = 36;
const pad = (text: string | number, width: number) => String(text).padEnd(width);
const padLeft = (text: string | number, width: number) => String(text).padStart(width);

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

    const catalogue = await readCatalogue(server.base);
    const listing = listingRequests(catalogue, 60);
    const detail = await detailRequests(server.base, catalogue, 60);
    const wantsCart = !ONLY || ONLY.some((name) => name.startsWith('cart'));
    const cart = wantsCart ? await cartBenchSets(server.base) : { add: [], bag: [], count: [] };
    const sets: Record<EndpointName, Prepared[]> = {
      listing: prepare(listing),
      detail: prepare(detail),
      search: prepare(searchRequests(catalogue, 60)),
      suggestions: prepare(suggestionRequests(catalogue, 60)),
      listingPage: prepare(asPages(listing, 'anonymous')),
      productPage: prepare(asPages(detail, 'anonymous')),
      listingPageRendered: prepare(asPages(listing, 'member')),
      productPageRendered: prepare(asPages(detail, 'member')),
      cartAdd: cart.add,
      cartBag: cart.bag,
      cartCount: cart.count,
      // Measured below on bags of its own: each order spends its bag.
      placeOrder: [],
      availableSlots: !ONLY || ONLY.includes('availableSlots') ? await availableSlotsRequests(server.base) : [],
      // Measured below on free times of their own: each hold takes its time.
      holdTime: [],
      confirmBooking: [],
    };

    // Every URL once before any measuring: a URL that fails is reported instead of measured, and
    // whatever the server loads on first use (its listing index, search vocabulary) is loaded.
    const rows: string[] = [];
    const runnable: EndpointName[] = [];
    for (const name of Object.keys(sets) as EndpointName[]) {
      if ((ONLY && !ONLY.includes(name)) || QUEUE_ROWS.includes(name)) continue;
      const requests = sets[name];
      // The adds are probed on a sample: each probe is a write, and 20,000 of them would take a minute.
      const probed = name === 'cartAdd' ? requests.slice(0, 50) : requests;
      const { ok, statuses } = await probe(server.base, probed);
      if (ok === probed.length) {
        runnable.push(name);
        continue;
      }
      const summary = [...statuses].map(([status, n]) => `${n}× ${status}`).join(', ');
      const missing = (statuses.get(404) ?? 0) === probed.length;
      rows.push(`${pad(LABELS[name], LABEL_WIDTH)} ${missing ? 'NOT AVAILABLE: every URL answered 404 (endpoint missing?)' : `answers not all 2xx: ${summary}`}`);
      failures.push(`${LABELS[name]}: ${missing ? 'endpoint missing (404)' : summary}`);
    }
    for (const name of runnable) {
      const requests = sets[name];
      const distinct = new Set(requests.map((r) => `${r.headers['X-Site-Country'] ?? r.headers['Cookie'] ?? ''} ${r.path} ${r.headers['Cookie'] ?? ''} ${r.body ?? ''}`)).size;
      const budget = P99_BUDGET_MS[name] === null ? '(printed only)' : `p99 ≤ ${P99_BUDGET_MS[name]} ms @10`;
      for (const connections of CONNECTIONS) {
        await runAutocannon(server.base, requests, connections, WARMUP_S);
        const load = loadavg()[0] ?? 0;
        const cpuBefore = cpuMs(server.child);
        const machineBefore = cpuTimes();
        const result = await runAutocannon(server.base, requests, connections, DURATION_S);
        const cpuAfter = cpuMs(server.child);
        const steal = stealPercent(machineBefore);
        const cpuPerRequest = cpuBefore === null || cpuAfter === null || result.requests === 0 ? '?' : ((cpuAfter - cpuBefore) / result.requests).toFixed(2);
        const limit = P99_BUDGET_MS[name];
        const judged = connections === 10 && limit !== null;
        const pass = (limit === null || result.p99 <= limit) && result.non2xx === 0 && result.errors === 0;
        if (judged && !pass) failures.push(`${LABELS[name]} @${connections}: p99 ${result.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors} (budget p99 ≤ ${P99_BUDGET_MS[name]} ms)`);
        rows.push(
          `${pad(LABELS[name], LABEL_WIDTH)} ${padLeft(connections, 5)} ${padLeft(result.rps.toFixed(0), 8)} ${padLeft(result.p50, 7)} ${padLeft(result.p99, 7)} ${padLeft(result.non2xx + result.errors, 8)} ${padLeft(cpuPerRequest, 10)} ${padLeft(load.toFixed(1), 5)} ${padLeft(steal, 6)} ${padLeft(peakMb(server.child), 7)}  ${pad(judged ? budget : '(none)', 18)} ${judged ? (pass ? 'pass' : 'FAIL') : result.non2xx + result.errors > 0 ? 'errors' : '-'}  ${distinct} URLs${result.non2xx > 0 ? ` (${result.statuses})` : ''}`,
        );
      }
    }

    if (!ONLY || ONLY.includes('placeOrder')) rows.push(await placeOrderRow(server, failures));
    if (!ONLY || ONLY.includes('holdTime') || ONLY.includes('confirmBooking')) rows.push(...(await reservationRows(server, failures)));

    const rss = peakRss(server.child);
    if (rss !== null && rss > MEMORY_BUDGET_BYTES) failures.push(`peak RSS ${(rss / 1024 ** 2).toFixed(0)} MB > 1024 MB`);
    console.log('');
    console.log(`${pad('endpoint', LABEL_WIDTH)} ${padLeft('conns', 5)} ${padLeft('req/s', 8)} ${padLeft('p50 ms', 7)} ${padLeft('p99 ms', 7)} ${padLeft('non-2xx', 8)} ${padLeft('cpu ms/req', 10)} ${padLeft('load', 5)} ${padLeft('steal%', 6)} ${padLeft('peak MB', 7)}  ${pad('budget', 18)} result`);
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

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
