import { assign, fromPromise, setup } from 'xstate';

/**
 * How a refresh ended well: this tab asked for a new token, or another tab did while this one
 * waited for the cross-tab lock (the server treats a reused refresh token as theft, spec §7).
 */
export type RefreshOutcome = 'refreshed' | 'refreshedElsewhere';

/** The token request (behind the cross-tab lock); the app provides it, a rejection means the session is over. */
export const refreshToken = fromPromise<RefreshOutcome, undefined>(async () => {
  throw new Error('authRefresh: provide the `refreshToken` actor');
});

export interface AuthRefreshContext {
  /** Requests parked until the refresh ends: 401s to retry and requests that started meanwhile. */
  waiters: number;
}

export type AuthRefreshEvent =
  /** A request got a 401 while the `jwt-data` cookie exists (the caller checked the cookie). */
  | { type: 'auth.unauthorized' }
  /** A request started while a refresh is in flight: it waits for the new token. */
  | { type: 'auth.wait' }
  /** Another tab's refresh failed: the session is gone here too (cookies are shared). */
  | { type: 'auth.expiredElsewhere' }
  /** The shopper closed the session-expired notice. */
  | { type: 'auth.dismiss' };

/**
 * The locked 401 refresh of spec §4: the first 401 takes the lock and refreshes once; requests
 * that fail or start meanwhile wait; success releases them to retry, failure fails each of them
 * once, clears the client session and offers sign-in. Waking the waiters is the app's job
 * (`releaseWaiters`, `failWaiters`), since only it holds their promises.
 */
export const authRefreshMachine = setup({
  types: {
    context: {} as AuthRefreshContext,
    events: {} as AuthRefreshEvent,
    tags: {} as 'locked' | 'sessionExpired',
  },
  actors: { refreshToken },
  actions: {
    addWaiter: assign(({ context }) => ({ waiters: context.waiters + 1 })),
    firstWaiter: assign({ waiters: 1 }),
    noWaiters: assign({ waiters: 0 }),
    // Provided by the app: they settle the parked requests' promises.
    releaseWaiters: () => undefined,
    failWaiters: () => undefined,
    // Provided by the app: deletes the readable `jwt-data` cookie (the http-only ones are the server's).
    clearSession: () => undefined,
  },
}).createMachine({
  id: 'authRefresh',
  context: { waiters: 0 },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'auth.unauthorized': { target: 'refreshing', actions: 'firstWaiter' },
        'auth.expiredElsewhere': 'failed',
      },
    },
    refreshing: {
      tags: ['locked'],
      invoke: {
        id: 'refreshToken',
        src: 'refreshToken',
        onDone: { target: 'idle', actions: ['releaseWaiters', 'noWaiters'] },
        onError: { target: 'failed', actions: ['failWaiters', 'noWaiters', 'clearSession'] },
      },
      on: {
        'auth.unauthorized': { actions: 'addWaiter' },
        'auth.wait': { actions: 'addWaiter' },
      },
    },
    failed: {
      tags: ['sessionExpired'],
      on: {
        // The cookie is back (signed in again, maybe in another tab): a new 401 refreshes again.
        'auth.unauthorized': { target: 'refreshing', actions: 'firstWaiter' },
        'auth.dismiss': 'idle',
      },
    },
  },
});
