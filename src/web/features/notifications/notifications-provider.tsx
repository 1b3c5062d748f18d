import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { NotificationsContext, type NotificationsApi } from '../../shared/notifications/notify.ts';
import type { ActorRefFrom } from 'xstate';
import type { NotificationsEvent, notificationsMachine } from '../../../../machines/notifications/queue.machine.ts';
import { regionState } from '../../../../machines/notifications/queue.region.ts';
import { findDuplicateItem, resolveItem, resolveOptions } from '../../../../machines/notifications/queue.rules.ts';
import type { NotificationInput, NotificationItem, NotificationsOptions } from '../../../../machines/notifications/types.ts';
import type * as RuntimeModule from './notifications-runtime.tsx';

export type NotificationsActor = ActorRefFrom<typeof notificationsMachine>;

type Runtime = typeof RuntimeModule;
let runtime: Runtime | null = null;
let loading: Promise<Runtime> | null = null;

/**
 * The queue and toast machines and the toast view, in their own chunk: the first `notify()` loads
 * it (a failed load is tried again by the next one). Once loaded, every provider uses it at once.
 */
export function loadNotificationsRuntime(): Promise<Runtime> {
  loading ??= import('./notifications-runtime.tsx').then(
    (loaded) => (runtime = loaded),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * Before the runtime has loaded: the commands in order, to replay on the queue, and the queue's
 * items and id counter as the queue will have them after the replay, so `notify()` returns now
 * the id the queue will give. Nothing leaves the queue before the replay (timers start with it).
 */
interface Hub {
  actor: NotificationsActor | null;
  pending: NotificationsEvent[];
  items: NotificationItem[];
  seq: number;
  mounted: boolean;
}

export interface NotificationsProviderProps {
  children?: ReactNode;
  /** Queue options, read once when the provider mounts; the rest are the spec's defaults (§9). */
  options?: Partial<NotificationsOptions>;
}

/** The app's one notification queue and its toast region (top right, `width` px wide). */
export function NotificationsProvider({ children, options }: NotificationsProviderProps) {
  const [resolved] = useState(() => resolveOptions(options));
  const [actor, setActor] = useState<NotificationsActor | null>(null);
  const hub = useRef<Hub>({ actor: null, pending: [], items: [], seq: 0, mounted: true }).current;

  const start = useCallback(
    (loaded: Runtime) => {
      if (hub.actor || !hub.mounted) return;
      const started = loaded.startNotifications(resolved);
      hub.actor = started;
      for (const event of hub.pending.splice(0)) started.send(event);
      setActor(started);
    },
    [hub, resolved],
  );

  useEffect(() => {
    hub.mounted = true;
    return () => {
      hub.mounted = false;
      hub.actor?.stop();
      hub.actor = null;
    };
  }, [hub]);

  const api = useMemo<NotificationsApi>(() => {
    const ensureStarted = () => {
      if (!hub.actor && runtime) start(runtime);
      return hub.actor;
    };
    const notify = (item: NotificationInput): string => {
      const started = ensureStarted();
      if (started) {
        started.send({ type: 'notifications.add', item });
        // The queue decides the id (and whether it repeats a shown one) synchronously.
        return started.getSnapshot().context.last?.id ?? '';
      }
      hub.pending.push({ type: 'notifications.add', item });
      loadNotificationsRuntime().then(start, (error: unknown) => console.error('Notifications did not load', error));
      // The queue's own rules, on what it will hold after the replay.
      const duplicate = findDuplicateItem(hub.items, item, resolved, hub.seq);
      if (duplicate) return duplicate.id;
      hub.seq += 1;
      const added = resolveItem(item, resolved, hub.seq);
      if (resolved.max !== null && hub.items.length >= resolved.max) {
        if (resolved.dropPolicy === 'newest') return added.id;
        hub.items.shift();
      }
      hub.items.push(added);
      return added.id;
    };
    const command = (event: NotificationsEvent) => {
      const started = ensureStarted();
      if (started) started.send(event);
      // Before the first notification the queue is empty and ignores it.
      else if (hub.pending.length > 0) hub.pending.push(event);
    };
    return {
      notify,
      close: (id: string) => command({ type: 'notifications.close', id }),
      clear: (group?: string) => command(group === undefined ? { type: 'notifications.clear' } : { type: 'notifications.clear', group }),
    };
  }, [hub, resolved, start]);

  return (
    <NotificationsContext.Provider value={api}>
      {children}
      <ToastRegion actor={actor} width={resolved.width} />
    </NotificationsContext.Provider>
  );
}

const noSubscription = () => () => undefined;

function ToastRegion({ actor, width }: { actor: NotificationsActor | null; width: number }) {
  const { t } = useLingui();
  const subscribe = useMemo(
    () =>
      actor
        ? (listener: () => void) => {
            const subscription = actor.subscribe(listener);
            return () => subscription.unsubscribe();
          }
        : noSubscription,
    [actor],
  );
  // A server render (and the hydration of its HTML) has no toasts yet.
  const state = useSyncExternalStore(subscribe, () => (actor ? regionState(actor.getSnapshot()) : 'empty'), () => 'empty' as const);
  const List = runtime?.ToastList;
  return (
    <section className="notifications notifications--top-right" aria-label={t`Notifications`} data-state={state} style={{ width }}>
      {actor && List ? <List actor={actor} /> : null}
    </section>
  );
}
