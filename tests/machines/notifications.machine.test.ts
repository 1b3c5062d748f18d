import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createActor } from 'xstate';
import { NOTIFICATION_DEFAULTS } from '../../machines/notifications/defaults.ts';
import { notificationsMachine, resolveItem, resolveOptions } from '../../machines/notifications/queue.machine.ts';
import { toastPhase, toastRole } from '../../machines/notifications/toast.connect.ts';
import type { NotificationInput, NotificationsOptions } from '../../machines/notifications/types.ts';

// xstate's default clock calls the global setTimeout, so fake timers drive every `after`.
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function start(options?: Partial<NotificationsOptions>) {
  const actor = createActor(notificationsMachine, { input: options }).start();
  const add = (item: NotificationInput) => {
    actor.send({ type: 'notifications.add', item });
    return actor.getSnapshot().context.last;
  };
  /** id → phase of each shown toast, oldest first. */
  const shown = () => actor.getSnapshot().context.toasts.map((toast) => [toast.item.id, toastPhase(toast.ref.getSnapshot())]);
  const counts = () => actor.getSnapshot().context.toasts.map((toast) => [toast.item.id, toast.count]);
  return { actor, add, shown, counts };
}

describe('defaults (spec §9)', () => {
  test('duration 3000 ms, speed 300 ms, width 300, top right, no maximum, close on click', () => {
    const options = resolveOptions(undefined);
    expect(options).toMatchObject({ duration: 3000, speed: 300, width: 300, position: 'top-right', max: null, closeOnClick: true });
    expect(options).toEqual(NOTIFICATION_DEFAULTS);
  });

  test('an item gets a generated id, type default, no group and the queue duration and speed', () => {
    const item = resolveItem({ text: 'Hello' }, resolveOptions({ duration: 5000 }), 7);
    expect(item).toEqual({ id: 'notification-7', title: '', text: 'Hello', type: 'default', group: null, duration: 5000, speed: 300, data: null });
  });

  test('a maximum below 1 means no maximum', () => {
    expect(resolveOptions({ max: 0 }).max).toBeNull();
    expect(resolveOptions({ max: 2.7 }).max).toBe(2);
  });

  test('warn and error are alerts, default and success are status messages', () => {
    expect(toastRole('warn')).toBe('alert');
    expect(toastRole('error')).toBe('alert');
    expect(toastRole('success')).toBe('status');
    expect(toastRole('default')).toBe('status');
  });
});

describe('a toast leaves', () => {
  test('after its duration, then is removed after speed ms', () => {
    const { actor, add, shown } = start();
    expect(add({ text: 'Saved' })).toEqual({ id: 'notification-1', outcome: 'added' });
    expect(actor.getSnapshot().value).toBe('showing');
    vi.advanceTimersByTime(2999);
    expect(shown()).toEqual([['notification-1', 'visible']]);
    vi.advanceTimersByTime(1);
    expect(shown()).toEqual([['notification-1', 'leaving']]);
    vi.advanceTimersByTime(299);
    expect(shown()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(shown()).toEqual([]);
    expect(actor.getSnapshot().value).toBe('empty');
  });

  test('an item duration and speed override the queue ones', () => {
    const { add, shown } = start();
    add({ text: 'Quick', duration: 1000, speed: 100 });
    vi.advanceTimersByTime(1000);
    expect(shown()).toEqual([['notification-1', 'leaving']]);
    vi.advanceTimersByTime(100);
    expect(shown()).toEqual([]);
  });

  test('a duration of 0 is sticky: it stays until closed', () => {
    const { actor, add, shown } = start();
    const { id } = add({ text: 'Stay', duration: 0 }) ?? { id: '' };
    vi.advanceTimersByTime(60_000);
    expect(shown()).toEqual([[id, 'visible']]);
    actor.send({ type: 'notifications.close', id });
    vi.advanceTimersByTime(300);
    expect(shown()).toEqual([]);
  });

  test('on click when closeOnClick (the default)', () => {
    const { actor, add, shown } = start();
    add({ text: 'Saved' });
    actor.getSnapshot().context.toasts[0]?.ref.send({ type: 'toast.click' });
    expect(shown()).toEqual([['notification-1', 'leaving']]);
    vi.advanceTimersByTime(300);
    expect(actor.getSnapshot().value).toBe('empty');
  });

  test('not on click when closeOnClick is off; the close button still closes it', () => {
    const { actor, add, shown } = start({ closeOnClick: false });
    add({ text: 'Saved' });
    const ref = actor.getSnapshot().context.toasts[0]?.ref;
    expect(ref?.getSnapshot().can({ type: 'toast.click' })).toBe(false);
    ref?.send({ type: 'toast.click' });
    expect(shown()).toEqual([['notification-1', 'visible']]);
    ref?.send({ type: 'toast.close' });
    expect(shown()).toEqual([['notification-1', 'leaving']]);
  });

  test('a leaving toast ignores clicks and hovers, and is removed once', () => {
    const { actor, add, shown } = start({ pauseOnHover: true });
    add({ text: 'Saved' });
    const ref = actor.getSnapshot().context.toasts[0]?.ref;
    ref?.send({ type: 'toast.close' });
    expect(ref?.getSnapshot().can({ type: 'toast.hover' })).toBe(false);
    expect(ref?.getSnapshot().can({ type: 'toast.click' })).toBe(false);
    ref?.send({ type: 'toast.hover' });
    vi.advanceTimersByTime(300);
    expect(shown()).toEqual([]);
  });
});

describe('close and clear commands', () => {
  test('close by id closes only that toast', () => {
    const { actor, add, shown } = start();
    add({ text: 'One' });
    add({ text: 'Two' });
    actor.send({ type: 'notifications.close', id: 'notification-1' });
    expect(shown()).toEqual([
      ['notification-1', 'leaving'],
      ['notification-2', 'visible'],
    ]);
    vi.advanceTimersByTime(300);
    expect(shown()).toEqual([['notification-2', 'visible']]);
    expect(actor.getSnapshot().value).toBe('showing');
  });

  test('close of an unknown id, and clear with nothing shown, are refused', () => {
    const { actor, add } = start();
    expect(actor.getSnapshot().can({ type: 'notifications.clear' })).toBe(false);
    add({ text: 'One' });
    expect(actor.getSnapshot().can({ type: 'notifications.close', id: 'nope' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'notifications.close', id: 'notification-1' })).toBe(true);
  });

  test('clear without a group closes every toast', () => {
    const { actor, add, shown } = start();
    add({ text: 'One', group: 'a' });
    add({ text: 'Two' });
    actor.send({ type: 'notifications.clear' });
    expect(shown().map(([, phase]) => phase)).toEqual(['leaving', 'leaving']);
    vi.advanceTimersByTime(300);
    expect(actor.getSnapshot().value).toBe('empty');
  });

  test('clear by group closes that group only', () => {
    const { actor, add, shown } = start();
    add({ text: 'One', group: 'account' });
    add({ text: 'Two' });
    add({ text: 'Three', group: 'account' });
    expect(actor.getSnapshot().can({ type: 'notifications.clear', group: 'cart' })).toBe(false);
    actor.send({ type: 'notifications.clear', group: 'account' });
    vi.advanceTimersByTime(300);
    expect(shown()).toEqual([['notification-2', 'visible']]);
  });
});

describe('duplicates', () => {
  test('with ignoreDuplicates the same title, text, type and group is counted, not added', () => {
    const { add, counts } = start({ ignoreDuplicates: true });
    add({ title: 'Saved', text: 'Done', type: 'success' });
    expect(add({ title: 'Saved', text: 'Done', type: 'success' })).toEqual({ id: 'notification-1', outcome: 'duplicate' });
    add({ title: 'Saved', text: 'Done', type: 'success' });
    add({ title: 'Saved', text: 'Done', type: 'warn' });
    add({ title: 'Saved', text: 'Done', type: 'success', group: 'x' });
    expect(counts()).toEqual([
      ['notification-1', 3],
      ['notification-2', 1],
      ['notification-3', 1],
    ]);
  });

  test('without ignoreDuplicates each one is its own toast', () => {
    const { add, counts } = start();
    add({ text: 'Done' });
    add({ text: 'Done' });
    expect(counts()).toEqual([
      ['notification-1', 1],
      ['notification-2', 1],
    ]);
  });

  test('the same caller id is always counted on the shown toast', () => {
    const { add, counts } = start();
    add({ id: 'new-version', text: 'A new version is available' });
    expect(add({ id: 'new-version', text: 'A new version is available' })).toEqual({ id: 'new-version', outcome: 'duplicate' });
    expect(counts()).toEqual([['new-version', 2]]);
  });

  test('once the toast is gone, the same notification is shown again', () => {
    const { add, counts } = start({ ignoreDuplicates: true });
    add({ text: 'Done' });
    vi.advanceTimersByTime(3300);
    add({ text: 'Done' });
    expect(counts()).toEqual([['notification-2', 1]]);
  });
});

describe('pause on hover', () => {
  test('hovering stops the timer; leaving restarts the full duration', () => {
    const { actor, add, shown } = start({ pauseOnHover: true });
    add({ text: 'Read me' });
    const ref = actor.getSnapshot().context.toasts[0]?.ref;
    vi.advanceTimersByTime(2000);
    ref?.send({ type: 'toast.hover' });
    expect(shown()).toEqual([['notification-1', 'paused']]);
    vi.advanceTimersByTime(10_000);
    expect(shown()).toEqual([['notification-1', 'paused']]);
    ref?.send({ type: 'toast.leave' });
    vi.advanceTimersByTime(2999);
    expect(shown()).toEqual([['notification-1', 'visible']]);
    vi.advanceTimersByTime(1);
    expect(shown()).toEqual([['notification-1', 'leaving']]);
  });

  test('without pauseOnHover, hover is ignored and the timer runs on', () => {
    const { actor, add, shown } = start();
    add({ text: 'Read me' });
    const ref = actor.getSnapshot().context.toasts[0]?.ref;
    expect(ref?.getSnapshot().can({ type: 'toast.hover' })).toBe(false);
    ref?.send({ type: 'toast.hover' });
    vi.advanceTimersByTime(3000);
    expect(shown()).toEqual([['notification-1', 'leaving']]);
  });

  test('a click while hovered still closes it', () => {
    const { actor, add, shown } = start({ pauseOnHover: true });
    add({ text: 'Read me' });
    const ref = actor.getSnapshot().context.toasts[0]?.ref;
    ref?.send({ type: 'toast.hover' });
    ref?.send({ type: 'toast.click' });
    expect(shown()).toEqual([['notification-1', 'leaving']]);
  });
});

describe('maximum', () => {
  test('no maximum by default', () => {
    const { add, shown } = start();
    for (let index = 0; index < 12; index += 1) add({ text: `n${index}` });
    expect(shown()).toHaveLength(12);
  });

  test('dropPolicy oldest: the oldest shown toast gives way at once', () => {
    const { add, shown } = start({ max: 2 });
    add({ text: 'One' });
    add({ text: 'Two' });
    expect(add({ text: 'Three' })).toEqual({ id: 'notification-3', outcome: 'added' });
    expect(shown()).toEqual([
      ['notification-2', 'visible'],
      ['notification-3', 'visible'],
    ]);
  });

  test('dropPolicy newest: the new one is refused while the queue is full', () => {
    const { add, shown } = start({ max: 2, dropPolicy: 'newest' });
    add({ text: 'One' });
    add({ text: 'Two' });
    expect(add({ text: 'Three' })).toEqual({ id: 'notification-3', outcome: 'refused' });
    expect(shown().map(([id]) => id)).toEqual(['notification-1', 'notification-2']);
    vi.advanceTimersByTime(3300);
    expect(add({ text: 'Four' })).toEqual({ id: 'notification-4', outcome: 'added' });
  });

  test('a duplicate is counted even when the queue is full', () => {
    const { add, counts } = start({ max: 1, dropPolicy: 'newest', ignoreDuplicates: true });
    add({ text: 'One' });
    expect(add({ text: 'One' })?.outcome).toBe('duplicate');
    expect(counts()).toEqual([['notification-1', 2]]);
  });

  test('a dropped toast is stopped: its timer no longer runs', () => {
    const { actor, add } = start({ max: 1 });
    add({ text: 'One' });
    const dropped = actor.getSnapshot().context.toasts[0]?.ref;
    add({ text: 'Two' });
    expect(dropped?.getSnapshot().status).toBe('stopped');
    vi.advanceTimersByTime(3300);
    expect(actor.getSnapshot().value).toBe('empty');
  });
});
