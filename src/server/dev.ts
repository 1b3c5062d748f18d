import { createServer } from 'vite';
import { loadConfig, loadMailConfig } from './env.ts';
import { startServer } from './server.ts';

/**
 * `npm run dev`: the API on API_PORT (default 8081) and Vite with hot reload on PORT (8080);
 * vite.config.ts proxies `/api/web/v1` to the API.
 */
const startedAt = performance.now();
const config = loadConfig();
const apiPort = Number(process.env['API_PORT'] ?? 8081);
const mail = loadMailConfig();

const api = await startServer({
  port: apiPort,
  dataDir: config.dataDir,
  ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
  seedProducts: config.seedProducts,
  staticDir: null,
  hostname: '127.0.0.1',
  // Development always has the sandbox (the mailbox); email links open the Vite page, not the API port.
  sandbox: true,
  mail: { ...mail, publicUrl: mail.publicUrl ?? `http://localhost:${config.port}` },
});
const vite = await createServer({ server: { port: config.port } });
await vite.listen();
const local = vite.resolvedUrls?.local[0] ?? `http://localhost:${config.port}/`;
console.log(`Beauty Pass dev ready at ${local} (API ${api.url}, ${api.database}) in ${Math.round(performance.now() - startedAt)} ms`);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  Promise.allSettled([vite.close(), api.close()]).then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
