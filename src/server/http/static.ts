import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import type { GoogleSignInMeta } from '../../contract/account.ts';
import { createHeadMeta, withHeadMeta, type HeadMeta } from '../render/head-meta.ts';
import { loadSandboxFlag } from '../env.ts';
import { IMMUTABLE } from './cache.ts';

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

export interface SpaOptions {
  /** Tell the SPA that developer pages are on (`SANDBOX=1`); read from the environment by default. */
  sandbox?: boolean;
  /** Google sign-in is configured: where the browser starts it (null while the issuer cannot be reached). */
  googleSignIn?: (() => Promise<GoogleSignInMeta | null>) | null;
  /** The meta tags shared with the server-rendered pages (one discovery for both); made from the two above otherwise. */
  headMeta?: () => Promise<HeadMeta>;
}

const JSON_TYPE = /^application\/(?:[a-z.+-]+\+)?json$/;

export const isApiPath = (urlPath: string) => urlPath === '/api' || urlPath.startsWith('/api/');

/**
 * The built files: hashed `assets/` cached for a year, everything else revalidated. Text files
 * go out as the `.br` or `.gz` copy the build wrote beside them (src/build/precompress-plugin.ts)
 * when the client accepts it, streamed with their length and never compressed per request.
 * Paths with `..`, `%`, backslashes or doubled slashes are refused by `serveStatic` and fall
 * through to the page handler, which answers 404 for anything that looks like a file.
 * `index.html` is left to the page handler, which writes the meta tags into it.
 */
export function serveBuiltFiles(staticDir: string): MiddlewareHandler {
  const root = path.resolve(staticDir);
  const files = serveStatic({ root, precompressed: true });
  return async (c, next) => {
    if (isApiPath(c.req.path) || c.req.path === '/' || c.req.path === '/index.html') return next();
    let missing = false;
    const res = await files(c, async () => {
      missing = true;
    });
    if (missing || !res) return next();
    res.headers.set('Cache-Control', c.req.path.startsWith('/assets/') ? IMMUTABLE : 'no-cache');
    // Hono's type table names no charset for JSON (latest-build.json, build manifests, the web manifest).
    const type = res.headers.get('Content-Type') ?? '';
    if (JSON_TYPE.test(type)) res.headers.set('Content-Type', `${type}; charset=utf-8`);
    return res;
  };
}

/**
 * Page paths get `index.html` with the meta tags (sandbox, Google sign-in), for client-side
 * routing; the server-rendered page will take this handler's place. A missing hashed asset or any
 * other path with an extension is a real 404: answering HTML would hide a stale deploy from the SPA.
 */
export function serveSpaHtml(staticDir: string, { sandbox = loadSandboxFlag(), googleSignIn = null, headMeta = createHeadMeta({ sandbox, googleSignIn }) }: SpaOptions = {}): MiddlewareHandler {
  const indexFile = path.join(path.resolve(staticDir), 'index.html');
  const html = async (body: Buffer<ArrayBuffer>): Promise<Buffer<ArrayBuffer>> => {
    const { tags } = await headMeta();
    return tags === '' ? body : Buffer.from(withHeadMeta(body.toString('utf8'), tags));
  };
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    if (isApiPath(c.req.path)) return next();

    let relative: string;
    try {
      relative = decodeURIComponent(c.req.path);
    } catch {
      return c.text('Bad request', 400);
    }
    // Only index.html is ever read here, so `..` cannot reach a file; it is normalized away for the checks below.
    const page = path.posix.normalize(`/${relative}`);
    const isFileLike = page.startsWith('/assets/') || (page !== '/index.html' && path.posix.extname(page) !== '');
    if (isFileLike || relative.includes('\0') || !(await isFile(indexFile))) return c.text('Not found', 404);
    return c.body(await html(await readFile(indexFile)), 200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' });
  };
}

/** The built SPA as one middleware: its files, then index.html for page paths. */
export function serveSpa(staticDir: string, options: SpaOptions = {}): MiddlewareHandler {
  return every(serveBuiltFiles(staticDir), serveSpaHtml(staticDir, options));
}
