import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { notificationsMachine, resolveOptions } from '../../../machines/notifications/queue.machine.ts';
import type { NotificationInput, NotificationsOptions } from '../../../machines/notifications/types.ts';
import { Toast } from './Toast.tsx';

type NotificationsActor = ActorRefFrom<typeof notificationsMachine>;

const NotificationsActorContext = createContext<NotificationsActor | null>(null);

export interface NotificationsProviderProps {
  children?: ReactNode;
  /** Queue options, read once when the provider mounts; the rest are the spec's defaults (§9). */
  options?: Partial<NotificationsOptions>;
}

/** The app's one notification queue and its toast region (top right, `width` px wide). */
export function NotificationsProvider({ children, options }: NotificationsProviderProps) {
  const actor = useActorRef(notificationsMachine, { input: options });
  const width = useMemo(() => resolveOptions(options).width, [options]);
  return (
    <NotificationsActorContext.Provider value={actor}>
      {children}
      <ToastRegion actor={actor} width={width} />
    </NotificationsActorContext.Provider>
  );
}

function ToastRegion({ actor, width }: { actor: NotificationsActor; width: number }) {
  const { t } = useLingui();
  const toasts = useSelector(actor, (snapshot) => snapshot.context.toasts);
  const state = useSelector(actor, (snapshot) => (snapshot.matches('showing') ? 'showing' : 'empty'));
  // Newest on top, as the region sits at the top of the screen.
  const newestFirst = useMemo(() => [...toasts].reverse(), [toasts]);
  return (
    <section className="notifications notifications--top-right" aria-label={t`Notifications`} data-state={state} style={{ width }}>
      {newestFirst.map((toast) => (
        <Toast key={toast.item.id} toast={toast} />
      ))}
    </section>
  );
}

function useNotificationsActor(): NotificationsActor {
  const actor = useContext(NotificationsActorContext);
  if (!actor) throw new Error('useNotify/useNotifications need a <NotificationsProvider> above them');
  return actor;
}

export interface NotificationsApi {
  /** Shows a notification and returns its id (of the shown one it repeats, for a duplicate). */
  notify: (item: NotificationInput) => string;
  /** Closes one toast (with its exit animation). */
  close: (id: string) => void;
  /** Closes every toast, or those of one group. */
  clear: (group?: string) => void;
}

/** `notify({ title, text, type })` → id. Titles and texts are translated by the caller. */
export function useNotify(): NotificationsApi['notify'] {
  const actor = useNotificationsActor();
  return useCallback(
    (item: NotificationInput) => {
      actor.send({ type: 'notifications.add', item });
      // The queue decides the id (and whether it repeats a shown one) synchronously.
      return actor.getSnapshot().context.last?.id ?? '';
    },
    [actor],
  );
}

export function useNotifications(): NotificationsApi {
  const actor = useNotificationsActor();
  const notify = useNotify();
  return useMemo(
    () => ({
      notify,
      close: (id: string) => actor.send({ type: 'notifications.close', id }),
      clear: (group?: string) => actor.send(group === undefined ? { type: 'notifications.clear' } : { type: 'notifications.clear', group }),
    }),
    [actor, notify],
  );
}
