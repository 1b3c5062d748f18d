import { msg } from '@lingui/core/macro';
import { defineModel } from '../model/types.ts';
import { waitlistToggleMachine } from './waitlist-toggle.machine.ts';

export const waitlistToggleModel = defineModel({
  id: 'waitlistToggle',
  title: msg`Waitlist button`,
  description: msg`"Waitlist me" becomes "Waitlisted" and can be undone; a refused change stays put and says why.`,
  machine: waitlistToggleMachine,
  input: { product: { inStock: false, badges: ['out_of_stock'] } },
  events: [
    { type: 'waitlist.product', product: { inStock: true, badges: [] } },
    { type: 'waitlist.product', product: { inStock: false, badges: ['out_of_stock'] } },
    { type: 'waitlist.sync', waitlisted: true },
    { type: 'waitlist.sync', waitlisted: false },
    { type: 'waitlist.join' },
    { type: 'waitlist.leave' },
    { type: 'xstate.done.actor.join' },
    { type: 'xstate.error.actor.join', error: { kind: 'http', status: 409, body: { code: 'not_waitlistable' } } },
    { type: 'xstate.done.actor.leave' },
    { type: 'xstate.error.actor.leave', error: { kind: 'network' } },
  ],
});
