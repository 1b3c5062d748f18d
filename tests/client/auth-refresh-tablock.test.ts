import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_CHANNEL_NAME, createTabLock, type TabAnnouncement, type TabLock } from '../../src/web/shared/session/tab-lock.ts';
import { createInMemoryLocksDouble } from './auth-refresh-lock-double.ts';

const opened: { close(): void }[] = [];
afterEach(() => opened.splice(0).forEach((item) => item.close()));

function tab(locks = createInMemoryLocksDouble()): TabLock & { heard: TabAnnouncement[] } {
  const lock = createTabLock({ locks, channel: new BroadcastChannel(AUTH_CHANNEL_NAME) });
  const heard: TabAnnouncement[] = [];
  lock.onAnnouncement((outcome) => heard.push(outcome));
  opened.push(lock);
  return Object.assign(lock, { heard });
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('TabLock over Web Locks and BroadcastChannel', () => {
  it('runs one task at a time across tabs, in request order, even when a task fails', async () => {
    const locks = createInMemoryLocksDouble();
    const [a, b] = [tab(locks), tab(locks)];
    const order: string[] = [];
    const task = (name: string, fail = false) => async () => {
      order.push(`${name} start`);
      await tick();
      order.push(`${name} end`);
      if (fail) throw new Error(name);
      return name;
    };
    const results = await Promise.allSettled([a.withLock(task('a', true)), b.withLock(task('b'))]);
    expect(order).toEqual(['a start', 'a end', 'b start', 'b end']);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'fulfilled']);
  });

  it("tells the other tabs the outcome, not itself", async () => {
    const [a, b] = [tab(), tab()];
    a.announce('refreshed');
    b.announce('expired');
    await tick();
    expect(a.heard).toEqual(['expired']);
    expect(b.heard).toEqual(['refreshed']);
  });

  it('ignores messages on the channel that are not announcements', async () => {
    const a = tab();
    const stranger = new BroadcastChannel(AUTH_CHANNEL_NAME);
    opened.push(stranger);
    stranger.postMessage({ kind: 'token-refresh', outcome: 'stolen' });
    stranger.postMessage('refreshed');
    stranger.postMessage({ kind: 'token-refresh', outcome: 'refreshed' });
    await tick();
    expect(a.heard).toEqual(['refreshed']);
  });

  it('without Web Locks or a channel it still runs tasks, alone', async () => {
    const lock = createTabLock({});
    await expect(lock.withLock(async () => 42)).resolves.toBe(42);
    expect(() => lock.announce('refreshed')).not.toThrow();
    lock.close();
  });
});
