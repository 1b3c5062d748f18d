import type { NotificationsOptions } from './types.ts';

/**
 * Notification defaults from the spec (§9): duration 3000 ms, speed 300 ms, width 300, position
 * top right, no maximum, closes on click. Defined here rather than in src/config/constants.ts
 * because only the notifications family reads them.
 */
export const NOTIFICATION_DEFAULTS = {
  /** How long a toast stays before it leaves by itself; 0 or less = sticky (no timeout). */
  duration: 3000,
  /** Length of the enter and exit animations: a closed toast is removed after `speed` ms. */
  speed: 300,
  /** Width of the toast region in CSS pixels. */
  width: 300,
  position: 'top-right',
  /** No maximum: every toast is shown. */
  max: null,
  /** With a maximum, which toast gives way: the oldest shown one, or the newest (refused). */
  dropPolicy: 'oldest',
  closeOnClick: true,
  ignoreDuplicates: false,
  pauseOnHover: false,
} as const satisfies NotificationsOptions;
