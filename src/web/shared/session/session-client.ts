import { createApiClient, type ApiClient, type ApiClientOptions } from '../api/client.ts';
import { createAuthRefreshCoordinator, type AuthRefreshCoordinator } from './coordinator.ts';
import type { TabLock } from './tab-lock.ts';
import { requestTokenRefresh } from './token.ts';

export interface SessionAccess {
  /** The `jwt-data` cookie or null (`browserSession.read` in the browser, a cookie jar in tests). */
  readSessionCookie: () => string | null;
  clearSession: () => void;
  tabLock?: TabLock;
}

/**
 * The API client with the locked 401 refresh wired in: the coordinator refreshes through the same
 * client, whose token request is neither retried nor answered with another refresh.
 */
export function createSessionApiClient(
  options: Omit<ApiClientOptions, 'onUnauthorized' | 'awaitSession'>,
  session: SessionAccess,
): { client: ApiClient; auth: AuthRefreshCoordinator } {
  const auth = createAuthRefreshCoordinator({
    refreshToken: () => requestTokenRefresh(client.request),
    readSessionCookie: session.readSessionCookie,
    clearSession: session.clearSession,
    ...(session.tabLock ? { tabLock: session.tabLock } : {}),
  });
  const client = createApiClient({ ...options, onUnauthorized: auth.handleUnauthorized, awaitSession: auth.awaitSession });
  return { client, auth };
}
