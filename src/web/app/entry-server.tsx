import { text } from 'node:stream/consumers';
import { prerenderToNodeStream } from 'react-dom/static';
import { API_PREFIX } from '../../config/constants.ts';
import type { PageRequest, RenderedPage } from '../../contract/page-render.ts';
import { LANGUAGES } from '../../config/languages.ts';
import { createApiClient } from '../shared/api/client.ts';
import { loadStorefrontCatalog, setupI18n } from '../shared/i18n/storefront.ts';
import { sessionCookieIn } from '../shared/session/session.ts';
import { resolveSite } from '../shared/site/resolve.ts';
import { createServerScreenState } from '../shared/ssr/server-screen-state.ts';
import { createServerRender } from '../shared/ssr/server-render.tsx';
import { App } from './app.tsx';
import { ServerErrorScreen } from './server-error-screen.tsx';
import { I18nProvider } from '@lingui/react';
import { renderToString } from 'react-dom/server';
/**
 * The chunks each route's page needs besides the entry, by source module (the keys of the client
 * build's manifest), generated from the route manifest (route-manifest.ts): a first screen's own
 * chunk; the later-screens chunk with the screen's for every other route. The server names them as
 * `modulepreload`, so they download beside the HTML instead of after the entry asks for them. What
 * a screen loads after its first paint (a listing's view, filters, a product's live stock and
 * reviews) is left to load then: the HTML already shows it, and it would only compete with the
 * first screen. Only the server build imports it: the route table is in every first screen.
 */
import { SCREEN_MODULES } from 'virtual:routes/preloads';

/**
 * The server side of the first screen (issue 11): the same App, routes, views and machines as the
 * browser, rendered for one request. The screen machines run here with the in-process API
 * (`fetchApi`: the server's own handler, no socket) until they settle; the HTML carries their
 * snapshots, which the browser restores instead of fetching the same data again.
 */

/** Renders the page at `url`, waiting for every screen machine and lazy view on it. */
export type { PageRequest, RenderedPage };

export async function renderPage({ url, cookie, fetchApi, onError, googleSignIn = null }: PageRequest): Promise<RenderedPage> {
  const resolution = resolveSite({ search: url.search, cookie });
  const language = resolution.kind === 'site' ? resolution.site.language : resolution.language;
  const site = resolution.kind === 'site' ? resolution.site : { country: 'SG' as const, language };
  const i18n = setupI18n();
  await loadStorefrontCatalog(LANGUAGES[language].catalog, i18n);
  const client = createApiClient({ baseURL: `${url.origin}${API_PREFIX}`, site: () => site, fetch: fetchApi, retryDelay: () => 0 });
  const screenState = createServerScreenState();
  const output = createServerRender(googleSignIn);
  const signedIn = sessionCookieIn(cookie) !== null;
  const { prelude } = await prerenderToNodeStream(
    <App
      resolution={resolution}
      i18n={i18n}
      client={client}
      render={{ screenState, signedIn, server: { path: `${url.pathname}${url.search}`, output } }}
    />,
    {
      onError: (error) => onError?.(error),
      // Every boundary stays in place: React otherwise moves large ones to the end of the page and
      // puts them back with an inline script, which the Content Security Policy refuses.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const html = await text(prelude);
  return {
    status: output.status,
    personal: output.personal,
    html,
    head: output.head,
    state: { snapshots: screenState.snapshots, signedIn },
    lang: output.head?.lang ?? LANGUAGES[language].catalog,
    // The page's language catalog is in the first round trip too: the entry waits for it before hydrating.
    modules: [`i18n/${LANGUAGES[language].catalog}.po`, ...(output.route === null ? [] : (SCREEN_MODULES[output.route] ?? []))],
  };
}

/**
 * The 500 page of a render that failed: the store's error screen in the request's language with
 * the reference id of the logged error, and nothing that could fail the same way (no data, no routes).
 */
export async function renderErrorPage({ url, cookie }: Pick<PageRequest, 'url' | 'cookie'>, referenceId: string): Promise<Pick<RenderedPage, 'html' | 'head' | 'lang'>> {
  const resolution = resolveSite({ search: url.search, cookie });
  const language = resolution.kind === 'site' ? resolution.site.language : resolution.language;
  const i18n = setupI18n();
  await loadStorefrontCatalog(LANGUAGES[language].catalog, i18n);
  const html = renderToString(
    <I18nProvider i18n={i18n}>
      <ServerErrorScreen referenceId={referenceId} />
    </I18nProvider>,
  );
  return { html, head: null, lang: LANGUAGES[language].catalog };
}
