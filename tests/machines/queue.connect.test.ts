import { describe, expect, test } from 'vitest';
import { notificationsQueueConnect } from '../../machines/notifications/queue.connect.ts';
import { regionState } from '../../machines/notifications/queue.region.ts';
import { notificationsMachine } from '../../machines/notifications/queue.machine.ts';
import { toastPhase } from '../../machines/notifications/toast.connect.ts';
import { connectActor } from './connect-helpers.ts';

describe('notificationsQueueConnect', () => {
  test('empty, then showing with the newest toast first; close and clear send their events', () => {
    const { actor, send, sent } = connectActor(notificationsMachine, { max: 3 });
    const view = () => notificationsQueueConnect(actor.getSnapshot(), send);
    expect(view()).toMatchObject({ state: 'empty', newestFirst: [] });
    actor.send({ type: 'notifications.add', item: { title: 'First', group: 'account' } });
    actor.send({ type: 'notifications.add', item: { title: 'Second' } });
    expect(regionState(actor.getSnapshot())).toBe('showing');
    expect(view().newestFirst.map((toast) => toast.item.title)).toEqual(['Second', 'First']);
    const [second] = view().newestFirst;
    view().close(second?.item.id ?? '');
    view().clear('account');
    view().clear();
    expect(sent).toEqual([{ type: 'notifications.close', id: second?.item.id }, { type: 'notifications.clear', group: 'account' }, { type: 'notifications.clear' }]);
    expect(view().newestFirst.map((toast) => toastPhase(toast.ref.getSnapshot()))).toEqual(['leaving', 'leaving']);
  });
});
