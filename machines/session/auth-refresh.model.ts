import { msg } from '@lingui/core/macro';
import { authRefreshMachine } from './auth-refresh.machine.ts';
import { defineModel } from '../model/types.ts';

/** Waiters beyond two behave like two: the projection keeps exploration finite. */
const WAITERS_EXPLORED = 2;

export const authRefreshModel = defineModel({
  id: 'authRefresh',
  title: msg`Locked 401 refresh`,
  description: msg`A 401 with a session takes the lock and refreshes the token once; requests meanwhile wait, then retry, or all fail once and the shopper is offered sign-in.`,
  machine: authRefreshMachine,
  events: [
    { type: 'auth.unauthorized' },
    { type: 'auth.wait' },
    { type: 'auth.expiredElsewhere' },
    { type: 'auth.dismiss' },
    { type: 'xstate.done.actor.refreshToken', output: 'refreshed' },
    { type: 'xstate.error.actor.refreshToken', error: { status: 401 } },
  ],
  serializeState: (snapshot) =>
    JSON.stringify({ value: snapshot.value, waiters: Math.min(snapshot.context.waiters, WAITERS_EXPLORED) }),
});
