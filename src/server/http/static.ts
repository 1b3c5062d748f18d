import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { GOOGLE_SIGN_IN_META_NAME, type GoogleSignInMeta } from '../../contract/account.ts';
import { loadSandboxFlag } from '../env.ts';
import { IMMUTABLE } from './cache.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
};

function contentType(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

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

/**
 * The built SPA: hashed files under `assets/` are cached for a year, everything else is
 * revalidated, and any other page path gets `index.html` (client-side routing).
 */
export function serveSpa(staticDir: string, { sandbox = loadSandboxFlag(), googleSignIn = null }: SpaOptions = {}): MiddlewareHandler {
  const root = path.resolve(staticDir);
  const indexFile = path.join(root, 'index.html');
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
    if (c.req.path === '/api' || c.req.path.startsWith('/api/')) return next();

    let relative: string;
    try {
      relative = decodeURIComponent(c.req.path);
    } catch {
      return c.text('Bad request', 400);
    }
    // Resolve inside the root and refuse anything that escapes it (`..`, encoded or not) or has a NUL.
    const file = path.resolve(root, `.${path.posix.normalize(`/${relative}`)}`);
    const inside = file === root || file.startsWith(root + path.sep);
    if (!inside || relative.includes('\0')) return c.text('Not found', 404);

    const isAsset = file.startsWith(path.join(root, 'assets') + path.sep);
    if (file !== root && (await isFile(file))) {
      const body = file === indexFile ? await html(await readFile(file)) : await readFile(file);
      return c.body(body, 200, {
        'Content-Type': contentType(file),
        'Cache-Control': isAsset ? IMMUTABLE : 'no-cache',
        'X-Content-Type-Options': 'nosniff',
      });
    }
    // A missing hashed asset is a real 404: answering HTML would hide a stale deploy from the SPA.
    if (isAsset || path.extname(file) !== '' || !(await isFile(indexFile))) return c.text('Not found', 404);
    return c.body(await html(await readFile(indexFile)), 200, { 'Content-Type': CONTENT_TYPES['.html'] ?? 'text/html', 'Cache-Control': 'no-cache' });
  };
}
