import type { EventFromLogic, SnapshotFrom } from 'xstate';
import type { notificationsMachine, QueuedToast } from './queue.machine.ts';

import { regionState, type NotificationsRegionState } from './queue.region.ts';

type Snapshot = SnapshotFrom<typeof notificationsMachine>;
type Send = (event: EventFromLogic<typeof notificationsMachine>) => void;

export interface NotificationsQueueApi {
  state: NotificationsRegionState;
  /** Newest on top, as the region sits at the top of the screen. */
  newestFirst: QueuedToast[];
  close(id: string): void;
  clear(group?: string): void;
}

export function notificationsQueueConnect(snapshot: Snapshot, send: Send): NotificationsQueueApi {
  return {
    state: regionState(snapshot),
    newestFirst: [...snapshot.context.toasts].reverse(),
    close: (id) => send({ type: 'notifications.close', id }),
    clear: (group) => send(group === undefined ? { type: 'notifications.clear' } : { type: 'notifications.clear', group }),
  };
}
