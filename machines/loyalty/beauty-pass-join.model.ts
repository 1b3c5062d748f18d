import { msg } from '@lingui/core/macro';
import { defineModel } from '../model/types.ts';
import { OFFLINE_ERROR } from './beauty-pass.fixtures.ts';
import { beautyPassJoinMachine } from './beauty-pass-join.machine.ts';

export const beautyPassJoinModel = defineModel({
  id: 'beautyPassJoin',
  title: msg`Join Beauty Pass`,
  description: msg`The terms box, then joining; Join without the box only marks it, a failure can be tried again, an already-member answer counts as joined.`,
  machine: beautyPassJoinMachine,
  events: [
    { type: 'join.agree', agreed: true },
    { type: 'join.agree', agreed: false },
    { type: 'join.submit' },
    { type: 'xstate.done.actor.joinBeautyPass', output: null },
    { type: 'xstate.error.actor.joinBeautyPass', error: { kind: 'http', status: 409, body: { code: 'already_member', message: 'already_member', status: 409 } } },
    { type: 'xstate.error.actor.joinBeautyPass', error: OFFLINE_ERROR },
  ],
});
