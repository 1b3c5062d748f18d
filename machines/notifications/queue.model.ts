import { msg } from '@lingui/core/macro';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { defineModel } from '../model/types.ts';
import { notificationsMachine } from './queue.machine.ts';
import type { NotificationInput } from './types.ts';

type QueueEvent = EventFromLogic<typeof notificationsMachine>;

/** Three different notifications: two share a group so clear-by-group closes only some. */
export const QUEUE_MODEL_ITEMS: readonly NotificationInput[] = [
  { title: 'Saved', text: 'Your changes are saved.', type: 'success', group: 'account' },
  { title: 'Session expired', text: 'Please sign in again.', type: 'error', group: 'account' },
  { title: 'New version', text: 'Reload to get the latest version.', type: 'default' },
];

/** Adding, closing, clearing and a toast's "done" for each toast shown: ids come from the snapshot. */
function queueEvents(snapshot: SnapshotFrom<typeof notificationsMachine>): QueueEvent[] {
  const shown = snapshot.context.toasts.map((toast) => toast.item.id);
  return [
    ...QUEUE_MODEL_ITEMS.map((item): QueueEvent => ({ type: 'notifications.add', item })),
    ...shown.map((id): QueueEvent => ({ type: 'notifications.close', id })),
    { type: 'notifications.clear' },
    { type: 'notifications.clear', group: 'account' },
    ...shown.map((id): QueueEvent => ({ type: 'notifications.toastDone', id })),
  ];
}

/**
 * Duplicates are counted and at most two toasts are shown (the oldest gives way), so the explored
 * space stays small: which toasts are shown (not their order, counts or ids).
 */
export const notificationsModel = defineModel({
  id: 'notifications',
  title: msg`Notifications queue`,
  description: msg`The toast queue: adds notifications (duplicates counted ×N, at most two shown, the oldest dropped), closes one, clears all or a group, and removes each toast when it is done.`,
  machine: notificationsMachine,
  input: { ignoreDuplicates: true, pauseOnHover: true, max: 2, dropPolicy: 'oldest' },
  events: queueEvents,
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      titles: snapshot.context.toasts.map((toast) => toast.item.title).sort(),
    }),
});
