import { msg } from '@lingui/core/macro';
import { defineModel } from '../model/types.ts';
import { wishlistMoveMachine } from './wishlist-move.machine.ts';

export const wishlistMoveModel = defineModel({
  id: 'wishlistMove',
  title: msg`Move to bag (wish list)`,
  description: msg`Adds the liked shade or size to the bag and takes the item off the wish list; a product of several shades asks to choose; a failure keeps the item and says why.`,
  machine: wishlistMoveMachine,
  events: [
    { type: 'move.start' },
    { type: 'move.dismiss' },
    { type: 'xstate.done.actor.move', output: 'moved' },
    { type: 'xstate.done.actor.move', output: 'choose' },
    { type: 'xstate.error.actor.move', error: { kind: 'http', status: 409, body: { code: 'out_of_stock' } } },
    { type: 'xstate.error.actor.move', error: { kind: 'network' } },
  ],
});
