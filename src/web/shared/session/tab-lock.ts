import * as v from 'valibot';

/** The Web Locks name every tab of the storefront refreshes under. */
export const TOKEN_LOCK_NAME = 'beauty-pass-token-refresh';
/** The BroadcastChannel on which tabs tell each other how a refresh ended. */
export const AUTH_CHANNEL_NAME = 'beauty-pass-auth';

export type TabAnnouncement = 'refreshed' | 'expired';

/**
 * Keeps two tabs from refreshing at once: the server treats a reused refresh token as theft and
 * revokes the session (spec §7). `withLock` runs one task at a time across tabs; `announce` tells
 * the other tabs the outcome.
 */
export interface TabLock {
  withLock<T>(task: () => Promise<T>): Promise<T>;
  announce(outcome: TabAnnouncement): void;
  /** Announcements of other tabs (never this tab's own); returns the unsubscribe function. */
  onAnnouncement(listener: (outcome: TabAnnouncement) => void): () => void;
  close(): void;
}

/** The part of the Web Locks `LockManager` we use (`navigator.locks` has this shape). */
export interface LockManagerLike {
  request<T>(name: string, callback: (lock: unknown) => Promise<T>): Promise<T>;
}

/** The part of `BroadcastChannel` we use. */
export interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close(): void;
}

/** Another tab's message is input like any other: anything not in this shape is ignored. */
const AnnouncementSchema = v.object({
  kind: v.literal('token-refresh'),
  outcome: v.picklist(['refreshed', 'expired']),
});

/**
 * A TabLock over any LockManager-like lock and BroadcastChannel-like channel. Without a lock
 * manager (a browser before Web Locks) tasks run at once: tabs then rely on the `jwt-data`
 * cookie check and the announcements alone.
 */
export function createTabLock({ locks, channel }: { locks?: LockManagerLike; channel?: ChannelLike }): TabLock {
  const listeners = new Set<(outcome: TabAnnouncement) => void>();
  const onMessage = (event: MessageEvent) => {
    const parsed = v.safeParse(AnnouncementSchema, event.data);
    if (parsed.success) listeners.forEach((listener) => listener(parsed.output.outcome));
  };
  channel?.addEventListener('message', onMessage);
  return {
    withLock: (task) => (locks ? locks.request(TOKEN_LOCK_NAME, () => task()) : task()),
    announce: (outcome) => channel?.postMessage({ kind: 'token-refresh', outcome }),
    onAnnouncement: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => {
      channel?.removeEventListener('message', onMessage);
      channel?.close();
      listeners.clear();
    },
  };
}

/** The browser's TabLock: `navigator.locks` and a `beauty-pass-auth` BroadcastChannel when they exist. */
export function browserTabLock(): TabLock {
  const locks = typeof navigator !== 'undefined' && 'locks' in navigator ? (navigator.locks as LockManagerLike) : undefined;
  const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(AUTH_CHANNEL_NAME);
  return createTabLock({ ...(locks ? { locks } : {}), ...(channel ? { channel } : {}) });
}
