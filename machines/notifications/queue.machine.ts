import { assign, enqueueActions, sendParent, setup, type ActorRefFrom } from 'xstate';
import { findDuplicateItem, resolveItem, resolveOptions } from './queue.rules.ts';
import { toastMachine } from './toast.machine.ts';
import type { NotificationInput, NotificationItem, NotificationsOptions } from './types.ts';

export { resolveItem, resolveOptions } from './queue.rules.ts';

/** A shown notification: the item, how many times it was sent (×N), and its toast actor. */
export interface QueuedToast {
  item: NotificationItem;
  count: number;
  ref: ActorRefFrom<typeof toastMachine>;
}

/** What became of the last `notifications.add`: `useNotify()` returns its id. */
export interface AddOutcome {
  id: string;
  outcome: 'added' | 'duplicate' | 'refused';
}

export interface NotificationsContext {
  options: NotificationsOptions;
  /** Oldest first. */
  toasts: QueuedToast[];
  /** Numbers the generated ids: pure and repeatable, unlike a random id. */
  seq: number;
  last: AddOutcome | null;
}

export type NotificationsEvent =
  | { type: 'notifications.add'; item: NotificationInput }
  | { type: 'notifications.close'; id: string }
  /** Without a group: every toast. */
  | { type: 'notifications.clear'; group?: string }
  /** Sent by a toast when its exit animation is over. */
  | { type: 'notifications.toastDone'; id: string };

/** The shown toast a new item repeats: the same id always, the same content when duplicates are ignored. */
export function findDuplicate(context: NotificationsContext, input: NotificationInput): QueuedToast | undefined {
  const item = findDuplicateItem(
    context.toasts.map((toast) => toast.item),
    input,
    context.options,
    context.seq,
  );
  return context.toasts.find((toast) => toast.item === item);
}

function isFull(context: NotificationsContext): boolean {
  return context.options.max !== null && context.toasts.length >= context.options.max;
}

function matchesGroup(toast: QueuedToast, group: string | undefined): boolean {
  return group === undefined || toast.item.group === group;
}

/** The toast as the queue runs it: its `reportDone` tells the queue to remove it. */
const queuedToast = toastMachine.provide({
  actions: {
    reportDone: sendParent(({ context }) => ({
      type: 'notifications.toastDone' as const,
      id: context.item.id,
    })),
  },
});

/**
 * The toast queue: empty ↔ showing. Each notification is a spawned toast actor that times out,
 * closes on click or on a close/clear command, and reports when its exit animation is over;
 * duplicates are counted (×N) when `ignoreDuplicates`, and a `max` drops the oldest shown toast
 * or refuses the newest.
 */
export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
    input: {} as Partial<NotificationsOptions> | undefined,
    tags: {} as 'showing',
  },
  actors: { toast: queuedToast },
  guards: {
    isDuplicate: ({ context, event }) => event.type === 'notifications.add' && findDuplicate(context, event.item) !== undefined,
    isFullRefusingNewest: ({ context }) => isFull(context) && context.options.dropPolicy === 'newest',
    isFullDroppingOldest: ({ context }) => isFull(context) && context.options.dropPolicy === 'oldest',
    isShown: ({ context, event }) => event.type === 'notifications.close' && context.toasts.some((toast) => toast.item.id === event.id),
    hasToastsToClear: ({ context, event }) =>
      event.type === 'notifications.clear' && context.toasts.some((toast) => matchesGroup(toast, event.group)),
    isLastToast: ({ context, event }) =>
      event.type === 'notifications.toastDone' && context.toasts.length === 1 && context.toasts[0]?.item.id === event.id,
  },
  actions: {
    addToast: assign(({ context, event, spawn }) => {
      if (event.type !== 'notifications.add') return {};
      const seq = context.seq + 1;
      const item = resolveItem(event.item, context.options, seq);
      const ref = spawn('toast', {
        id: `toast:${item.id}`,
        input: { item, pauseOnHover: context.options.pauseOnHover, closeOnClick: context.options.closeOnClick },
      });
      return { seq, toasts: [...context.toasts, { item, count: 1, ref }], last: { id: item.id, outcome: 'added' as const } };
    }),
    countDuplicate: assign(({ context, event }) => {
      if (event.type !== 'notifications.add') return {};
      const duplicate = findDuplicate(context, event.item);
      if (!duplicate) return {};
      return {
        toasts: context.toasts.map((toast) => (toast === duplicate ? { ...toast, count: toast.count + 1 } : toast)),
        last: { id: duplicate.item.id, outcome: 'duplicate' as const },
      };
    }),
    refuseNewest: assign(({ context, event }) => {
      if (event.type !== 'notifications.add') return {};
      const seq = context.seq + 1;
      return { seq, last: { id: resolveItem(event.item, context.options, seq).id, outcome: 'refused' as const } };
    }),
    // Dropped at once, without the exit animation: it makes room for the new one now.
    dropOldest: enqueueActions(({ context, enqueue }) => {
      const [oldest, ...rest] = context.toasts;
      if (!oldest) return;
      enqueue.stopChild(oldest.ref);
      enqueue.assign({ toasts: rest });
    }),
    closeToast: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'notifications.close') return;
      const toast = context.toasts.find((candidate) => candidate.item.id === event.id);
      if (toast) enqueue.sendTo(toast.ref, { type: 'toast.close' });
    }),
    clearToasts: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'notifications.clear') return;
      for (const toast of context.toasts) if (matchesGroup(toast, event.group)) enqueue.sendTo(toast.ref, { type: 'toast.close' });
    }),
    removeToast: assign(({ context, event }) => {
      if (event.type !== 'notifications.toastDone') return {};
      return { toasts: context.toasts.filter((toast) => toast.item.id !== event.id) };
    }),
  },
}).createMachine({
  id: 'notifications',
  context: ({ input }) => ({ options: resolveOptions(input), toasts: [], seq: 0, last: null }),
  initial: 'empty',
  states: {
    empty: {
      on: {
        'notifications.add': { target: 'showing', actions: 'addToast' },
      },
    },
    showing: {
      tags: ['showing'],
      on: {
        'notifications.add': [
          { guard: 'isDuplicate', actions: 'countDuplicate' },
          { guard: 'isFullRefusingNewest', actions: 'refuseNewest' },
          { guard: 'isFullDroppingOldest', actions: ['dropOldest', 'addToast'] },
          { actions: 'addToast' },
        ],
        'notifications.close': { guard: 'isShown', actions: 'closeToast' },
        'notifications.clear': { guard: 'hasToastsToClear', actions: 'clearToasts' },
        'notifications.toastDone': [
          { guard: 'isLastToast', target: 'empty', actions: 'removeToast' },
          { actions: 'removeToast' },
        ],
      },
    },
  },
});
