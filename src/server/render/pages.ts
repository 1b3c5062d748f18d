import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';
import type { PageRenderer, RenderedPage } from '../../contract/page-render.ts';
import { PAYLOAD_SUFFIX } from '../../contract/page-state.ts';
import type { AppEnv } from '../http/site.ts';
import { buildDocument } from './document.ts';
import type { HeadMeta } from './head-meta.ts';

export type { PageRenderer };

export interface PagesOptions {
  staticDir: string;
  renderer: PageRenderer;
  /** The app itself: the render's API requests are answered in process. */
  fetchApi: (request: Request) => Promise<Response>;
  headMeta: () => Promise<HeadMeta>;
  log: (line: string) => void;
  /** Paths the browser renders alone (the sandbox's developer pages read the document). */
  clientOnly?: (pathname: string) => boolean;
}

const HTML = 'text/html; charset=utf-8';

/** A page path: no file extension (assets, `robots.txt`), not the API. */
function isPagePath(pathname: string): boolean {
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  return path.posix.extname(pathname) === '';
}

/**
 * Server-rendered pages (issue 11): every page path answers its HTML with the screen machines'
 * snapshots, and `{path}/_payload.json` the snapshots alone (a client-side navigation's one data
 * request). The browser hydrates the HTML with the same views and machines.
 */
export function servePages({ staticDir, renderer, fetchApi, headMeta, log, clientOnly = () => false }: PagesOptions): MiddlewareHandler<AppEnv> {
  const templateFile = path.join(path.resolve(staticDir), 'index.html');
  let template: Promise<string> | null = null;
  const readTemplate = () => (template ??= readFile(templateFile, 'utf8').catch((error: unknown) => {
    template = null;
    throw error;
  }));

  const render = async (c: Context, pathname: string): Promise<{ page: RenderedPage; meta: HeadMeta }> => {
    const url = new URL(c.req.url);
    url.pathname = pathname;
    const cookie = c.req.header('cookie') ?? '';
    const meta = await headMeta();
    const page = await renderer.renderPage({
      googleSignIn: meta.google,
      url,
      cookie,
      // The request's cookies go along, as the browser would send them to the API.
      fetchApi: (input, init) => {
        const request = new Request(input, init);
        if (cookie !== '') request.headers.set('cookie', cookie);
        return fetchApi(request);
      },
      onError: (error) => log(`[render] ${c.req.method} ${pathname}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
    });
    return { page, meta };
  };

  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const pathname = c.req.path;
    if (pathname.endsWith(PAYLOAD_SUFFIX)) {
      const pagePath = pathname.slice(0, -PAYLOAD_SUFFIX.length) || '/';
      if (!isPagePath(pagePath) || clientOnly(pagePath)) return next();
      const { page } = await render(c, pagePath);
      return c.json(page.state, page.status === 404 ? 404 : 200, { 'Cache-Control': 'no-store' });
    }
    if (!isPagePath(pathname) || clientOnly(pathname)) return next();
    let html: string;
    let status: number;
    try {
      const [{ page, meta }, shell] = await Promise.all([render(c, pathname), readTemplate()]);
      const url = new URL(c.req.url);
      html = buildDocument(shell, {
        lang: page.lang,
        head: page.head,
        socialImage: new URL('/social.svg', url.origin).href,
        extraHead: meta.tags,
        preloads: '',
        rootHtml: page.html,
        state: page.state,
      });
      status = page.status;
    } catch (error) {
      const referenceId = randomUUID();
      log(`[${referenceId}] ${c.req.method} ${pathname} failed to render: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Beauty Pass</title></head><body><main><h1>Something went wrong</h1><p>Reference: ${referenceId}</p></main></body></html>`, 500, { 'Cache-Control': 'no-store' });
    }
    return c.body(html, status as 200, { 'Content-Type': HTML, 'Cache-Control': 'no-cache' });
  };
}
