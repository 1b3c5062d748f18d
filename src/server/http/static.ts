import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { loadSandboxFlag } from '../config.ts';
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
}

export const SANDBOX_META = '<meta name="beauty-pass-sandbox" content="on">';

/** The SPA reads this meta before it builds its route table (src/web/sandbox/gate.ts). */
export function withSandboxMeta(html: string): string {
  if (html.includes('</head>')) return html.replace('</head>', `${SANDBOX_META}</head>`);
  // No head element written out: the parser puts a meta found before the body into the head anyway.
  const doctype = /^\s*<!doctype html>/i.exec(html);
  return doctype ? `${doctype[0]}${SANDBOX_META}${html.slice(doctype[0].length)}` : `${SANDBOX_META}${html}`;
}

/**
 * The built SPA: hashed files under `assets/` are cached for a year, everything else is
 * revalidated, and any other page path gets `index.html` (client-side routing).
 */
export function serveSpa(staticDir: string, { sandbox = loadSandboxFlag() }: SpaOptions = {}): MiddlewareHandler {
  const root = path.resolve(staticDir);
  const indexFile = path.join(root, 'index.html');
  const html = (body: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> => (sandbox ? Buffer.from(withSandboxMeta(body.toString('utf8'))) : body);
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
      const body = file === indexFile ? html(await readFile(file)) : await readFile(file);
      return c.body(body, 200, {
        'Content-Type': contentType(file),
        'Cache-Control': isAsset ? IMMUTABLE : 'no-cache',
        'X-Content-Type-Options': 'nosniff',
      });
    }
    // A missing hashed asset is a real 404: answering HTML would hide a stale deploy from the SPA.
    if (isAsset || path.extname(file) !== '' || !(await isFile(indexFile))) return c.text('Not found', 404);
    return c.body(html(await readFile(indexFile)), 200, { 'Content-Type': CONTENT_TYPES['.html'] ?? 'text/html', 'Cache-Control': 'no-cache' });
  };
}
