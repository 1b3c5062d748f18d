import { msg } from '@lingui/core/macro';
import { defineModel } from '../model/types.ts';
import { OFFLINE_ERROR, rewardRefusalError } from './beauty-pass.fixtures.ts';
import { rewardRedeemMachine } from './reward-redeem.machine.ts';

export const rewardRedeemModel = defineModel({
  id: 'rewardRedeem',
  title: msg`Redeem a reward`,
  description: msg`A reward into the bag: redeeming → in the bag, or refused with the server's reason (one per order, out of stock, points, tier, not a member, sign in), or failed and retried.`,
  machine: rewardRedeemMachine,
  events: [
    { type: 'reward.redeem', rewardId: 1, name: 'Deluxe sample 1' },
    { type: 'reward.retry' },
    { type: 'reward.dismiss' },
    { type: 'xstate.done.actor.redeem', output: { count: 3 } },
    { type: 'xstate.error.actor.redeem', error: rewardRefusalError('one_per_transaction') },
    { type: 'xstate.error.actor.redeem', error: OFFLINE_ERROR },
  ],
});
