import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './env.ts';
import { DataDirLockedError } from './lock.ts';
import type { PageRenderer } from './render/pages.ts';
import { startServer, type RunningServer } from './server.ts';

/** `npm start`: the API and the built SPA on one port. */
const startedAt = performance.now();
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
