import { createActor, fromPromise, type Actor } from 'xstate';
import { authRefreshMachine, type RefreshOutcome } from '../../../../machines/session/auth-refresh.machine.ts';
import { createTabLock, type TabLock } from './tab-lock.ts';
import type { SessionTicket, UnauthorizedVerdict } from './types.ts';

export interface AuthRefreshDeps {
  /** The token request (`requestTokenRefresh`); a rejection ends the session. */
  refreshToken: () => Promise<unknown>;
  /** The `jwt-data` cookie, or null without a session (`browserSession.read`). */
  readSessionCookie: () => string | null;
  /** Deletes the readable session cookie (`browserSession.clear`); called more than once, harmlessly. */
  clearSession: () => void;
  /** Cross-tab lock; by default none (one tab). */
  tabLock?: TabLock;
}

export type AuthRefreshActor = Actor<typeof authRefreshMachine>;

export interface AuthRefreshCoordinator {
  /** The machine: the session-expired notice subscribes to it. */
  readonly actor: AuthRefreshActor;
  /** For the client before each request: waits while a refresh is in flight. */
  awaitSession(): Promise<SessionTicket>;
  /** For the client on a 401: refresh (once for everyone waiting) and retry, or fail. */
  handleUnauthorized(sentWith?: SessionTicket): Promise<UnauthorizedVerdict>;
  stop(): void;
}

/** The session cookie vanished while this tab waited for the lock: another tab's refresh failed. */
class SessionEndedElsewhere extends Error {
  override readonly name = 'SessionEndedElsewhere';
}

/**
 * Owns the one authRefresh actor of the app and the promises of the requests it holds. The
 * machine decides; this file only parks requests and wakes them when the machine says so.
 */
export function createAuthRefreshCoordinator(deps: AuthRefreshDeps): AuthRefreshCoordinator {
  const tabLock = deps.tabLock ?? createTabLock({});
  /** Successful refreshes seen by this tab (its own or announced): tickets older than this are stale. */
  let generation = 0;
  let parked: ((verdict: UnauthorizedVerdict) => void)[] = [];
  let held: (() => void)[] = [];
  const ticket = (): SessionTicket => ({ generation, cookie: deps.readSessionCookie() });

  const settle = (verdict: UnauthorizedVerdict) => {
    const waking = parked;
    const holding = held;
    parked = [];
    held = [];
    waking.forEach((resolve) => resolve(verdict));
    // Requests that had not gone out yet go now: after a failure they go without a session, so a
    // public resource still loads and a private one answers its own 401.
    holding.forEach((resolve) => resolve());
  };

  /** One refresh across tabs: inside the lock, a changed cookie means another tab already did it. */
  const refreshAcrossTabs = fromPromise<RefreshOutcome, undefined>(async () => {
    const before = deps.readSessionCookie();
    return tabLock.withLock(async () => {
      const now = deps.readSessionCookie();
      if (now === null) throw new SessionEndedElsewhere('the session ended in another tab');
      if (now !== before) return 'refreshedElsewhere';
      try {
        await deps.refreshToken();
      } catch (error) {
        // Cleared before the lock is released, so a tab waiting for it sees the session gone
        // instead of sending the rejected refresh token again.
        deps.clearSession();
        tabLock.announce('expired');
        throw error;
      }
      tabLock.announce('refreshed');
      return 'refreshed';
    });
  });

  const actor = createActor(
    authRefreshMachine.provide({
      actors: { refreshToken: refreshAcrossTabs },
      actions: {
        releaseWaiters: () => {
          generation += 1;
          settle('retry');
        },
        failWaiters: () => settle('fail'),
        clearSession: () => deps.clearSession(),
      },
    }),
  );
  actor.start();

  const unsubscribe = tabLock.onAnnouncement((outcome) => {
    if (outcome === 'refreshed') generation += 1;
    else if (actor.getSnapshot().matches('idle')) actor.send({ type: 'auth.expiredElsewhere' });
  });

  return {
    actor,
    awaitSession: () => {
      if (!actor.getSnapshot().hasTag('locked')) return Promise.resolve(ticket());
      return new Promise<SessionTicket>((resolve) => {
        held.push(() => resolve(ticket()));
        actor.send({ type: 'auth.wait' });
      });
    },
    handleUnauthorized: (sentWith) => {
      const cookie = deps.readSessionCookie();
      if (cookie === null) return Promise.resolve('fail');
      if (sentWith && (sentWith.generation !== generation || sentWith.cookie !== cookie)) return Promise.resolve('retry');
      return new Promise<UnauthorizedVerdict>((resolve) => {
        parked.push(resolve);
        actor.send({ type: 'auth.unauthorized' });
      });
    },
    stop: () => {
      unsubscribe();
      actor.stop();
      settle('fail');
    },
  };
}
