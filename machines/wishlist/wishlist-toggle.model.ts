import { msg } from '@lingui/core/macro';
import { defineModel } from '../model/types.ts';
import { wishlistToggleMachine } from './wishlist-toggle.machine.ts';

export const wishlistToggleModel = defineModel({
  id: 'wishlistToggle',
  title: msg`Wish list heart`,
  description: msg`The heart fills at once; clicks made while a change is saved are saved after it, and a failed change is undone with a message.`,
  machine: wishlistToggleMachine,
  input: { wishlisted: false },
  events: [
    { type: 'wishlist.toggle' },
    { type: 'wishlist.toggle', variantId: 12 },
    { type: 'wishlist.set', wishlisted: true },
    { type: 'wishlist.set', wishlisted: false },
    { type: 'wishlist.sync', wishlisted: true },
    { type: 'wishlist.sync', wishlisted: false },
    { type: 'xstate.done.actor.save' },
    { type: 'xstate.error.actor.save', error: { kind: 'http', status: 401 } },
    { type: 'xstate.error.actor.save', error: { kind: 'network' } },
  ],
});
