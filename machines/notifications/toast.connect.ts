import type { EventFromLogic, SnapshotFrom } from 'xstate';
import type { toastMachine } from './toast.machine.ts';
import type { NotificationType } from './types.ts';

/** What a toast's `data-state` says: the view styles and tests read this, not the state value. */
export type ToastPhase = 'visible' | 'paused' | 'leaving' | 'destroyed';

export function toastPhase(snapshot: SnapshotFrom<typeof toastMachine>): ToastPhase {
  if (snapshot.hasTag('paused')) return 'paused';
  if (snapshot.hasTag('visible')) return 'visible';
  if (snapshot.hasTag('leaving')) return 'leaving';
  return 'destroyed';
}

export interface ToastApi {
  phase: ToastPhase;
  /** A click anywhere on the toast (it closes only when the toast closes on click). */
  click(): void;
  /** Hover or focus: pauses the timer when the toast pauses on hover. */
  hover(): void;
  /** The pointer or the focus left: the timer starts again. */
  leave(): void;
  /** The close button. */
  close(): void;
}

export function toastConnect(snapshot: SnapshotFrom<typeof toastMachine>, send: (event: EventFromLogic<typeof toastMachine>) => void): ToastApi {
  return {
    phase: toastPhase(snapshot),
    click: () => send({ type: 'toast.click' }),
    hover: () => send({ type: 'toast.hover' }),
    leave: () => send({ type: 'toast.leave' }),
    close: () => send({ type: 'toast.close' }),
  };
}

/** Warnings and errors interrupt (alert); the rest waits for a pause in speech (status). */
export function toastRole(type: NotificationType): 'status' | 'alert' {
  return type === 'warn' || type === 'error' ? 'alert' : 'status';
}
