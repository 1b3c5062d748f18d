import { msg } from '@lingui/core/macro';
import { defineModel } from '../model/types.ts';
import { resourceLoaderMachine } from './resource-loader.machine.ts';

export const resourceLoaderModel = defineModel({
  id: 'resourceLoader',
  title: msg`Resource loader`,
  description: msg`Loads one thing for a screen: success, not found, or a failure with retry.`,
  machine: resourceLoaderMachine,
  events: [
    { type: 'resource.retry' },
    { type: 'resource.reload' },
    { type: 'xstate.done.actor.load', output: { name: 'Loaded' } },
    { type: 'xstate.error.actor.load', error: { status: 404 } },
    { type: 'xstate.error.actor.load', error: { status: 503 } },
  ],
  serializeState: (snapshot) => JSON.stringify(snapshot.value),
});
