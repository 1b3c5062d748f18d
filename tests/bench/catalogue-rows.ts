/**
 * The catalogue bench's rows, shared by its two modes (tests/bench/catalogue.ts: PGlite, one
 * process; tests/bench/catalogue-pg.ts: PostgreSQL, one process and two behind HAProxy): the
 * requests of each row, built from the running store's own catalogue, and the measuring of every
 * row against a target (a server, or a balancer in front of several), with the CPU time of the
 * processes the target names, the machine's load and steal, taken around each run.
 */
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { API_PREFIX, CLIENT_HEADERS } from '../../src/config/constants.ts';
import { cpuTimes } from './machine.ts';
import { cartBenchSets, type CartBenchRequest } from './cart-requests.ts';
import { orderBags, placeOrders } from './checkout-requests.ts';
import { availableSlotsRequests, cancelBookings, confirmHolds, freeHolds, holdTimes } from './booking-requests.ts';
import { resultOf, type RunResult as QueueRun } from './queue-run.ts';

export const DURATION_S = Number(process.env['BENCH_DURATION'] ?? 10);
const WARMUP_S = 2;
export const ONLY = process.env['BENCH_ONLY']?.split(',').filter(Boolean) ?? null;
export const CONNECTIONS = [10, 50] as const;

/**
 * p99 budgets at 10 connections (issues 5 and 11); null: measured and printed, no budget. A page
 * rendered on every request (a member's) costs 7–10 ms of CPU at 100,000 products: on two cores ten
 * connections queue behind each other, so its row shows what a cache miss costs, against no budget.
 */
export const P99_BUDGET_MS = {
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
export type EndpointName = keyof typeof P99_BUDGET_MS;
/** Rows whose requests each spend something of their own, measured once at 10 connections (not by duration). */
export const QUEUE_ROWS: readonly EndpointName[] = ['placeOrder', 'holdTime', 'confirmBooking'];
export const LABELS: Record<EndpointName, string> = {
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

export interface Site {
  country: string;
  language: string;
  /** SGD → local currency, roughly (price filters in local units). */
  rate: number;
}
export const SITES: Site[] = [
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

export function headersFor(site: Site): Record<string, string> {
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
export type Prepared = CartBenchRequest;

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

/**
 * One connection's walk through `all` from `start`, one request built as it is sent. autocannon
 * builds every request of a list up front, twice per connection (its own list, then the one
 * `setupClient` sets): for the bag's 20,000 adds at 50 connections that was two million requests
 * built inside the measured run, seconds of the generator blocking its own connections into
 * timeouts. Built per request, the generator's cost follows the requests sent.
 */
function walker(all: readonly Prepared[], start: number): autocannon.Request {
  let next = start;
  return {
    setupRequest: (request) => {
      const r = all[next++ % all.length] as Prepared;
      // A copy of the headers: autocannon writes Content-Length into the object it is given.
      return { ...request, method: r.method, path: r.path, headers: { ...r.headers }, ...(r.body === undefined ? {} : { body: r.body }) };
    },
  };
}

function runAutocannon(base: string, all: Prepared[], connections: number, seconds: number): Promise<QueueRun> {
  let client = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base,
        connections,
        duration: seconds,
        requests: [walker(all, 0)],
        // Each connection starts elsewhere in the list: ten connections never ask the same URL at once.
        setupClient: (c) => {
          const shift = Math.floor((client++ * all.length) / connections) % all.length;
          c.setRequests([walker(all, shift)]);
        },
      },
      (error, result) => {
        if (error) return reject(error);
        resolve(resultOf(result));
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

/** Every row's requests, read from the store the target serves (`BENCH_ONLY` skips the costly sets it leaves out). */
export async function benchSets(base: string): Promise<Record<EndpointName, Prepared[]>> {
  const catalogue = await readCatalogue(base);
  const listing = listingRequests(catalogue, 60);
  const detail = await detailRequests(base, catalogue, 60);
  const wantsCart = !ONLY || ONLY.some((name) => name.startsWith('cart'));
  const cart = wantsCart ? await cartBenchSets(base) : { add: [], bag: [], count: [] };
  return {
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
    // Measured on bags of its own (measureRows): each order spends its bag.
    placeOrder: [],
    availableSlots: !ONLY || ONLY.includes('availableSlots') ? await availableSlotsRequests(base) : [],
    // Measured on free times of their own: each hold takes its time.
    holdTime: [],
    confirmBooking: [],
  };
}

// --- measuring ------------------------------------------------------------------------------

/** What the rows are measured against: where requests go, and whose CPU time and memory to read. */
export interface BenchTarget {
  base: string;
  /** CPU time used so far by each group of processes a table prints (`server`; `node`, `pg`…), in ms; null: unknown. */
  cpuMs(): Record<string, number | null>;
  /** The largest peak resident memory of the server processes so far, in bytes; null without /proc. */
  peakRss(): number | null;
}

/** One run of one row, and what the machine did meanwhile. */
export interface MeasuredRow {
  kind: 'measured';
  name: EndpointName;
  connections: number;
  result: QueueRun;
  /** The machine's 1-minute load average when the run began. */
  load: number;
  /** CPU time each of the target's groups used during the run, in ms; null: unknown. */
  cpuMs: Record<string, number | null>;
  /** `cpuTimes()` around the run: its steal, and the CPU all processes used. */
  machine: { before: number[] | null; after: number[] | null };
  /** The target's peak resident memory after the run, in bytes. */
  peakRss: number | null;
  /** What the run went through: `60 URLs`, `1000 bags`. */
  spread: string;
}

/** A row whose probe did not answer 2xx for every request: reported, not measured. */
export interface UnavailableRow {
  kind: 'unavailable';
  name: EndpointName;
  /** Every request answered 404: the endpoint is not there. */
  missing: boolean;
  /** Answers by status, `3× 500, 57× 200`. */
  summary: string;
}

export type RowOutcome = MeasuredRow | UnavailableRow;

function delta(before: Record<string, number | null>, after: Record<string, number | null>): Record<string, number | null> {
  return Object.fromEntries(Object.entries(after).map(([group, value]) => [group, value === null || before[group] == null ? null : value - (before[group] ?? 0)]));
}

/** Runs `run` once and reads the target's CPU, the machine's counters and the load around it. */
async function measure(target: BenchTarget, name: EndpointName, connections: number, spread: (result: QueueRun) => string, run: () => Promise<QueueRun>): Promise<MeasuredRow> {
  const load = loadavg()[0] ?? 0;
  const cpuBefore = target.cpuMs();
  const before = cpuTimes();
  const result = await run();
  const cpuAfter = target.cpuMs();
  const after = cpuTimes();
  return { kind: 'measured', name, connections, result, load, cpuMs: delta(cpuBefore, cpuAfter), machine: { before, after }, peakRss: target.peakRss(), spread: spread(result) };
}

/**
 * Every row of `sets` against `target`: each URL once first (a URL that fails is reported
 * instead of measured, and whatever the server loads on first use is loaded), then each row at
 * 10 and 50 connections for `BENCH_DURATION` seconds after a 2 s warm-up; then the rows whose
 * requests spend something of their own (orders, holds, confirmations) at 10 connections.
 */
export async function measureRows(target: BenchTarget, sets: Record<EndpointName, Prepared[]>): Promise<RowOutcome[]> {
  const rows: RowOutcome[] = [];
  const runnable: EndpointName[] = [];
  for (const name of Object.keys(sets) as EndpointName[]) {
    if ((ONLY && !ONLY.includes(name)) || QUEUE_ROWS.includes(name)) continue;
    const requests = sets[name];
    // The adds are probed on a sample: each probe is a write, and 20,000 of them would take a minute.
    const probed = name === 'cartAdd' ? requests.slice(0, 50) : requests;
    const { ok, statuses } = await probe(target.base, probed);
    if (ok === probed.length) {
      runnable.push(name);
      continue;
    }
    const summary = [...statuses].map(([status, n]) => `${n}× ${status}`).join(', ');
    rows.push({ kind: 'unavailable', name, missing: (statuses.get(404) ?? 0) === probed.length, summary });
  }
  for (const name of runnable) {
    const requests = sets[name];
    const distinct = new Set(requests.map((r) => `${r.headers['X-Site-Country'] ?? r.headers['Cookie'] ?? ''} ${r.path} ${r.headers['Cookie'] ?? ''} ${r.body ?? ''}`)).size;
    for (const connections of CONNECTIONS) {
      await runAutocannon(target.base, requests, connections, WARMUP_S);
      rows.push(await measure(target, name, connections, () => `${distinct} URLs`, () => runAutocannon(target.base, requests, connections, DURATION_S)));
    }
  }
  if (!ONLY || ONLY.includes('placeOrder')) rows.push(await placeOrderRow(target));
  if (!ONLY || ONLY.includes('holdTime') || ONLY.includes('confirmBooking')) rows.push(...(await reservationRows(target)));
  return rows;
}

// --- checkout and bookings -----------------------------------------------------------------

/** Orders placed per run: enough for a p99 of its own (the slowest ten), each from a bag of its own. */
const ORDERS_PER_RUN = Number(process.env['BENCH_ORDERS'] ?? 1_000);
const ORDER_WARMUP = 100;

/** `POST checkout/orders` at 10 connections over distinct bags. */
async function placeOrderRow(target: BenchTarget): Promise<MeasuredRow> {
  console.log(`Preparing ${ORDERS_PER_RUN + ORDER_WARMUP} bags for the checkout bench…`);
  const bags = await orderBags(target.base, ORDERS_PER_RUN + ORDER_WARMUP);
  await placeOrders(target.base, bags.slice(0, ORDER_WARMUP), 10);
  return measure(target, 'placeOrder', 10, (result) => `${result.requests} bags`, () => placeOrders(target.base, bags.slice(ORDER_WARMUP), 10));
}

/** Bookings per run: holds of distinct free service times, then their confirmations; cancelled after. */
const BOOKINGS_PER_RUN = Number(process.env['BENCH_BOOKINGS'] ?? 1_000);
const BOOKING_WARMUP = 100;

/** Holds and confirmations at 10 connections over distinct free times (issue 14: create reservation). */
async function reservationRows(target: BenchTarget): Promise<MeasuredRow[]> {
  const base = target.base;
  console.log(`Finding ${BOOKINGS_PER_RUN + BOOKING_WARMUP} free service times for the booking bench…`);
  const times = await freeHolds(base, BOOKINGS_PER_RUN + BOOKING_WARMUP);
  const warm = await holdTimes(base, times.slice(0, BOOKING_WARMUP), 10);
  const warmBooked = await confirmHolds(base, warm.holds, 10);
  let held: Awaited<ReturnType<typeof holdTimes>>['holds'] = [];
  const holdRow = await measure(target, 'holdTime', 10, (result) => `${result.requests} times`, async () => {
    const { run, holds } = await holdTimes(base, times.slice(BOOKING_WARMUP), 10);
    held = holds;
    return run;
  });
  let booked: Awaited<ReturnType<typeof confirmHolds>>['bookings'] = [];
  const confirmRow = await measure(target, 'confirmBooking', 10, (result) => `${result.requests} holds`, async () => {
    const { run, bookings } = await confirmHolds(base, held, 10);
    booked = bookings;
    return run;
  });
  const all = [...warmBooked.bookings, ...booked];
  const cancelled = await cancelBookings(base, all);
  console.log(`  ${cancelled} of ${all.length} bench bookings cancelled again`);
  return [holdRow, confirmRow];
}
