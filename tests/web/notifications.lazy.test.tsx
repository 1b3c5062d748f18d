// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import { notificationsMachine } from '../../machines/notifications/queue.machine.ts';
import type { NotificationInput, NotificationsOptions } from '../../machines/notifications/types.ts';
import { loadNotificationsRuntime } from '../../src/web/features/notifications/notifications-provider.tsx';
import { useNotifications } from '../../src/web/shared/notifications/notify.ts';
import { renderApp } from '../helpers/render-app.tsx';

/** Raises every item, then runs the given close/clear commands, all in one go (before the queue's chunk arrives). */
function Burst({ items, after }: { items: NotificationInput[]; after: (api: ReturnType<typeof useNotifications>, ids: string[]) => void }) {
  const api = useNotifications();
  const [ids, setIds] = useState<string[]>([]);
  return (
    <div>
      <button
        type="button"
        onClick={() => {
          const returned = items.map((item) => api.notify(item));
          after(api, returned);
          setIds(returned);
        }}
      >
        burst
      </button>
      <output aria-label="returned ids">{ids.join(',')}</output>
    </div>
  );
}

async function mount(items: NotificationInput[], options: Partial<NotificationsOptions>, after: Parameters<typeof Burst>[0]['after'] = () => undefined) {
  const result = await renderApp({ ui: <Burst items={items} after={after} />, notifications: options });
  const region = screen.getByRole('region', { name: 'Notifications' });
  return { ...result, region };
}

// One test per module instance: the first notify of the file is the one that waits for the chunk.
it('buffers notifications raised before the queue has loaded, with the ids and outcomes the queue gives them', async () => {
  const items: NotificationInput[] = [
    { title: 'Saved', type: 'success' },
    { title: 'Saved', type: 'success' },
    { id: 'mine', text: 'Mine' },
    { text: 'Dropped first' },
    { text: 'Closed early', group: 'account' },
  ];
  const options = { ignoreDuplicates: true, max: 3, duration: 60_000 };
  // What the queue itself answers to the same calls.
  const queue = createActor(notificationsMachine, { input: options }).start();
  const expected = items.map((item) => {
    queue.send({ type: 'notifications.add', item });
    return queue.getSnapshot().context.last?.id;
  });
  queue.stop();
  expect(expected).toEqual(['notification-1', 'notification-1', 'mine', 'notification-3', 'notification-4']);

  const view = await mount(items, options, (api) => api.clear('account'));
  expect(view.region).toHaveAttribute('data-state', 'empty');
  fireEvent.click(screen.getByRole('button', { name: 'burst' }));
  expect(screen.getByRole('status', { name: 'returned ids' })).toHaveTextContent(expected.join(','));
  await act(() => loadNotificationsRuntime().then(() => undefined));
  const toasts = () => [...view.region.querySelectorAll<HTMLElement>('.toast')];
  expect(await within(view.region).findByText('Dropped first')).toBeInTheDocument();
  expect(view.region).toHaveAttribute('data-state', 'showing');
  // Newest on top; the cleared one is leaving.
  expect(toasts().map((toast) => [toast.dataset.id, toast.dataset.state])).toEqual([
    ['notification-4', 'leaving'],
    ['notification-3', 'visible'],
    ['mine', 'visible'],
  ]);
  // After the load, commands reach the queue at once.
  fireEvent.click(within(view.region).getByText('Mine'));
  expect(toasts().find((toast) => toast.dataset.id === 'mine')).toHaveAttribute('data-state', 'leaving');
});
