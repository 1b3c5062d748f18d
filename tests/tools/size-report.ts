/**
 * JavaScript a shopper downloads before the first screen of a route, measured from the Vite build
 * manifest: the entry chunk, everything it imports statically, and the route's lazy screen chunk
 * with its static imports. Prints raw, gzip and brotli sizes and fails when a route is over budget.
 * Sizes are deterministic for a build, so this is a check; times are not, so they live in benchmarks.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * KB of brotli-compressed JS allowed before the first screen of each route. 95 until issue 17, whose
 * view-models (`*.connect.ts` beside every machine a view shows, four on every first screen) and
 * one API provider cost 0.2–0.5 KB after the trims listed in the README's decisions.
 */
export const BUDGET_BROTLI_KB = 95.5;

export const ROUTES: { name: string; screen: string }[] = [
  { name: 'home', screen: 'src/web/features/catalog/home-screen.tsx' },
  { name: 'category listing', screen: 'src/web/features/catalog/category-screen.tsx' },
  { name: 'product', screen: 'src/web/features/product/product-screen.tsx' },
  { name: 'brand listing', screen: 'src/web/features/catalog/brand-screen.tsx' },
  { name: 'sale listing', screen: 'src/web/features/catalog/sale-screen.tsx' },
  { name: 'search results', screen: 'src/web/features/catalog/search-screen.tsx' },
];

function closure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`size-report: ${key} is not in the build manifest`);
    seen.add(key);
    for (const next of chunk.imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return seen;
}

export function measure(distDir: string) {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('size-report: no entry chunk in the build manifest');
  return ROUTES.map(({ name, screen }) => {
    // The first screen also waits for the English catalog (the default language of most countries).
    const keys = [...closure(manifest, [entry, screen, 'i18n/en.po'])];
    const files = keys.flatMap((key) => manifest[key]?.file ?? []).filter((file) => file.endsWith('.js'));
    const bytes = Buffer.concat(files.map((file) => readFileSync(join(distDir, file))));
    return {
      name,
      files: files.length,
      rawKB: bytes.length / 1024,
      gzipKB: gzipSync(bytes, { level: 9 }).length / 1024,
      brotliKB: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length / 1024,
    };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = measure(join(import.meta.dirname, '..', '..', 'dist', 'web'));
  console.log('route               chunks   raw KB  gzip KB  brotli KB  (budget ' + BUDGET_BROTLI_KB + ' KB brotli)');
  let over = false;
  for (const row of rows) {
    console.log(`${row.name.padEnd(20)}${String(row.files).padStart(6)}${row.rawKB.toFixed(1).padStart(9)}${row.gzipKB.toFixed(1).padStart(9)}${row.brotliKB.toFixed(1).padStart(11)}`);
    if (row.brotliKB > BUDGET_BROTLI_KB) over = true;
  }
  if (over) {
    console.error(`size-report: a route loads more than ${BUDGET_BROTLI_KB} KB brotli of JS before its first screen`);
    process.exit(1);
  }
}
