import { describe, expect, test } from 'vitest';
import { waitFor } from 'xstate';
import { resourceLoaderConnect } from '../../machines/shared/resource-loader.connect.ts';
import { resourceLoaderMachine } from '../../machines/shared/resource-loader.machine.ts';
import { httpError } from '../helpers/catalog-fake.ts';
import { scriptedLoad } from '../helpers/scripted-load.ts';
import { connectActor } from './connect-helpers.ts';

function start(outcomes: unknown[]) {
  const { load } = scriptedLoad(outcomes);
  const { actor, send, sent } = connectActor(resourceLoaderMachine.provide({ actors: { load } }));
  const settled = () => waitFor(actor, (snapshot) => !snapshot.hasTag('busy'));
  return { sent, settled, view: () => resourceLoaderConnect<{ name: string }>(actor.getSnapshot(), send) };
}

describe('resourceLoaderConnect', () => {
  test('loading, then success with the data; reload sends resource.reload', async () => {
    const { view, settled, sent } = start([{ name: 'layout' }]);
    expect(view()).toEqual({ status: 'loading' });
    await settled();
    const loaded = view();
    expect(loaded).toMatchObject({ status: 'success', data: { name: 'layout' } });
    if (loaded.status === 'success') loaded.reload();
    expect(sent).toEqual([{ type: 'resource.reload' }]);
    expect(view().status).toBe('loading');
  });

  test('a failure offers retry, which sends resource.retry and loads again', async () => {
    const failure = new Error('network');
    const { view, settled, sent } = start([failure, { name: 'again' }]);
    await settled();
    const failed = view();
    expect(failed).toMatchObject({ status: 'failure', error: failure });
    if (failed.status === 'failure') failed.retry();
    expect(sent).toEqual([{ type: 'resource.retry' }]);
    await settled();
    expect(view()).toMatchObject({ status: 'success', data: { name: 'again' } });
  });

  test('a 404 is not found, with nothing to retry', async () => {
    const { view, settled } = start([httpError(404)]);
    await settled();
    expect(view()).toEqual({ status: 'notFound' });
  });
});
