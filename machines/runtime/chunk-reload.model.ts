import { msg } from '@lingui/core/macro';
import { chunkReloadMachine } from './chunk-reload.machine.ts';
import { defineModel } from '../model/types.ts';

const NOW = 1_700_000_000_000;

export const chunkReloadModel = defineModel({
  id: 'chunk-reload',
  title: msg`Chunk reload guard`,
  description: msg`A screen whose code failed to load reloads the page once; a second failure on the same path within 10 seconds shows the error screen instead of looping.`,
  machine: chunkReloadMachine,
  events: [
    { type: 'chunk.failed', path: '/products/lipstick', now: NOW, lastReloadAt: null },
    { type: 'chunk.failed', path: '/products/lipstick', now: NOW, lastReloadAt: NOW - 3_000 },
    { type: 'chunk.reload', now: NOW + 1_000 },
  ],
});
