import { createContext, useContext, useMemo } from 'react';
import type { NotificationInput } from '../../../../machines/notifications/types.ts';

/**
 * What any feature may do with the app's one notification queue. The queue itself (machines,
 * toasts, their lazy chunk) is the notifications feature, which the shell mounts around the app;
 * features reach it only through this context, so they never import that feature.
 */
export interface NotificationsApi {
  /** Shows a notification and returns its id (of the shown one it repeats, for a duplicate). */
  notify: (item: NotificationInput) => string;
  /** Closes one toast (with its exit animation). */
  close: (id: string) => void;
  /** Closes every toast, or those of one group. */
  clear: (group?: string) => void;
}

export const NotificationsContext = createContext<NotificationsApi | null>(null);

function useNotificationsValue(): NotificationsApi {
  const value = useContext(NotificationsContext);
  if (!value) throw new Error('useNotify/useNotifications need a <NotificationsProvider> above them');
  return value;
}

/** `notify({ title, text, type })` → id. Titles and texts are translated by the caller. */
export function useNotify(): NotificationsApi['notify'] {
  return useNotificationsValue().notify;
}

export function useNotifications(): NotificationsApi {
  const { notify, close, clear } = useNotificationsValue();
  return useMemo(() => ({ notify, close, clear }), [notify, close, clear]);
}
