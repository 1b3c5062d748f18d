import { describe, expect, test } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { resourceLoaderMachine } from '../../machines/shared/resource-loader.machine.ts';
import { httpError } from '../helpers/catalog-fake.ts';
import { scriptedLoad } from '../helpers/scripted-load.ts';

/** A started loader whose `load` answers from `outcomes` in order. */
function loader(outcomes: unknown[]) {
  const { load, calls } = scriptedLoad(outcomes);
  const actor = createActor(resourceLoaderMachine.provide({ actors: { load } })).start();
  return { actor, calls };
}

const settled = (actor: ReturnType<typeof loader>['actor']) => waitFor(actor, (s) => !s.hasTag('busy'));

describe('resourceLoader', () => {
  test('loading → success with the data', async () => {
    const { actor } = loader([{ name: 'layout' }]);
    expect(actor.getSnapshot().value).toBe('loading');
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('success');
    expect(snapshot.context.data).toEqual({ name: 'layout' });
  });

  test('loading → failure, retry → success', async () => {
    const { actor, calls } = loader([new Error('network'), 'ok']);
    const failed = await settled(actor);
    expect(failed.value).toBe('failure');
    expect(failed.context.error).toBeInstanceOf(Error);
    actor.send({ type: 'resource.retry' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect((await settled(actor)).context.data).toBe('ok');
    expect(calls()).toBe(2);
  });

  test('a 404 goes to notFound, which cannot be retried', async () => {
    const { actor, calls } = loader([httpError(404)]);
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('notFound');
    expect(snapshot.can({ type: 'resource.retry' })).toBe(false);
    expect(snapshot.can({ type: 'resource.reload' })).toBe(false);
    expect(calls()).toBe(1);
  });

  test('a 500 is a failure, not a notFound', async () => {
    const { actor } = loader([httpError(500)]);
    expect((await settled(actor)).value).toBe('failure');
  });

  test('retry is forbidden after success, reload is allowed', async () => {
    const { actor, calls } = loader(['a', 'b']);
    const snapshot = await settled(actor);
    expect(snapshot.can({ type: 'resource.retry' })).toBe(false);
    actor.send({ type: 'resource.retry' });
    expect(actor.getSnapshot().value).toBe('success');
    actor.send({ type: 'resource.reload' });
    expect((await settled(actor)).context.data).toBe('b');
    expect(calls()).toBe(2);
  });

  test('reload is forbidden during failure (retry is the way out)', async () => {
    const { actor } = loader([new Error('x')]);
    const snapshot = await settled(actor);
    expect(snapshot.can({ type: 'resource.reload' })).toBe(false);
  });
});
