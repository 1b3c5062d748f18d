import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';
import { API_PREFIX, CLIENT_HEADERS } from '../../config/constants.ts';
import { NO_STORE } from '../http/cache.ts';
import { OPENAPI_PATH } from './document.ts';

/**
 * `/swagger`: Swagger UI (swagger-ui-dist from npm) over the generated OpenAPI document. A page of
 * its own, served by the server from our origin: no client route, no inline script or style (the
 * page policy stays as strict as every other page's), nothing from another origin (no validator
 * badge). A developer page, in English by design.
 */

const DIST = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
/** Swagger UI's files are named without a hash: kept a day, revalidated after. */
const ASSET_CACHE = 'public, max-age=86400';

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference | Beauty Pass</title>
<link rel="stylesheet" href="/swagger/swagger-ui.css">
<link rel="stylesheet" href="/swagger/swagger-page.css">
</head>
<body>
<a class="skip-link" href="#main">Skip to content</a>
<main id="main" class="swagger-page" tabindex="-1">
<h1>Beauty Pass API reference</h1>
<div id="swagger-ui"></div>
</main>
<script src="/swagger/swagger-ui-bundle.js"></script>
<script src="/swagger/swagger-init.js"></script>
</body>
</html>
`;

/** Started from a file (the policy allows no inline script); "Try it out" sends the SPA's headers, which the API requires. */
const INIT = `// The skip link moves the focus too, not only the view: the next Tab goes on inside the reference.
document.querySelector('.skip-link').addEventListener('click', function () {
  document.getElementById('main').focus();
});
// Swagger UI draws a parameter's choices and fields without a label: each takes its parameter's name.
new MutationObserver(function () {
  document.querySelectorAll('tr[data-param-name] select:not([aria-label]), tr[data-param-name] input:not([aria-label])').forEach(function (field) {
    field.setAttribute('aria-label', field.closest('tr[data-param-name]').getAttribute('data-param-name'));
  });
}).observe(document.getElementById('swagger-ui'), { childList: true, subtree: true });
window.addEventListener('load', function () {
  var headers = ${JSON.stringify(CLIENT_HEADERS)};
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(API_PREFIX + OPENAPI_PATH)},
    dom_id: '#swagger-ui',
    // Off: its hash routing would take the skip link's #main for an operation's link.
    deepLinking: false,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    requestInterceptor: function (request) {
      for (var name in headers) if (!(name in request.headers)) request.headers[name] = headers[name];
      return request;
    },
  });
});
`;

/**
 * The page's own few rules: a readable width, the heading's margins and the store's skip link (the
 * blank layout's: hidden until focused).
 */
const PAGE_CSS = `.swagger-page { max-width: 1460px; margin: 0 auto; padding: 0 20px; }
.swagger-page:focus { outline: none; }
.swagger-page h1 { font-family: sans-serif; font-size: 1.5rem; margin: 24px 0 0; color: #3b4151; }
.skip-link { position: absolute; left: -999px; top: 0; background: #fff; color: #1a1a1a; padding: 0.5rem 1rem; z-index: 10; font-family: sans-serif; }
.skip-link:focus { left: 1rem; }
/* Swagger UI's own colours, darkened to WCAG AA contrast (4.5:1) as axe checks every page of ours. */
.swagger-ui .info .title small.version-stamp { background: #2f6f00; }
.swagger-ui .info a, .swagger-ui .info .url, .swagger-ui a.nostyle { color: #1f5fa8; }
.swagger-ui .btn.authorize { color: #137547; border-color: #137547; }
.swagger-ui .btn.authorize svg { fill: #137547; }
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1d5fa6; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #137547; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #8a4b00; }
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #0e6e5a; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #b3261e; }
.swagger-ui .json-schema-2020-12-expand-deep-button { color: #4a4a4a; }
.swagger-ui .parameter__name.required span, .swagger-ui .parameter__name.required::after { color: #b3261e; }
.swagger-ui .parameter__in, .swagger-ui .parameter__deprecated, .swagger-ui .response-col_links { color: #4a4a4a; }
.swagger-ui .btn.try-out__btn { color: #3b4151; }
.swagger-ui .opblock-tag small, .swagger-ui .opblock .opblock-summary-description { color: #3b4151; }
/* An example wraps instead of scrolling inside a box the keyboard cannot reach (a phone's width). */
.swagger-ui .highlight-code > .microlight { overflow: visible; max-height: none; white-space: pre-wrap; overflow-wrap: anywhere; }
`;

const FILES: Record<string, { type: string; body: () => string }> = {
  'swagger-ui.css': { type: 'text/css; charset=utf-8', body: () => readFileSync(join(DIST, 'swagger-ui.css'), 'utf8') },
  'swagger-ui-bundle.js': { type: 'text/javascript; charset=utf-8', body: () => readFileSync(join(DIST, 'swagger-ui-bundle.js'), 'utf8') },
  'swagger-init.js': { type: 'text/javascript; charset=utf-8', body: () => INIT },
  'swagger-page.css': { type: 'text/css; charset=utf-8', body: () => PAGE_CSS },
};

export function swaggerRoutes() {
  const cache = new Map<string, string>();
  return new Hono()
    .get('/', (c) => c.html(PAGE, 200, { 'Cache-Control': NO_STORE }))
    .get('/:file', (c) => {
      const name = c.req.param('file');
      const file = Object.hasOwn(FILES, name) ? FILES[name] : undefined;
      if (!file) return c.notFound();
      let body = cache.get(name);
      if (body === undefined) {
        body = file.body();
        cache.set(name, body);
      }
      return c.body(body, 200, { 'Content-Type': file.type, 'Cache-Control': ASSET_CACHE });
    });
}
