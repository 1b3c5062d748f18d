import { setup } from 'xstate';
import type { NotificationItem } from './types.ts';

export interface ToastInput {
  item: NotificationItem;
  pauseOnHover: boolean;
  closeOnClick: boolean;
}

export type ToastContext = ToastInput;

export type ToastEvent =
  | { type: 'toast.click' }
  | { type: 'toast.close' }
  | { type: 'toast.hover' }
  | { type: 'toast.leave' };

/** A duration of 0 or less (or not finite) means the toast stays until it is closed. */
export function isTimedDuration(duration: number): boolean {
  return Number.isFinite(duration) && duration > 0;
}

/**
 * One toast: visible (running its timer, or paused while hovered) → leaving (for `speed` ms, the
 * exit animation) → destroyed. The queue spawns one per notification and removes it when it is
 * done; `reportDone` is how it tells the queue (the queue provides it, alone it does nothing).
 */
export const toastMachine = setup({
  types: {
    context: {} as ToastContext,
    events: {} as ToastEvent,
    input: {} as ToastInput,
    output: {} as { id: string },
    tags: {} as 'visible' | 'paused' | 'leaving',
  },
  delays: {
    toastDuration: ({ context }) => context.item.duration,
    toastSpeed: ({ context }) => context.item.speed,
  },
  guards: {
    isTimed: ({ context }) => isTimedDuration(context.item.duration),
    closesOnClick: ({ context }) => context.closeOnClick,
    pausesOnHover: ({ context }) => context.pauseOnHover,
  },
  actions: {
    reportDone: () => undefined,
  },
}).createMachine({
  id: 'toast',
  context: ({ input }) => input,
  initial: 'visible',
  states: {
    visible: {
      tags: ['visible'],
      initial: 'running',
      on: {
        'toast.close': { target: 'leaving' },
        'toast.click': { guard: 'closesOnClick', target: 'leaving' },
      },
      states: {
        running: {
          // A sticky toast's timer fires at once and the guard keeps it: no timer of our own.
          after: { toastDuration: { guard: 'isTimed', target: '#toast.leaving' } },
          on: { 'toast.hover': { guard: 'pausesOnHover', target: 'hovered' } },
        },
        // Leaving re-enters `running`, which starts the full duration again.
        hovered: {
          tags: ['paused'],
          on: { 'toast.leave': { target: 'running' } },
        },
      },
    },
    leaving: {
      tags: ['leaving'],
      after: { toastSpeed: { target: 'destroyed' } },
    },
    destroyed: {
      type: 'final',
      entry: 'reportDone',
    },
  },
  output: ({ context }) => ({ id: context.item.id }),
});
