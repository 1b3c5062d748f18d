/**
 * The real server for `npm run bench:web`: the bundle `npm start` runs (dist/server/main.mjs) as
 * a child process, and the real URLs the bench opens, read from its API.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { API_PREFIX, CLIENT_HEADERS } from '../../src/config/constants.ts';
import { CategoryTreeSchema, ProductListResponseSchema, type CategoryNode } from '../../src/contract/catalog.ts';
import { SearchResponseSchema } from '../../src/contract/search.ts';

export interface Server {
  child: ChildProcess;
  base: string;
  /** Spawn → first answer, in ms. */
  startMs: number;
  /** `performance.now()` at spawn. */
  spawnedAt: number;
  /** What the server printed as ready. */
  readyLine: string;
  output: string[];
}

/** The headers the SPA sends (spec §7): the API refuses requests without them. */
const HEADERS = { ...CLIENT_HEADERS, Accept: 'application/json', 'Accept-Language': 'en-SG', 'X-Site-Country': 'sg' };

/**
 * node's flags in `npm run serve` (package.json), where an operator reads them: the benches and
 * the scale suite start their servers with the same ones.
 */
export function serveNodeFlags(root: string): string[] {
  const { scripts } = JSON.parse(readFileSync(`${root}/package.json`, 'utf8')) as { scripts: Record<string, string> };
  return (scripts['serve'] ?? '').split(/\s+/).filter((word) => word.startsWith('--'));
}

/**
 * Starts the server as `npm start` runs it (`node <serve's flags> dist/server/main.mjs`, with
 * `nodeArgs` such as `--cpu-prof`) on `port` with `env`; resolves once its API answers. Both benches use it.
 */
export async function startServer(root: string, port: number, env: Record<string, string>, timeoutMs: number, nodeArgs: readonly string[] = []): Promise<Server> {
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, ...serveNodeFlags(root), 'dist/server/main.mjs'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  let readyLine = '';
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      output.push(line);
      if (line.includes('ready at')) readyLine = line;
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before answering (a BENCH_DATA_DIR from an older schema must be deleted):\n${output.slice(-20).join('\n')}`))),
  );
  exited.catch(() => undefined);
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    const answered = await Promise.race([
      fetch(`${base}${API_PREFIX}/categories`, { headers: HEADERS }).then(
        (response) => response.ok,
        () => false,
      ),
      exited,
    ]);
    if (answered) return { child, base, startMs: performance.now() - started, spawnedAt: started, readyLine, output };
    if (performance.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer within ${Math.round(timeoutMs / 1000)} s:\n${output.slice(-20).join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

async function getJson<S extends v.GenericSchema>(base: string, pathAndQuery: string, schema: S): Promise<v.InferOutput<S>> {
  const response = await fetch(`${base}${API_PREFIX}/${pathAndQuery}`, { headers: HEADERS });
  if (!response.ok) throw new Error(`GET ${pathAndQuery} answered ${response.status}`);
  return v.parse(schema, await response.json());
}

/** What the pages' URLs are made of: taken from the catalogue the server holds, never guessed. */
export interface StoreData {
  /** A top-level category's path with products in it (`makeup`). */
  category: string;
  /** A product of that listing. */
  productSlug: string;
  /** A search that finds products. */
  searchTerm: string;
}

export async function readStoreData(base: string): Promise<StoreData> {
  const { data: tree } = await getJson(base, 'categories', CategoryTreeSchema);
  for (const top of tree satisfies CategoryNode[]) {
    const { data: products } = await getJson(base, `products?category=${encodeURIComponent(top.path)}`, ProductListResponseSchema);
    const first = products[0];
    if (!first) continue;
    // Words of the product's and its brand's names, longest first: a shopper's kind of query.
    const words = [...new Set(`${first.name} ${first.brand.name}`.toLowerCase().split(/[^\p{L}\p{N}]+/u))].filter((word) => word.length >= 4).sort((a, b) => b.length - a.length);
    for (const word of words) {
      const { data: found, meta } = await getJson(base, `search?q=${encodeURIComponent(word)}`, SearchResponseSchema);
      // Results for the word as typed: a corrected query would measure the correction's page.
      if (found.length > 0 && meta.corrected === null) return { category: top.path, productSlug: first.slug, searchTerm: word };
    }
  }
  throw new Error('no category with products whose words a search finds: is the catalogue seeded?');
}
