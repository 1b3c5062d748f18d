import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { authRefreshMachine, type RefreshOutcome } from '../../machines/session/auth-refresh.machine.ts';
import { authRefreshModel } from '../../machines/session/auth-refresh.model.ts';
import { coverage } from '../../machines/model/graph.ts';

/** The machine with a token refresh the test settles by hand, and a log of the app's effects. */
function start() {
  const effects: string[] = [];
  let settle: { resolve: (outcome: RefreshOutcome) => void; reject: (error: unknown) => void } | null = null;
  let refreshes = 0;
  const refreshToken = fromPromise<RefreshOutcome, undefined>(
    () =>
      new Promise<RefreshOutcome>((resolve, reject) => {
        refreshes += 1;
        settle = { resolve, reject };
      }),
  );
  const actor = createActor(
    authRefreshMachine.provide({
      actors: { refreshToken },
      actions: {
        releaseWaiters: ({ context }) => void effects.push(`release ${context.waiters}`),
        failWaiters: ({ context }) => void effects.push(`fail ${context.waiters}`),
        clearSession: () => void effects.push('clear session'),
      },
    }),
  ).start();
  const refresh = () => {
    if (!settle) throw new Error('no refresh in flight');
    return settle;
  };
  return { actor, effects, refresh, refreshes: () => refreshes };
}

describe('idle', () => {
  test('a 401 takes the lock and starts exactly one refresh', () => {
    const { actor, refreshes } = start();
    actor.send({ type: 'auth.unauthorized' });
    expect(actor.getSnapshot().value).toBe('refreshing');
    expect(actor.getSnapshot().hasTag('locked')).toBe(true);
    expect(actor.getSnapshot().context.waiters).toBe(1);
    expect(refreshes()).toBe(1);
  });

  test('requests do not wait when nothing is refreshing', () => {
    const { actor } = start();
    expect(actor.getSnapshot().can({ type: 'auth.wait' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'auth.dismiss' })).toBe(false);
  });

  test("another tab's failure expires the session here, without clearing or failing anything", () => {
    const { actor, effects } = start();
    actor.send({ type: 'auth.expiredElsewhere' });
    expect(actor.getSnapshot().value).toBe('failed');
    expect(effects).toEqual([]);
  });
});

describe('refreshing', () => {
  test('more 401s and new requests join the waiters without a second refresh', () => {
    const { actor, refreshes } = start();
    actor.send({ type: 'auth.unauthorized' });
    actor.send({ type: 'auth.unauthorized' });
    actor.send({ type: 'auth.wait' });
    expect(actor.getSnapshot().context.waiters).toBe(3);
    expect(refreshes()).toBe(1);
  });

  test('success releases every waiter once and unlocks', async () => {
    const { actor, effects, refresh } = start();
    actor.send({ type: 'auth.unauthorized' });
    actor.send({ type: 'auth.unauthorized' });
    refresh().resolve('refreshed');
    const snapshot = await waitFor(actor, (s) => s.matches('idle'));
    expect(effects).toEqual(['release 2']);
    expect(snapshot.context.waiters).toBe(0);
    expect(snapshot.hasTag('locked')).toBe(false);
  });

  test('failure fails every waiter once, clears the session and expires it', async () => {
    const { actor, effects, refresh } = start();
    actor.send({ type: 'auth.unauthorized' });
    actor.send({ type: 'auth.wait' });
    refresh().reject(new Error('401'));
    const snapshot = await waitFor(actor, (s) => s.matches('failed'));
    expect(effects).toEqual(['fail 2', 'clear session']);
    expect(snapshot.hasTag('sessionExpired')).toBe(true);
    expect(snapshot.context.waiters).toBe(0);
  });

  test('the shopper cannot dismiss anything while the refresh runs, nor can another tab expire it', () => {
    const { actor } = start();
    actor.send({ type: 'auth.unauthorized' });
    expect(actor.getSnapshot().can({ type: 'auth.dismiss' })).toBe(false);
    actor.send({ type: 'auth.expiredElsewhere' });
    expect(actor.getSnapshot().value).toBe('refreshing');
  });
});

describe('failed', () => {
  async function failed() {
    const started = start();
    started.actor.send({ type: 'auth.unauthorized' });
    started.refresh().reject(new Error('401'));
    await waitFor(started.actor, (s) => s.matches('failed'));
    return started;
  }

  test('dismissing the notice returns to idle', async () => {
    const { actor } = await failed();
    actor.send({ type: 'auth.dismiss' });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  test('a new session (signed in again) that gets a 401 refreshes again', async () => {
    const { actor, refreshes } = await failed();
    actor.send({ type: 'auth.unauthorized' });
    expect(actor.getSnapshot().value).toBe('refreshing');
    expect(refreshes()).toBe(2);
  });

  test('requests do not wait on an expired session', async () => {
    const { actor } = await failed();
    expect(actor.getSnapshot().can({ type: 'auth.wait' })).toBe(false);
  });
});

test('the model reaches every state and transition', () => {
  const result = coverage(authRefreshModel);
  expect(result.states.missing).toEqual([]);
  expect(result.transitions.missing).toEqual([]);
  expect(result.transitions.total).toBe(8);
});
