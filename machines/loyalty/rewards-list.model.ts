import { msg } from '@lingui/core/macro';
import { defineModel } from '../model/types.ts';
import { REWARD_LIST, SERVER_ERROR } from './beauty-pass.fixtures.ts';
import { rewardsListMachine } from './rewards-list.machine.ts';

export const rewardsListModel = defineModel({
  id: 'rewardsList',
  title: msg`Rewards boutique list`,
  description: msg`The rewards by points cost in the URL's sort; read again after a redemption or joining while the list stays shown.`,
  machine: rewardsListMachine,
  input: { sort: 'points_asc' },
  events: [
    { type: 'xstate.done.actor.loadRewards', output: REWARD_LIST },
    { type: 'xstate.error.actor.loadRewards', error: SERVER_ERROR },
    { type: 'xstate.done.actor.refreshRewards', output: REWARD_LIST },
    { type: 'xstate.error.actor.refreshRewards', error: SERVER_ERROR },
    { type: 'rewards.refresh' },
    { type: 'rewards.retry' },
  ],
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.list === null]),
});
