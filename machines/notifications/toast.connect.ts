import type { SnapshotFrom } from 'xstate';
import type { toastMachine } from './toast.machine.ts';
import type { NotificationType } from './types.ts';

/** What a toast's `data-state` says: the view styles and tests read this, not the state value. */
export type ToastPhase = 'visible' | 'paused' | 'leaving' | 'destroyed';

export function toastPhase(snapshot: SnapshotFrom<typeof toastMachine>): ToastPhase {
  if (snapshot.matches({ visible: 'hovered' })) return 'paused';
  if (snapshot.matches('visible')) return 'visible';
  if (snapshot.matches('leaving')) return 'leaving';
  return 'destroyed';
}

/** Warnings and errors interrupt (alert); the rest waits for a pause in speech (status). */
export function toastRole(type: NotificationType): 'status' | 'alert' {
  return type === 'warn' || type === 'error' ? 'alert' : 'status';
}
