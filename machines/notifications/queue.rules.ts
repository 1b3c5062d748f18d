import { NOTIFICATION_DEFAULTS } from './defaults.ts';
import type { NotificationInput, NotificationItem, NotificationsOptions } from './types.ts';

// The queue's pure rules, without xstate: the app's notify() predicts ids with them before the
// queue's chunk has loaded (src/web/notifications), and the queue machine decides with them.

/** Defaults (spec §9) under the given options; a max below 1 means no maximum, as it shows nothing. */
export function resolveOptions(input: Partial<NotificationsOptions> | undefined): NotificationsOptions {
  const options = { ...NOTIFICATION_DEFAULTS, ...input };
  return { ...options, max: options.max !== null && options.max >= 1 ? Math.floor(options.max) : null };
}

export function resolveItem(input: NotificationInput, options: NotificationsOptions, seq: number): NotificationItem {
  return {
    id: input.id ?? `notification-${seq}`,
    title: input.title ?? '',
    text: input.text ?? '',
    type: input.type ?? 'default',
    group: input.group ?? null,
    duration: input.duration ?? options.duration,
    speed: input.speed ?? options.speed,
    data: input.data ?? null,
  };
}

export function sameContent(a: NotificationItem, b: NotificationItem): boolean {
  return a.title === b.title && a.text === b.text && a.type === b.type && a.group === b.group;
}

/** The shown item a new one repeats: the same id always, the same content when duplicates are ignored. */
export function findDuplicateItem(items: readonly NotificationItem[], input: NotificationInput, options: NotificationsOptions, seq: number): NotificationItem | undefined {
  const item = resolveItem(input, options, seq + 1);
  return items.find((shown) => (input.id !== undefined && shown.id === input.id) || (options.ignoreDuplicates && sameContent(shown, item)));
}
