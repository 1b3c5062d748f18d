// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test } from 'vitest';
import { waitFor } from 'xstate';
import { authRefreshModel } from '../../machines/session/auth-refresh.model.ts';
import { transitionPaths, type ModelPath } from '../../machines/model/graph.ts';
import { createAuthRefreshCoordinator } from '../../src/web/shared/session/coordinator.ts';
import { SessionExpiredNotice } from '../../src/web/app/session-expired-notice.tsx';
import { AUTH_CHANNEL_NAME, createTabLock } from '../../src/web/shared/session/tab-lock.ts';
import type { UnauthorizedVerdict } from '../../src/web/shared/session/types.ts';
import { renderApp } from '../helpers/render-app.tsx';

const PAGE = '/beauty-pass/points?page=2&sort=new';
const SIGN_IN = `/sign_in?return_to=${encodeURIComponent(PAGE)}`;
const closers: (() => void)[] = [];
afterEach(() => closers.splice(0).forEach((close) => close()));

/**
 * The notice over a real coordinator whose outside world the test plays: the token request is a
 * promise settled by the step, the session cookie a variable, another tab a BroadcastChannel.
 */
async function mount() {
  let cookie: string | null = 'session-1';
  const refreshes: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  const tabLock = createTabLock({ channel: new BroadcastChannel(AUTH_CHANNEL_NAME) });
  const otherTab = new BroadcastChannel(AUTH_CHANNEL_NAME);
  const coordinator = createAuthRefreshCoordinator({
    refreshToken: () => new Promise<void>((resolve, reject) => refreshes.push({ resolve, reject })),
    readSessionCookie: () => cookie,
    clearSession: () => {
      cookie = null;
    },
    tabLock,
  });
  closers.push(() => coordinator.stop(), () => tabLock.close(), () => otherTab.close());
  await renderApp({ url: PAGE, ui: <SessionExpiredNotice actor={Promise.resolve(coordinator.actor)} /> });
  const verdicts: Promise<UnauthorizedVerdict>[] = [];
  const lastRefresh = () => {
    const refresh = refreshes.at(-1);
    if (!refresh) throw new Error('no token request in flight');
    return refresh;
  };
  const settled = (value: 'idle' | 'failed') => act(() => waitFor(coordinator.actor, (snapshot) => snapshot.matches(value)).then(() => undefined));
  return {
    actor: coordinator.actor,
    verdicts,
    refreshes,
    /** Performs one model event the way it happens in the app. */
    async perform(type: string) {
      const user = userEvent.setup();
      switch (type) {
        case 'auth.unauthorized':
          // After a failed refresh the cookie is gone; a 401 that refreshes again needs a new sign-in.
          cookie ??= 'session-2';
          await act(async () => void verdicts.push(coordinator.handleUnauthorized()));
          return;
        case 'auth.wait':
          await act(async () => void coordinator.awaitSession());
          return;
        case 'xstate.done.actor.refreshToken':
          cookie = `${cookie ?? ''}-refreshed`;
          lastRefresh().resolve();
          return settled('idle');
        case 'xstate.error.actor.refreshToken':
          lastRefresh().reject(new Error('401 from auth/token'));
          return settled('failed');
        case 'auth.expiredElsewhere':
          cookie = null;
          otherTab.postMessage({ kind: 'token-refresh', outcome: 'expired' });
          return settled('failed');
        case 'auth.dismiss':
          return user.click(screen.getByRole('button', { name: /dismiss/i }));
        default:
          throw new Error(`no way to perform ${type} through the app`);
      }
    },
  };
}

function expectSeen(value: string) {
  const alert = screen.getByRole('alert');
  if (value === '"failed"') {
    expect(alert).toHaveAttribute('data-state', 'expired');
    expect(alert).toHaveTextContent('Your session has expired. Please sign in again.');
    expect(within(alert).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', SIGN_IN);
    expect(within(alert).getByRole('button', { name: /dismiss/i })).toBeEnabled();
  } else {
    expect(alert).toHaveAttribute('data-state', 'active');
    expect(alert).toBeEmptyDOMElement();
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  }
}

const paths: ModelPath[] = transitionPaths(authRefreshModel);

describe('session-expired notice, driven by the authRefresh model paths', () => {
  test('the paths take every transition of the machine', () => {
    expect(paths.length).toBeGreaterThanOrEqual(8);
  });

  test.each(paths.map((path) => [path.id, path] as const))('%s', async (_, path) => {
    const app = await mount();
    expectSeen(path.values[0] ?? '');
    for (const [index, event] of path.events.entries()) {
      await app.perform(event.type);
      const expected = path.values[index + 1];
      expect(JSON.stringify(app.actor.getSnapshot().value)).toBe(expected);
      expectSeen(expected ?? '');
    }
    // Requests parked behind a refresh learn its outcome exactly as the notice shows it.
    const outcomes = await Promise.race([Promise.all(app.verdicts), new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), 50))]);
    const last = path.events.at(-1)?.type;
    if (last === 'xstate.done.actor.refreshToken') expect(outcomes).toContain('retry');
    if (last === 'xstate.error.actor.refreshToken') expect(outcomes).toContain('fail');
  });
});

describe('in the app', () => {
  test('a failed refresh shows the notice on the current page, with its path as return_to', async () => {
    const coordinator = createAuthRefreshCoordinator({
      refreshToken: () => Promise.reject(new Error('401 from auth/token')),
      readSessionCookie: () => 'session',
      clearSession: () => undefined,
    });
    closers.push(() => coordinator.stop());
    await renderApp({ url: '/categories/makeup?sort=newest', sessionRefresh: Promise.resolve(coordinator.actor) });
    // The header has its own "Sign in" link (issue 4): look inside the notice only.
    const notice = screen.getByRole('alert');
    expect(within(notice).queryByRole('link', { name: 'Sign in' })).toBeNull();
    await act(async () => {
      await expect(coordinator.handleUnauthorized()).resolves.toBe('fail');
    });
    const link = await within(notice).findByRole('link', { name: 'Sign in' });
    expect(link).toHaveAttribute('href', `/sign_in?return_to=${encodeURIComponent('/categories/makeup?sort=newest')}`);
  });
});
