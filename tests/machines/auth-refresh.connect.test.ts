import { describe, expect, test } from 'vitest';
import { fromPromise } from 'xstate';
import { authRefreshConnect } from '../../machines/session/auth-refresh.connect.ts';
import { authRefreshMachine, type RefreshOutcome } from '../../machines/session/auth-refresh.machine.ts';
import { connectActor } from './connect-helpers.ts';

function start() {
  let fail: (error: unknown) => void = () => undefined;
  const machine = authRefreshMachine.provide({ actors: { refreshToken: fromPromise<RefreshOutcome, undefined>(() => new Promise<never>((_, reject) => (fail = reject))) } });
  const { actor, send, sent } = connectActor(machine);
  return { actor, sent, fail: (error: unknown) => fail(error), view: () => authRefreshConnect(actor.getSnapshot(), send) };
}

describe('authRefreshConnect', () => {
  test('active until a refresh fails; then expired, and dismiss sends auth.dismiss', async () => {
    const { actor, view, fail, sent } = start();
    expect(view()).toMatchObject({ state: 'active', expired: false, refreshing: false, canDismiss: false });
    actor.send({ type: 'auth.unauthorized' });
    expect(view()).toMatchObject({ refreshing: true, expired: false });
    fail(new Error('refresh refused'));
    await Promise.resolve();
    await Promise.resolve();
    expect(view()).toMatchObject({ state: 'expired', expired: true, refreshing: false, canDismiss: true });
    view().dismiss();
    expect(sent).toEqual([{ type: 'auth.dismiss' }]);
    expect(view()).toMatchObject({ state: 'active', expired: false });
  });
});
