import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { ConfigError, loadConfig } from './env.ts';
import { DataDirLockedError } from './lock.ts';
import type { PageRenderer } from './render/pages.ts';
import { startServer, type RunningServer } from './server.ts';

/** `npm start`: the API and the built SPA on one port. */
const startedAt = performance.now();
// V8 lets its old generation grow to up to four times what the last full collection kept before
// collecting again. A page rendered per request allocates about 4 MB, and at 100+ renders a second
// the heap then reached 250-400 MB around 65 MB kept: the server's peak memory in `npm run bench`
// was 770-940 MB over the member pages' runs alone. Twice what was kept holds it at 600-640 MB, for
// CPU per render within the runs' noise. A `--heap-growing-percent` given to node wins.
if (!process.execArgv.some((arg) => arg.startsWith('--heap-growing-percent'))) setFlagsFromString('--heap-growing-percent=100');
// The built SPA: beside the server bundle (dist/server/main.mjs → dist/web), or from the sources (src/server/main.ts).
const staticDir = fileURLToPath(new URL(import.meta.url.endsWith('.mjs') ? '../web' : '../../dist/web', import.meta.url));
// The server renderer of pages, built beside them (`vite build --ssr`, dist/ssr).
const ssrEntry = new URL(import.meta.url.endsWith('.mjs') ? '../ssr/entry-server.js' : '../../dist/ssr/entry-server.js', import.meta.url);

async function loadPageRenderer(): Promise<PageRenderer | null> {
  if (!existsSync(fileURLToPath(ssrEntry))) return null;
  return (await import(ssrEntry.href)) as PageRenderer;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const server: RunningServer = await startServer({
    port: config.port,
    dataDir: config.dataDir,
    ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
    seedProducts: config.seedProducts,
    pageCacheBytes: config.pageCacheBytes,
    ...(config.giftCardIntervalMs === null ? {} : { giftCardIntervalMs: config.giftCardIntervalMs }),
    staticDir,
    pages: await loadPageRenderer(),
  });
  const ms = Math.round(performance.now() - startedAt);
  const spa = existsSync(staticDir) ? '' : ', API only: run `npm run build` for the SPA';
  console.log(`Beauty Pass ready at ${server.url} in ${ms} ms (${server.database}${server.seeded ? `, seeded ${config.seedProducts} products` : ''}${spa})`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
    // A stuck close must not keep the process (and the lock) forever.
    const timer = setTimeout(() => {
      console.error('Shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Shutdown failed:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) console.error(error.message);
  else console.error('Start-up failed:', error);
  process.exit(1);
});
