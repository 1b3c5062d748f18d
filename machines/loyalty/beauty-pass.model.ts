import { msg } from '@lingui/core/macro';
import { defineModel } from '../model/types.ts';
import { BLACK_MEMBER, NOT_MEMBER_ERROR, SERVER_ERROR } from './beauty-pass.fixtures.ts';
import { beautyPassMachine } from './beauty-pass.machine.ts';

export const beautyPassModel = defineModel({
  id: 'beautyPass',
  title: msg`Beauty Pass section`,
  description: msg`The account dashboard's Beauty Pass: the member's status (tier panel and points), or the join panel for a shopper who has not joined; read again once they join.`,
  machine: beautyPassMachine,
  events: [
    { type: 'xstate.done.actor.loadBeautyPass', output: BLACK_MEMBER },
    { type: 'xstate.error.actor.loadBeautyPass', error: NOT_MEMBER_ERROR },
    { type: 'xstate.error.actor.loadBeautyPass', error: SERVER_ERROR },
    { type: 'beautyPass.retry' },
    { type: 'beautyPass.joined' },
  ],
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.status === null]),
});
