import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files the browser fetches; source maps are left out (only developer tools read them). */
export const PRECOMPRESSED_EXTENSIONS = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.html', '.txt', '.xml', '.webmanifest']);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes `<file>.br` (brotli 11) and `<file>.gz` (gzip 9) beside every text file of the build,
 * each only when it is smaller than the file. The server sends them as they are (serveStatic's
 * `precompressed`), so the slowest, smallest settings cost nothing per request. Skips `.vite/`
 * (the build manifest is read by tools, not browsers). Returns the files it wrote.
 */
export async function precompressDir(dir: string): Promise<string[]> {
  const files = (await filesUnder(dir)).filter((file) => PRECOMPRESSED_EXTENSIONS.has(path.extname(file)) && !path.relative(dir, file).split(path.sep).includes('.vite'));
  const written = await Promise.all(
    files.map(async (file) => {
      const body = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      const out: string[] = [];
      for (const [suffix, compressed] of [['.br', br], ['.gz', gz]] as const) {
        if (compressed.length >= body.length) continue;
        await writeFile(file + suffix, compressed);
        out.push(file + suffix);
      }
      return out;
    }),
  );
  return written.flat();
}

/** Precompresses the production build once it is written (`dist/web`). */
export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'beauty-pass:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After every file is on disk, the public directory's copies included.
    async closeBundle(error?: Error) {
      if (error) return;
      const written = await precompressDir(outDir);
      this.info(`${written.length} precompressed files (.br, .gz) in ${path.relative(process.cwd(), outDir) || '.'}`);
    },
  };
}
