import { createHash, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';
import type { PageRenderer, RenderedPage } from '../../contract/page-render.ts';
import { PAYLOAD_SUFFIX } from '../../contract/page-state.ts';
import type { AppEnv } from '../http/site.ts';
import { buildDocument } from './document.ts';
import { isApiPath } from '../http/static.ts';
import type { HeadMeta } from './head-meta.ts';
import { createPreloads } from './preloads.ts';
import { inlineStylesheet, type InlineStyle } from './inline-style.ts';
import { createPageCache, isAnonymous, siteCookieKey, type CachedPage, type PageCache } from './page-cache.ts';
import { chooseEncoding, encodeWholeBody, unbrotliBody } from '../http/compression.ts';
import { CATALOGUE_CACHE } from '../http/cache.ts';
import { databaseOutage, describeLink, outageBody, outageHeaders, ServiceUnavailableError } from '../http/errors.ts';

export type { PageRenderer };

export interface PagesOptions {
  staticDir: string;
  renderer: PageRenderer;
  /** The app itself: the render's API requests are answered in process. */
  fetchApi: (request: Request) => Promise<Response>;
  headMeta: () => Promise<HeadMeta>;
  /** The built stylesheet, written into each page in place of its link (null: linked). */
  inlineStyle?: InlineStyle | null;
  /** The features' stylesheets by URL path (`loadChunkStyles`): a page carries its screen's. */
  chunkStyles?: ReadonlyMap<string, InlineStyle>;
  log: (line: string) => void;
  /** Paths the browser renders alone (the sandbox's developer pages read the document). */
  clientOnly?: (pathname: string) => boolean;
  /** The catalogue's version (a key of the anonymous page cache). */
  catalogueVersion: () => Promise<number>;
  cache?: PageCache;
}

const HTML = 'text/html; charset=utf-8';

/** A page or payload as rendered. */
interface Rendered {
  status: number;
  body: string;
  /** One shopper's own page (RenderedPage.personal): never kept. */
  personal: boolean;
}

/** What is sent: the body just rendered (`text`), the form it is kept in (`kept`), or both. */
type Answer = { status: number; text: string; kept?: CachedPage } | { status: number; kept: CachedPage };

/** The form a page is kept in: brotli, once, for every browser that asks for it again (as is when too small to compress). */
async function keptForm({ status, body }: Rendered): Promise<CachedPage> {
  const encoded = await encodeWholeBody('br', new TextEncoder().encode(body));
  const etag = `W/"${createHash('sha1').update(encoded.body).digest('base64url')}"`;
  return { status, body: encoded.body, encoding: encoded.encoding === 'br' ? 'br' : null, etag };
}

/** The answer's headers, with its encoding when it has one. */
const encodedHeaders = (headers: Record<string, string>, encoding: string | null) => (encoding ? { ...headers, 'Content-Encoding': encoding } : headers);

/** Whether `If-None-Match` names `etag` (weak comparison, as for a GET; `*` names any). */
function etagMatches(etag: string, ifNoneMatch: string | undefined): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/** A page path: no file extension (assets, `robots.txt`), not the API. */
function isPagePath(pathname: string): boolean {
  return !isApiPath(pathname) && path.posix.extname(pathname) === '';
}

/**
 * Server-rendered pages (issue 11): every page path answers its HTML with the screen machines'
 * snapshots, and `{path}/_payload.json` the snapshots alone (a client-side navigation's one data
 * request). The browser hydrates the HTML with the same views and machines.
 */
export function servePages({ staticDir, renderer, fetchApi, headMeta, inlineStyle = null, chunkStyles = new Map(), log, clientOnly = () => false, catalogueVersion, cache = createPageCache() }: PagesOptions): MiddlewareHandler<AppEnv> {
  const templateFile = path.join(path.resolve(staticDir), 'index.html');
  const preloads = createPreloads(staticDir);
  const pageAssets = async (modules: readonly string[]) => {
    const { scripts, styles } = await preloads(modules);
    return { preloads: scripts, styles: styles.flatMap((href) => chunkStyles.get(href) ?? []) };
  };
  let template: Promise<string> | null = null;
  const readTemplate = () => (template ??= readFile(templateFile, 'utf8').then(
    (html) => (inlineStyle ? inlineStylesheet(html, inlineStyle) : html),
  ).catch((error: unknown) => {
    template = null;
    throw error;
  }));

  const render = async (c: Context, pathname: string): Promise<{ page: RenderedPage; meta: HeadMeta }> => {
    const url = new URL(c.req.url);
    url.pathname = pathname;
    const cookie = c.req.header('cookie') ?? '';
    const meta = await headMeta();
    // An API answer of 503 (the database going away mid-render) makes the page a 503, never kept.
    let unavailable = false;
    const page = await renderer.renderPage({
      googleSignIn: meta.google,
      url,
      cookie,
      // The request's cookies go along, as the browser would send them to the API.
      fetchApi: (input, init) => {
        const request = new Request(input, init);
        if (cookie !== '') request.headers.set('cookie', cookie);
        return fetchApi(request).then((response) => {
          if (response.status === 503) unavailable = true;
          return response;
        });
      },
      onError: (error) => log(`[render] ${c.req.method} ${pathname}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
    });
    if (unavailable) throw new ServiceUnavailableError(`an API request of the page answered 503`);
    return { page, meta };
  };

  const renderDocument = async (c: Context, pathname: string): Promise<Rendered> => {
    const [{ page, meta }, shell] = await Promise.all([render(c, pathname), readTemplate()]);
    const body = buildDocument(shell, {
      lang: page.lang,
      head: page.head,
      socialImage: new URL('/social.svg', new URL(c.req.url).origin).href,
      extraHead: meta.tags,
      ...(await pageAssets(page.modules)),
      rootHtml: page.html,
      state: page.state,
    });
    return { status: page.status, body, personal: page.personal ?? false };
  };

  const errorDocument = async (c: Context, pathname: string, referenceId: string): Promise<string> => {
    try {
      if (!renderer.renderErrorPage) throw new Error('no error page renderer');
      const [page, shell] = await Promise.all([renderer.renderErrorPage({ url: new URL(c.req.url), cookie: c.req.header('cookie') ?? '' }, referenceId), readTemplate()]);
      // No script: the SPA would render the same failing page again in place of the error.
      return buildDocument(shell, { lang: page.lang, head: page.head, socialImage: '', extraHead: '', preloads: null, rootHtml: page.html, state: null });
    } catch (error) {
      log(`[${referenceId}] ${pathname}: the error page failed too: ${error instanceof Error ? error.message : String(error)}`);
      return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Beauty Pass</title></head><body><main><h1>Something went wrong</h1><p>Reference: ${referenceId}</p></main></body></html>`;
    }
  };

  /** Anonymous answers are kept per catalogue version; a member's are rendered each time and private. */
  const cached = async (c: Context, kind: string, pathname: string, make: () => Promise<Rendered>): Promise<{ answer: Answer; anonymous: boolean }> => {
    const cookie = c.req.header('cookie') ?? '';
    if (!isAnonymous(cookie)) {
      const page = await make();
      return { answer: { status: page.status, text: page.body }, anonymous: false };
    }
    const [version, meta] = await Promise.all([catalogueVersion(), headMeta()]);
    const key = `${kind}|${version}|${meta.tags}|${siteCookieKey(cookie)}|${pathname}${new URL(c.req.url).search}`;
    const hit = cache.get(key);
    if (hit) return { answer: { status: hit.status, kept: hit }, anonymous: true };
    const page = await make();
    // A guest's own page (the bag) is theirs alone: rendered every time, never shared.
    if (page.personal) return { answer: { status: page.status, text: page.body }, anonymous: false };
    // A 500 is never kept; a 404 is as stable as the page it would have been.
    if (page.status !== 200 && page.status !== 404) return { answer: { status: page.status, text: page.body }, anonymous: true };
    const kept = await keptForm(page);
    cache.set(key, kept);
    return { answer: { status: page.status, text: page.body, kept }, anonymous: true };
  };

  /**
   * The kept bytes to a client that takes them; otherwise the page encoded here, whole, as the
   * client asks (the compression middleware leaves an encoded answer alone).
   */
  const send = async (c: Context, answer: Answer, pageHeaders: Record<string, string>) => {
    const status = answer.status as 200;
    const acceptEncoding = c.req.header('Accept-Encoding');
    const { kept } = answer;
    const validated = kept?.etag !== undefined && status === 200;
    // The browser's or CDN's copy is this very page: revalidated without a body.
    if (validated && etagMatches(kept.etag ?? '', c.req.header('If-None-Match'))) return c.body(null, 304, { ...pageHeaders, ETag: kept.etag ?? '' });
    const headers = validated ? { ...pageHeaders, ETag: kept.etag ?? '' } : pageHeaders;
    if (kept && (kept.encoding === null || chooseEncoding(acceptEncoding) === 'br')) return c.body(kept.body, status, encodedHeaders(headers, kept.encoding));
    const text = 'text' in answer ? new TextEncoder().encode(answer.text) : await unbrotliBody(answer.kept.body);
    const { body, encoding } = await encodeWholeBody(acceptEncoding, text);
    return c.body(body, status, encodedHeaders(headers, encoding));
  };

  const cacheHeaders = (anonymous: boolean) => ({
    // A browser or CDN may keep an anonymous page but asks again before each use (a 304 by its ETag
    // while unchanged): a page holds prices and stock, which move at any time, and a copy kept for
    // minutes (s-maxage=300 before) showed a price older than the bag charged.
    'Cache-Control': anonymous ? CATALOGUE_CACHE : 'private, no-cache',
    // The site's country and language come from the cookies as well as the query.
    Vary: 'Cookie',
  });

  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const pathname = c.req.path;
    const payload = pathname.endsWith(PAYLOAD_SUFFIX);
    const pagePath = payload ? pathname.slice(0, -PAYLOAD_SUFFIX.length) || '/' : pathname;
    if (!isPagePath(pagePath) || clientOnly(pagePath)) return next();
    try {
      if (payload) {
        const { answer, anonymous } = await cached(c, 'payload', pagePath, async () => {
          const { page: rendered } = await render(c, pagePath);
          return { status: rendered.status, body: JSON.stringify(rendered.state), personal: rendered.personal ?? false };
        });
        return await send(c, { ...answer, status: answer.status === 404 ? 404 : 200 }, { 'Content-Type': 'application/json; charset=utf-8', ...cacheHeaders(anonymous) });
      }
      const { answer, anonymous } = await cached(c, 'html', pagePath, () => renderDocument(c, pagePath));
      return await send(c, answer, { 'Content-Type': HTML, ...cacheHeaders(anonymous) });
    } catch (error) {
      const referenceId = randomUUID();
      const outage = databaseOutage(error);
      if (outage) {
        log(`[${referenceId}] ${c.req.method} ${pathname}: database unavailable (${describeLink(outage)}): answered 503`);
        if (payload) return c.json(outageBody(referenceId), 503, outageHeaders());
        // The SPA's shell: the browser renders the page itself, and its API client waits out the 503s.
        await next();
        c.res = new Response(c.res.body, { status: 503, headers: c.res.headers });
        for (const [name, value] of Object.entries(outageHeaders())) c.res.headers.set(name, value);
        return c.res;
      }
      log(`[${referenceId}] ${c.req.method} ${pathname} failed to render: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (payload) return c.json({ message: 'Internal server error', status: 500, referenceId }, 500, { 'Cache-Control': 'no-store' });
      return c.body(await errorDocument(c, pagePath, referenceId), 500, { 'Content-Type': HTML, 'Cache-Control': 'no-store' });
    }
  };
}
