import { msg } from '@lingui/core/macro';
import { defineModel } from '../model/types.ts';
import { addToBagMachine } from './add-to-bag.machine.ts';
import { afterWrite, BAG_SCREEN } from './bag.fixtures.ts';

export const addToBagModel = defineModel({
  id: 'addToBag',
  title: msg`Add to bag button`,
  description: msg`Adding → Added for a moment → ready again; a refused add says why and can be retried. The header's count moves at the click.`,
  machine: addToBagMachine,
  events: [
    { type: 'addToBag.add' },
    { type: 'addToBag.retry' },
    { type: 'xstate.done.actor.add', output: afterWrite(BAG_SCREEN.bag, 31, 1) },
    { type: 'xstate.error.actor.add', error: { kind: 'http', status: 409, body: { code: 'out_of_stock' } } },
    { type: 'xstate.after.added.addToBag.added' },
  ],
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.failure]),
});
