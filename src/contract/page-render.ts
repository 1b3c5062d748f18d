import type { GoogleSignInMeta } from './account.ts';
import type { PageState } from './page-state.ts';

/*
 * The contract between the server and the SPA's server renderer (src/web/app/entry-server.tsx,
 * built to dist/ssr): the server hands it a request and an in-process API, and gets the page's
 * HTML, head, status and state back to write into the built index.html.
 */

/** The head of a page as its screen describes it (useDocumentHead). */
export interface DocumentHead {
  title: string;
  description: string;
  siteTitle: string;
  lang: string;
}

export interface PageRequest {
  /** The page's URL as requested (path and query; the origin is only a base). */
  url: URL;
  /** The request's Cookie header: country, language and the session, as the browser would send them. */
  cookie: string;
  /** Answers an API request in process. */
  fetchApi: typeof fetch;
  /** Called with errors the render recovered from (a view that failed is rendered by the browser). */
  onError?: (error: unknown) => void;
  /** Google sign-in as the page's meta announces it (null: off). */
  googleSignIn?: GoogleSignInMeta | null;
}

export interface RenderedPage {
  status: number;
  /** The inside of `#root`. */
  html: string;
  head: DocumentHead | null;
  state: PageState;
  /** The `<html lang>` of the page. */
  lang: string;
  /** Source modules (keys of the build manifest) whose chunks the page needs at once: the server preloads them. */
  modules: string[];
  /** One shopper's own page (the bag): never kept in the page cache and sent `private`, even to a guest. */
  personal?: boolean;
}

export interface PageRenderer {
  renderPage(request: PageRequest): Promise<RenderedPage>;
  /** The 500 page in the request's language, with the reference id of the logged error. */
  renderErrorPage?(request: Pick<PageRequest, 'url' | 'cookie'>, referenceId: string): Promise<Pick<RenderedPage, 'html' | 'head' | 'lang'>>;
}
