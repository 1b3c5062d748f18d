import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

/*
 * `npm run build` (after the SPA): the server as one ES module, dist/server/main.mjs, which
 * `npm start` runs with plain node. Loading the TypeScript sources through tsx took 1.1–1.6 s of
 * every start (a transform hook on each of several hundred modules); the bundle loads in 0.5 s.
 * Packages stay outside the bundle (PGlite finds its WebAssembly and data files beside its own
 * modules), and the migrations and SQL functions are copied beside it: the server finds them
 * relative to itself.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const out = `${root}dist/server`;

export async function bundleServer(): Promise<void> {
  rmSync(out, { recursive: true, force: true });
  await build({
    input: `${root}src/server/main.ts`,
    platform: 'node',
    // Bare specifiers are packages (node_modules) or node builtins.
    external: (id: string) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0'),
    output: { file: `${out}/main.mjs`, format: 'esm', sourcemap: true },
    logLevel: 'warn',
  });
  cpSync(`${root}src/server/db/migrations`, `${out}/migrations`, { recursive: true });
  cpSync(`${root}src/server/db/functions`, `${out}/functions`, { recursive: true });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await bundleServer();
  console.log(`Server bundled: ${out}/main.mjs`);
}
