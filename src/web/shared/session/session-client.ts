import type { AuthRefreshActor, AuthRefreshCoordinator, createAuthRefreshCoordinator } from './coordinator.ts';
import { createApiClient, type ApiClient, type ApiClientOptions } from '../api/client.ts';
import type { browserTabLock, TabLock } from './tab-lock.ts';
import type { requestTokenRefresh } from './token.ts';
import type { SessionTicket } from './types.ts';

export interface SessionAccess {
  /** The `jwt-data` cookie or null (`browserSession.read` in the browser, a cookie jar in tests). */
  readSessionCookie: () => string | null;
  clearSession: () => void;
  /** Cross-tab lock: `'browser'` for Web Locks and a BroadcastChannel (made with the coordinator); by default none (one tab). */
  tabLock?: TabLock | 'browser';
}

/** The locked 401 refresh, which arrives in a chunk of its own (loading starts with the client). */
export interface SessionAuth {
  /** The refresh machine once loaded (never rejects): the session-expired notice subscribes to it. */
  readonly actor: Promise<AuthRefreshActor>;
  /** The coordinator; a failed load is tried again at the next call. */
  ready(): Promise<AuthRefreshCoordinator>;
  stop(): void;
}

/** What the refresh needs, in its own chunk. */
export interface RefreshModules {
  createAuthRefreshCoordinator: typeof createAuthRefreshCoordinator;
  browserTabLock: typeof browserTabLock;
  requestTokenRefresh: typeof requestTokenRefresh;
}

const loadRefreshModules = (): Promise<RefreshModules> =>
  Promise.all([import('./coordinator.ts'), import('./tab-lock.ts'), import('./token.ts')]).then(([coordinator, tabLock, token]) => ({
    createAuthRefreshCoordinator: coordinator.createAuthRefreshCoordinator,
    browserTabLock: tabLock.browserTabLock,
    requestTokenRefresh: token.requestTokenRefresh,
  }));

/**
 * The API client with the locked 401 refresh wired in: the coordinator refreshes through the same
 * client, whose token request is neither retried nor answered with another refresh.
 *
 * The coordinator (its machine, the tab lock and their schemas, ~1 KB as sent) is not needed to
 * render a first screen, so it loads beside it rather than in the entry (`npm run size`). Until it
 * has loaded no refresh can be in flight: a request goes out at once with generation 0, the
 * coordinator's first. A 401 waits for it; if it cannot load, the 401 is the caller's.
 */
export function createSessionApiClient(
  options: Omit<ApiClientOptions, 'onUnauthorized' | 'awaitSession'>,
  session: SessionAccess,
  loadModules: () => Promise<RefreshModules> = loadRefreshModules,
): { client: ApiClient; auth: SessionAuth } {
  let coordinator: AuthRefreshCoordinator | null = null;
  let loading: Promise<AuthRefreshCoordinator> | null = null;
  let stopped = false;
  let announceActor: (actor: AuthRefreshActor) => void = () => undefined;
  const actor = new Promise<AuthRefreshActor>((resolve) => (announceActor = resolve));

  const ready = (): Promise<AuthRefreshCoordinator> =>
    (loading ??= loadModules().then(
      ({ createAuthRefreshCoordinator, browserTabLock, requestTokenRefresh }) => {
        const tabLock = session.tabLock === 'browser' ? browserTabLock() : session.tabLock;
        coordinator = createAuthRefreshCoordinator({
          refreshToken: () => requestTokenRefresh(client.request),
          readSessionCookie: session.readSessionCookie,
          clearSession: session.clearSession,
          ...(tabLock ? { tabLock } : {}),
        });
        if (stopped) coordinator.stop();
        announceActor(coordinator.actor);
        return coordinator;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));

  const awaitSession = (): Promise<SessionTicket> => coordinator?.awaitSession() ?? Promise.resolve({ generation: 0, cookie: session.readSessionCookie() });
  const client = createApiClient({
    ...options,
    awaitSession,
    onUnauthorized: (sentWith) =>
      ready().then(
        (loaded) => loaded.handleUnauthorized(sentWith),
        (error: unknown) => {
          console.error('The session refresh did not load', error);
          return 'fail' as const;
        },
      ),
  });
  // Loaded at once, beside the first screen: another tab's refresh is heard from the start.
  ready().catch(() => undefined);
  return {
    client,
    auth: {
      actor,
      ready,
      stop: () => {
        stopped = true;
        coordinator?.stop();
      },
    },
  };
}
