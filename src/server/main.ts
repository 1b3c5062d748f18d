import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig } from './env.ts';
import { DataDirLockedError } from './lock.ts';
import type { PageRenderer } from './render/pages.ts';
import { startServer, type RunningServer } from './server.ts';

/** `npm start`: the API and the built SPA on one port (node's flags are the start command's: docs/operations.md). */
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
    shutdown: config.shutdown,
    ...(config.giftCardIntervalMs === null ? {} : { giftCardIntervalMs: config.giftCardIntervalMs }),
    staticDir,
    pages: await loadPageRenderer(),
  });
  const ms = Math.round(performance.now() - startedAt);
  const spa = existsSync(staticDir) ? '' : ', API only: run `npm run build` for the SPA';
  console.log(`Beauty Pass ready at ${server.url} in ${ms} ms (${server.database}${server.seeded ? `, seeded ${config.seedProducts} products` : ''}${spa})`);

  // SIGTERM or SIGINT: drain (src/server/http/listener.ts), then exit 0. The deadline covers the
  // readiness delay, the requests' own deadline and the jobs' last run; past it the process exits 1
  // rather than hold its port forever. A second signal exits at once.
  closeWithGrace(
    {
      delay: config.shutdown.delayMs + config.shutdown.timeoutMs + SHUTDOWN_MARGIN_MS,
      logger: { error: (message: unknown) => console.error(message) },
      onTimeout: (ms: number) => console.error(`Shutdown took longer than ${ms} ms; exiting`),
    },
    async ({ signal, err }) => {
      if (err) console.error('Stopping after an uncaught error:', err);
      else console.log(`${signal ?? 'exit'}: draining (readiness 503, requests in flight finish), then shutting down`);
      await server.close();
    },
  );
}

/** Time for the jobs to reach a safe point and the pool to end, after the requests' own deadline. */
const SHUTDOWN_MARGIN_MS = 5_000;

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) console.error(error.message);
  else console.error('Start-up failed:', error);
  process.exit(1);
});
