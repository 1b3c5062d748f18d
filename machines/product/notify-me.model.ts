import { msg } from '@lingui/core/macro';
import { defineModel } from '../model/types.ts';
import { notifyMeMachine } from './notify-me.machine.ts';

export const notifyMeModel = defineModel({
  id: 'notifyMe',
  title: msg`Notify me`,
  description: msg`A back-in-stock email: one click for a member, a checked address for a guest.`,
  machine: notifyMeMachine,
  input: { guest: true },
  events: [
    { type: 'notify.email', email: 'mei@example.com' },
    { type: 'notify.email', email: 'not an address' },
    { type: 'notify.submit' },
    { type: 'xstate.done.actor.subscribe' },
    { type: 'xstate.error.actor.subscribe', error: { kind: 'http', status: 500 } },
  ],
});
