import { createActor } from 'xstate';
import { notificationsQueueConnect } from '../../../../machines/notifications/queue.connect.ts';
import { notificationsMachine } from '../../../../machines/notifications/queue.machine.ts';
import type { NotificationsOptions } from '../../../../machines/notifications/types.ts';
import type { NotificationsActor } from './notifications-provider.tsx';
import { Toast } from './toast.tsx';
import { useView } from '../../shared/hooks/use-view.ts';

// The queue machine, the toast machine and the toast view: loaded when the first notification is
// raised (NotificationsProvider), so none of them delays the first screen.

export function startNotifications(options: NotificationsOptions): NotificationsActor {
  return createActor(notificationsMachine, { input: options }).start();
}

/** The toasts of the region, newest on top, as the region sits at the top of the screen. */
export function ToastList({ actor }: { actor: NotificationsActor }) {
  const { newestFirst } = useView(actor, notificationsQueueConnect);
  return newestFirst.map((toast) => <Toast key={toast.item.id} toast={toast} />);
}
