import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** A chunk of the client build's manifest (`dist/web/.vite/manifest.json`), as the server reads it. */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  /** The stylesheets Vite split off with the chunk (a feature's styles: src/web/features/<feature>/*.css). */
  css?: string[];
}

/** What a page loads of its own chunks: script URLs to preload, and the URLs of their stylesheets. */
export interface PageAssets {
  scripts: string[];
  styles: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** Where the client build writes its manifest. */
export function manifestPath(staticDir: string): string {
  return path.join(path.resolve(staticDir), '.vite', 'manifest.json');
}

function closure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return seen;
}

/**
 * The files of a page's own chunks (its screen, the views it shows at once, its language catalog,
 * with their imports), from the client build's manifest, as URLs: the page preloads them with its
 * entry (boot-script.ts) instead of the entry discovering them one import after another, and
 * carries their stylesheets (chunk-styles.ts), so its first paint has the styles its screen would
 * only get once its chunk ran. The entry's own imports are in the entry chunk. An unknown module (a
 * build without it) is left out rather than failing the page.
 */
export function createPreloads(staticDir: string): (modules: readonly string[]) => Promise<PageAssets> {
  let manifest: Promise<{ chunks: Manifest; entry: Set<string> } | null> | null = null;
  const load = () =>
    (manifest ??= readFile(manifestPath(staticDir), 'utf8').then(
      (text) => {
        const chunks = JSON.parse(text) as Manifest;
        const entries = Object.keys(chunks).filter((key) => chunks[key]?.isEntry);
        return { chunks, entry: closure(chunks, entries) };
      },
      // A build without a manifest (tests' hand-made index.html) preloads nothing.
      () => null,
    ));
  return async (modules) => {
    const built = await load();
    if (!built) return { scripts: [], styles: [] };
    const own = [...closure(built.chunks, modules)].filter((key) => !built.entry.has(key)).flatMap((key) => built.chunks[key] ?? []);
    const scripts = own.map((chunk) => chunk.file).filter((file) => file.endsWith('.js'));
    const styles = [...new Set(own.flatMap((chunk) => chunk.css ?? []))];
    return { scripts: scripts.map((file) => `/${file}`), styles: styles.map((file) => `/${file}`) };
  };
}
