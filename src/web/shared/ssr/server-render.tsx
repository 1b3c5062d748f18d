import { createContext, useContext } from 'react';
import type { GoogleSignInMeta } from '../../../contract/account.ts';

import type { DocumentHead } from '../../../contract/page-render.ts';

export type { DocumentHead };

/**
 * What a server render learns from the views besides the HTML: the page's head and its HTTP
 * status. Absent in the browser, where the same hooks write the document instead.
 */
export interface ServerRender {
  head: DocumentHead | null;
  status: number;
  /** Where Google sign-in starts, as the server writes it into the page's meta (null: off). */
  googleSignIn: GoogleSignInMeta | null;
  /** The route table's pattern the page matched (null: no route), for the chunks the page preloads. */
  route: string | null;
  /** The page shows one shopper's own data (a guest's bag too): the server never shares it from its cache. */
  personal: boolean;
}

export const ServerRenderContext = createContext<ServerRender | null>(null);

export function createServerRender(googleSignIn: GoogleSignInMeta | null = null): ServerRender {
  return { head: null, status: 200, googleSignIn, route: null, personal: false };
}

export function useServerRender(): ServerRender | null {
  return useContext(ServerRenderContext);
}

/** The HTTP status of the page being rendered (404 for "Page not found"); nothing in the browser. */
export function useResponseStatus(status: number): void {
  const server = useServerRender();
  if (server) server.status = status;
}

/** The page is this shopper's own (the bag): the server renders it for each request and sends it `private`. */
export function useResponsePersonal(): void {
  const server = useServerRender();
  if (server) server.personal = true;
}
