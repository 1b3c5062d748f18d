export type NotificationType = 'warn' | 'error' | 'success' | 'default';

/** What a caller passes to `notify()`: everything but the text is optional. */
export interface NotificationInput {
  /** Given by the caller to close it later; otherwise the queue makes one (`notification-<n>`). */
  id?: string;
  /** Already translated by the caller. */
  title?: string;
  text?: string;
  type?: NotificationType;
  /** Lets `clear(group)` close a family of toasts at once. */
  group?: string;
  /** ms before it leaves by itself; 0 or less = sticky. */
  duration?: number;
  /** ms of its enter and exit animation. */
  speed?: number;
  /** Anything the caller wants back (e.g. a link); the queue does not read it. */
  data?: Readonly<Record<string, unknown>>;
}

/** A notification item as shown (spec §3): every field resolved. */
export interface NotificationItem {
  id: string;
  title: string;
  text: string;
  type: NotificationType;
  group: string | null;
  duration: number;
  speed: number;
  data: Readonly<Record<string, unknown>> | null;
}

export type DropPolicy = 'oldest' | 'newest';

export interface NotificationsOptions {
  duration: number;
  speed: number;
  width: number;
  position: 'top-right';
  /** null = no maximum. */
  max: number | null;
  dropPolicy: DropPolicy;
  closeOnClick: boolean;
  /** Same title, text, type and group as a shown toast → not added, its count goes up (×N). */
  ignoreDuplicates: boolean;
  /** While the pointer (or focus) is on a toast its timer stops; it restarts in full on leave. */
  pauseOnHover: boolean;
}
