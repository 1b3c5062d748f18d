import { msg } from '@lingui/core/macro';
import { navigationGuardMachine } from './navigation-guard.machine.ts';
import { defineModel } from '../model/types.ts';

const request = (origin: string, target: string, matched = true) =>
  ({ type: 'navigation.request', origin, target, originMatched: true, targetMatched: matched }) as const;

export const navigationGuardModel = defineModel({
  id: 'navigation-guard',
  title: msg`Navigation guard`,
  description: msg`Decides whether a link stays in the app or loads the page: exempted paths from the layout stay in-app, others and paths without a page load in full; a failed check is reported and the navigation continues.`,
  machine: navigationGuardMachine,
  events: [
    {
      type: 'navigation.configure',
      exemptedPaths: [
        { type: 'absolute', value: '/' },
        { type: 'startsWith', value: '/categories' },
        { type: 'regex', value: '^/products/[a-z0-9-]+$' },
        { type: 'regex', value: '(a+)+$' },
      ],
    },
    request('/', '/?page=2'),
    request('/', '/categories/makeup'),
    request('/', '/about'),
    request('/', '/unknown', false),
    request('/', '/%E0%A4%A'),
  ],
  serializeState: (snapshot) =>
    JSON.stringify({ value: snapshot.value, verdict: snapshot.context.verdict, rules: snapshot.context.rules.length, invalid: snapshot.context.invalid.length }),
});
