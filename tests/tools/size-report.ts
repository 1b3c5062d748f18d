/**
 * What each route's first screen costs on the wire, as the built server sends it: starts
 * `dist/server/main.mjs` on a free port with a small fresh catalogue, asks for each page's HTML,
 * then for every JS and CSS file of its first screen with `Accept-Encoding: br`, and adds up the
 * bytes received (not decoded). The files are the entry chunk and its static imports, the route's
 * screen chunk and its static imports and the language catalogs the screen waits for (from the Vite
 * build manifest), plus whatever the HTML itself loads or preloads (`<script src>`,
 * `<link rel="modulepreload">`, `<link rel="stylesheet">`, and the modules its boot script loads).
 * Fails when a route is over the JS budget
 * or when a text file that compresses arrives uncompressed. Sizes are deterministic for a build, so
 * this is a check; times are not, so they live in benchmarks.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { API_PREFIX } from '../../src/config/constants.ts';
import { COMPRESSION_THRESHOLD } from '../../src/server/http/compression.ts';
import { MODULE_LIST_ID } from '../../src/server/render/boot-script.ts';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** KB of JS, as sent with brotli, allowed before the first screen of each route. */
export const BUDGET_BROTLI_KB = 95;

/**
 * The first screens' messages. A screen that waits for a feature's messages before it can render
 * (`useFeatureCatalog`, lingui.config.ts) lists `i18n/features/<feature>/en.po` too; none of these does.
 */
const STOREFRONT_CATALOG = 'i18n/en.po';

/** Slugs of the seeded catalogue that page paths are made of. */
interface Refs {
  category: string;
  product: string;
  brand: string;
}

export interface SizedRoute {
  name: string;
  screen: string;
  path: (refs: Refs) => string;
  catalogs: string[];
}

export const ROUTES: SizedRoute[] = [
  { name: 'home', screen: 'src/web/features/catalog/home-screen.tsx', path: () => '/', catalogs: [STOREFRONT_CATALOG] },
  { name: 'category listing', screen: 'src/web/features/catalog/category-screen.tsx', path: (r) => `/categories/${r.category}`, catalogs: [STOREFRONT_CATALOG] },
  { name: 'product', screen: 'src/web/features/product/product-screen.tsx', path: (r) => `/products/${r.product}`, catalogs: [STOREFRONT_CATALOG] },
  { name: 'brand listing', screen: 'src/web/features/catalog/brand-screen.tsx', path: (r) => `/brands/${r.brand}`, catalogs: [STOREFRONT_CATALOG] },
  { name: 'sale listing', screen: 'src/web/features/catalog/sale-screen.tsx', path: () => '/sale', catalogs: [STOREFRONT_CATALOG] },
  { name: 'search results', screen: 'src/web/features/catalog/search-screen.tsx', path: () => '/search?q=lip', catalogs: [STOREFRONT_CATALOG] },
  { name: 'sign-in', screen: 'src/web/features/account/sign-in-screen.tsx', path: () => '/sign_in', catalogs: [STOREFRONT_CATALOG] },
];

/** One answer as it crossed the wire: the body's bytes before any decoding. */
interface Sent {
  status: number;
  encoding: string | null;
  type: string;
  body: Buffer;
}

function get(url: string, acceptEncoding: string): Promise<Sent> {
  return new Promise((resolve, reject) => {
    // node:http, not fetch: fetch decodes the body, and the size as sent is what is measured.
    const req = request(url, { headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, encoding: res.headers['content-encoding'] ?? null, type: res.headers['content-type'] ?? '', body: Buffer.concat(parts) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function closure(manifest: Manifest, keys: string[]): ManifestChunk[] {
  const seen = new Map<string, ManifestChunk>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`size-report: ${key} is not in the build manifest`);
    seen.set(key, chunk);
    for (const next of chunk.imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return [...seen.values()];
}

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1] ?? null;

/** What the page's HTML loads for its first screen: module scripts, module preloads, the boot script's modules, style sheets (a disabled one is not fetched). */
export function filesOfHtml(html: string): { js: string[]; css: string[] } {
  const css: string[] = [];
  const list = new RegExp(`<script type="application/json" id="${MODULE_LIST_ID}">(.*?)</script>`, 's').exec(html)?.[1];
  const js: string[] = list ? (JSON.parse(list) as string[]) : [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attribute(tag, 'src');
    if (src) js.push(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attribute(tag, 'rel')?.toLowerCase();
    const href = attribute(tag, 'href');
    if (href && rel === 'modulepreload') js.push(href);
    if (href && rel === 'stylesheet' && !/\sdisabled\b/i.test(tag)) css.push(href);
  }
  return { js, css };
}

/** A text answer that should have come compressed: a built file that brotli shrinks, or anything else of 1 KB or more. */
function sentUncompressed(sent: Sent, isBuiltFile: boolean): boolean {
  if (sent.encoding !== null || !/^(?:text\/|application\/(?:javascript|json)|image\/svg)/.test(sent.type)) return false;
  return isBuiltFile ? brotliCompressSync(sent.body).length < sent.body.length : sent.body.length >= COMPRESSION_THRESHOLD;
}

export interface RouteSize {
  name: string;
  path: string;
  jsFiles: number;
  jsKB: number;
  cssKB: number;
  htmlKB: number;
  /** URLs of text files that arrived without Content-Encoding although they compress. */
  uncompressed: string[];
  /** Each JS file of the first screen with its KB as sent (`--files` prints them: what to cut first). */
  jsSent: { file: string; kb: number }[];
}

async function refsOf(origin: string): Promise<Refs> {
  const json = async <T>(path: string) => JSON.parse((await get(`${origin}${API_PREFIX}${path}`, 'identity')).body.toString()) as T;
  const products = await json<{ data: { slug: string; brand: { slug: string } }[] }>('/products?per_page=1');
  const categories = await json<{ data: { path: string }[] }>('/categories');
  const product = products.data[0];
  const category = categories.data[0];
  if (!product || !category) throw new Error('size-report: the seeded catalogue has no product or no category');
  return { product: product.slug, brand: product.brand.slug, category: category.path };
}

/** Sizes as sent by the server at `origin`, which serves the build in `distDir`. */
export async function measure(origin: string, distDir: string): Promise<RouteSize[]> {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('size-report: no entry chunk in the build manifest');
  const refs = await refsOf(origin);
  const rows: RouteSize[] = [];
  for (const route of ROUTES) {
    const path = route.path(refs);
    const page = await get(`${origin}${path}`, 'br');
    if (page.status !== 200) throw new Error(`size-report: ${path} answered ${page.status}`);
    const uncompressed = sentUncompressed(page, false) ? [path] : [];
    const chunks = closure(manifest, [entry, route.screen, ...route.catalogs]);
    const fromHtml = filesOfHtml((page.encoding === null ? page.body : (await get(`${origin}${path}`, 'identity')).body).toString());
    const js = new Set([...chunks.map((chunk) => `/${chunk.file}`).filter((file) => file.endsWith('.js')), ...fromHtml.js]);
    const css = new Set([...chunks.flatMap((chunk) => chunk.css ?? []).map((file) => `/${file}`), ...fromHtml.css]);
    const bytes = async (files: Set<string>, each?: { file: string; kb: number }[]) => {
      let total = 0;
      for (const file of files) {
        const sent = await get(new URL(file, origin).href, 'br');
        if (sent.status !== 200) throw new Error(`size-report: ${file} (first screen of ${path}) answered ${sent.status}`);
        if (sentUncompressed(sent, true)) uncompressed.push(file);
        total += sent.body.length;
        each?.push({ file, kb: sent.body.length / 1024 });
      }
      return total / 1024;
    };
    const jsSent: { file: string; kb: number }[] = [];
    rows.push({ name: route.name, path, jsFiles: js.size, jsKB: await bytes(js, jsSent), cssKB: await bytes(css), htmlKB: page.body.length / 1024, uncompressed, jsSent });
  }
  return rows;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The built server on a fresh data directory, as `npm run serve` runs it; resolves once the API answers. */
async function startBuiltServer(root: string): Promise<{ origin: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'beauty-pass-size-'));
  const child = spawn(process.execPath, ['dist/server/main.mjs'], { cwd: root, env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED_PRODUCTS: '60' }, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  child.stdout.on('data', (part: Buffer) => output.push(part.toString()));
  child.stderr.on('data', (part: Buffer) => output.push(part.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && child.exitCode === null) {
    const ready = await get(`${origin}${API_PREFIX}/layouts`, 'identity').then((sent) => sent.status === 200, () => false);
    if (ready) return { origin, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`size-report: the built server did not start:\n${output.join('')}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = join(import.meta.dirname, '..', '..');
  const server = await startBuiltServer(root);
  let rows: RouteSize[];
  try {
    rows = await measure(server.origin, join(root, 'dist', 'web'));
  } finally {
    await server.stop();
  }
  console.log(`First screens as sent (Accept-Encoding: br; budget ${BUDGET_BROTLI_KB} KB of JS)`);
  console.log(`${'route'.padEnd(18)}${'JS files'.padStart(9)}${'JS KB'.padStart(9)}${'CSS KB'.padStart(9)}${'HTML KB'.padStart(9)}  path`);
  for (const row of rows) {
    console.log(`${row.name.padEnd(18)}${String(row.jsFiles).padStart(9)}${row.jsKB.toFixed(1).padStart(9)}${row.cssKB.toFixed(1).padStart(9)}${row.htmlKB.toFixed(1).padStart(9)}  ${row.path}`);
    if (process.argv.includes('--files')) for (const { file, kb } of row.jsSent) console.log(`${''.padEnd(18)}${kb.toFixed(2).padStart(18)}  ${file}`);
  }
  const over = rows.filter((row) => row.jsKB > BUDGET_BROTLI_KB);
  const uncompressed = rows.flatMap((row) => row.uncompressed.map((file) => `${row.name}: ${file}`));
  for (const row of over) console.error(`size-report: ${row.name} sends ${row.jsKB.toFixed(1)} KB of JS before its first screen (budget ${BUDGET_BROTLI_KB} KB)`);
  for (const line of new Set(uncompressed)) console.error(`size-report: sent without Content-Encoding although it compresses: ${line}`);
  if (over.length > 0 || uncompressed.length > 0) process.exit(1);
}
