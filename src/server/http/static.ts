import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import { GOOGLE_SIGN_IN_META_NAME, type GoogleSignInMeta } from '../../contract/account.ts';
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
}

export const SANDBOX_META = '<meta name="beauty-pass-sandbox" content="on">';

/** Puts meta tags into the head of index.html. */
export function withHeadMeta(html: string, meta: string): string {
  if (meta === '') return html;
  // `() => meta`: a replacement string would expand `$&` and the like found in the meta.
  if (html.includes('</head>')) return html.replace('</head>', () => `${meta}</head>`);
  // No head element written out: the parser puts a meta found before the body into the head anyway.
  const doctype = /^\s*<!doctype html>/i.exec(html);
  return doctype ? `${doctype[0]}${meta}${html.slice(doctype[0].length)}` : `${meta}${html}`;
}

/** The SPA reads this meta before it builds its route table (src/web/sandbox/gate.ts). */
export function withSandboxMeta(html: string): string {
  return withHeadMeta(html, SANDBOX_META);
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', "'": '&#39;', '<': '&lt;', '>': '&gt;' };

export function escapeHtmlAttribute(value: string): string {
  return value.replace(/[&"'<>]/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** `<meta name="bp-google-signin" content="{&quot;authorizationEndpoint&quot;:…}">`: JSON, escaped for the attribute. */
export function googleSignInMeta(config: GoogleSignInMeta): string {
  const json = JSON.stringify({ authorizationEndpoint: config.authorizationEndpoint, clientId: config.clientId });
  return `<meta name="${GOOGLE_SIGN_IN_META_NAME}" content="${escapeHtmlAttribute(json)}">`;
}

/** How often an unreachable issuer is asked again while pages are served without the Google button. */
const GOOGLE_RETRY_MS = 60_000;

const JSON_TYPE = /^application\/(?:[a-z.+-]+\+)?json$/;

const isApiPath = (urlPath: string) => urlPath === '/api' || urlPath.startsWith('/api/');

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
export function serveSpaHtml(staticDir: string, { sandbox = loadSandboxFlag(), googleSignIn = null }: SpaOptions = {}): MiddlewareHandler {
  const indexFile = path.join(path.resolve(staticDir), 'index.html');
  let googleMetaTag: string | null = null;
  let googleTriedAt = Number.NEGATIVE_INFINITY;
  // Found once (discovery does not change while we run); a failure is retried at most once a minute, so an unreachable issuer cannot slow every page.
  const googleMeta = async (): Promise<string> => {
    if (googleMetaTag !== null || !googleSignIn) return googleMetaTag ?? '';
    if (Date.now() - googleTriedAt < GOOGLE_RETRY_MS) return '';
    googleTriedAt = Date.now();
    const config = await googleSignIn().catch(() => null);
    if (config) googleMetaTag = googleSignInMeta(config);
    return googleMetaTag ?? '';
  };
  const html = async (body: Buffer<ArrayBuffer>): Promise<Buffer<ArrayBuffer>> => {
    const meta = (sandbox ? SANDBOX_META : '') + (await googleMeta());
    return meta === '' ? body : Buffer.from(withHeadMeta(body.toString('utf8'), meta));
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
