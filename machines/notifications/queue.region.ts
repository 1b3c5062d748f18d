import type { SnapshotFrom } from 'xstate';
import type { notificationsMachine } from './queue.machine.ts';

/*
 * The one fact of the queue the first screen shows (the toast region's `data-state`), in a module
 * of its own: the provider reads it before the queue's chunk has loaded, and the rest of the
 * view-model (queue.connect.ts) loads with that chunk.
 */

export type NotificationsRegionState = 'showing' | 'empty';

export function regionState(snapshot: SnapshotFrom<typeof notificationsMachine>): NotificationsRegionState {
  return snapshot.hasTag('showing') ? 'showing' : 'empty';
}
