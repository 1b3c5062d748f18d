// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { transitionPaths } from '../../machines/model/graph.ts';
import { startInert } from '../../machines/model/replay.ts';
import { QUEUE_MODEL_ITEMS, notificationsModel } from '../../machines/notifications/queue.model.ts';
import type { NotificationsContext, NotificationsEvent } from '../../machines/notifications/queue.machine.ts';
import { toastPhase, toastRole } from '../../machines/notifications/toast.connect.ts';
import { toastModel } from '../../machines/notifications/toast.model.ts';
import type { NotificationInput, NotificationsOptions } from '../../machines/notifications/types.ts';
import type { CountryCode, LanguageCode } from '../../src/config/countries.ts';
import { loadNotificationsRuntime } from '../../src/web/features/notifications/notifications-provider.tsx';
import { useNotifications } from '../../src/web/shared/notifications/notify.ts';
import { renderApp } from '../helpers/render-app.tsx';

/** A site that speaks each language, to see the toasts labelled in it. */
const SITE_OF: Record<LanguageCode, CountryCode> = { en: 'SG', zh: 'HK', id: 'ID', th: 'TH' };

// The queue's chunk loads with the first notification (tests/web/notifications.lazy.test.tsx covers
// that wait); loaded here once, so these steps run synchronously as in an app that has notified.
beforeAll(async () => {
  await loadNotificationsRuntime();
});
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A feature that notifies: one button per item, and the app-level close and clear commands. */
function Harness({ items }: { items: readonly NotificationInput[] }) {
  const { notify, close, clear } = useNotifications();
  const [target, setTarget] = useState('');
  const [ids, setIds] = useState<string[]>([]);
  return (
    <div>
      {items.map((item, index) => (
        <button
          key={index}
          type="button"
          onClick={() => {
            // Notified in the handler, not in the state updater: React may run an updater while
            // rendering, and a notification updates the toast list (another component).
            const id = notify(item);
            setIds((known) => [...known, id]);
          }}
        >
          {`add ${index}`}
        </button>
      ))}
      <label>
        id to close
        <input value={target} onChange={(event) => setTarget(event.target.value)} />
      </label>
      <button type="button" onClick={() => close(target)}>
        close by id
      </button>
      <button type="button" onClick={() => clear()}>
        clear all
      </button>
      <button type="button" onClick={() => clear('account')}>
        clear account
      </button>
      <output aria-label="returned ids">{ids.join(',')}</output>
    </div>
  );
}

async function renderNotifications(items: readonly NotificationInput[], options?: Partial<NotificationsOptions>, language: LanguageCode = 'en') {
  // The app's own provider, given the queue options under test. Rendered on real timers, so the
  // page's lazy parts (the wish list's session gate, at idle) settle within the render as in every
  // other test; the queue's timers, which start with the first notification, are then faked.
  vi.useRealTimers();
  const result = await renderApp({ ui: <Harness items={items} />, notifications: options, country: SITE_OF[language], language });
  vi.useFakeTimers();
  const region = result.container.ownerDocument.querySelector<HTMLElement>('section.notifications');
  if (!region) throw new Error('no toast region');
  const toasts = () => [...region.querySelectorAll<HTMLElement>('.toast')];
  const toast = (id: string) => region.querySelector<HTMLElement>(`.toast[data-id="${id}"]`);
  return { ...result, region, toasts, toast };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('toast model paths through the view', () => {
  const input = toastModel.input;
  if (!input) throw new Error('the toast model has an input');
  const item = input.item;
  const notification: NotificationInput = { id: item.id, title: item.title, text: item.text, type: item.type, duration: item.duration, speed: item.speed };

  it.each(transitionPaths(toastModel).map((path) => [path.id, path] as const))('%s', async (_name, path) => {
    const view = await renderNotifications([notification], { pauseOnHover: input.pauseOnHover, closeOnClick: input.closeOnClick });
    fireEvent.click(screen.getByRole('button', { name: 'add 0' }));
    const model = startInert(toastModel);
    const element = () => view.toast(item.id);
    for (const event of path.events) {
      const shown = element();
      switch (event.type) {
        case 'toast.hover':
          if (shown) fireEvent.mouseEnter(shown);
          break;
        case 'toast.leave':
          if (shown) fireEvent.mouseLeave(shown);
          break;
        case 'toast.click':
          if (shown) fireEvent.click(shown);
          break;
        case 'toast.close':
          if (shown) fireEvent.click(within(shown).getByRole('button', { name: 'Close notification' }));
          break;
        case 'xstate.after.toastDuration.toast.visible.running':
          advance(item.duration);
          break;
        case 'xstate.after.toastSpeed.toast.leaving':
          advance(item.speed);
          break;
        default:
          throw new Error(`no UI step for ${event.type}`);
      }
      model.send(event);
      const phase = toastPhase(model.getSnapshot());
      if (phase === 'destroyed') {
        expect(element()).toBeNull();
        expect(view.region).toHaveAttribute('data-state', 'empty');
      } else {
        expect(element()).toHaveAttribute('data-state', phase);
        expect(element()).toHaveAttribute('role', toastRole(item.type));
        expect(element()).toHaveTextContent(item.text);
      }
    }
    model.stop();
  });
});

function queueContext(actor: AnyActorRef): NotificationsContext {
  return (actor.getSnapshot() as { context: NotificationsContext }).context;
}

describe('queue model paths through the view', () => {
  const input = notificationsModel.input ?? {};
  // Long durations: in these paths toasts leave only by the model's commands, never by time.
  const options = { ...input, duration: 60_000 };

  it.each(transitionPaths(notificationsModel).map((path) => [path.id, path] as const))('%s', async (_name, path) => {
    const view = await renderNotifications(QUEUE_MODEL_ITEMS, options);
    const model = startInert(notificationsModel);
    // Toasts the model was told to close but has not heard "done" from: the view shows them leaving or already gone.
    let closing = new Set<string>();
    // The model's events are this machine's events: the registry only widens their type.
    for (const event of path.events as unknown as NotificationsEvent[]) {
      const before = queueContext(model);
      if (event.type === 'notifications.add') {
        const { item } = event;
        fireEvent.click(screen.getByRole('button', { name: `add ${QUEUE_MODEL_ITEMS.findIndex((known) => known.title === item.title)}` }));
      } else if (event.type === 'notifications.close') {
        const { id } = event;
        fireEvent.change(screen.getByLabelText('id to close'), { target: { value: id } });
        fireEvent.click(screen.getByRole('button', { name: 'close by id' }));
        closing.add(id);
      } else if (event.type === 'notifications.clear') {
        const { group } = event;
        fireEvent.click(screen.getByRole('button', { name: group ? `clear ${group}` : 'clear all' }));
        before.toasts.filter((toast) => !group || toast.item.group === group).forEach((toast) => closing.add(toast.item.id));
      } else if (event.type === 'notifications.toastDone') {
        // A toast is done when its exit is over: click it (close on click) unless it is leaving already.
        const { id } = event;
        const shown = view.toast(id);
        if (shown && shown.dataset.state !== 'leaving') fireEvent.click(shown);
        advance(options.speed ?? 300);
        closing.delete(id);
      }
      model.send(event);

      const after = queueContext(model);
      closing = new Set(after.toasts.map((toast) => toast.item.id).filter((id) => closing.has(id)));
      const active = after.toasts.filter((toast) => !closing.has(toast.item.id));
      const activeInView = view.toasts().filter((element) => element.dataset.state !== 'leaving');
      // Newest on top.
      expect(activeInView.map((element) => element.dataset.id)).toEqual(active.map((toast) => toast.item.id).reverse());
      for (const toast of active) {
        const element = view.toast(toast.item.id);
        expect(element).toHaveAttribute('role', toastRole(toast.item.type));
        expect(element).toHaveTextContent(toast.item.title);
        const count = element?.querySelector('.toast__count');
        if (toast.count > 1) expect(count).toHaveTextContent(`×${toast.count}`);
        else expect(count).toBeNull();
      }
      for (const id of closing) {
        const element = view.toast(id);
        if (element) expect(element).toHaveAttribute('data-state', 'leaving');
      }
      if (model.getSnapshot().matches('empty')) {
        expect(view.toasts()).toEqual([]);
        expect(view.region).toHaveAttribute('data-state', 'empty');
      }
    }
    model.stop();
  });
});

describe('notifications view', () => {
  it('shows warn and error as alerts, default and success as status messages', async () => {
    const items: NotificationInput[] = [
      { title: 'Info', type: 'default' },
      { title: 'Saved', type: 'success' },
      { title: 'Careful', type: 'warn' },
      { title: 'Failed', type: 'error' },
    ];
    const view = await renderNotifications(items);
    items.forEach((_, index) => fireEvent.click(screen.getByRole('button', { name: `add ${index}` })));
    const region = within(view.region);
    expect(region.getAllByRole('status').map((element) => element.textContent)).toEqual([expect.stringContaining('Saved'), expect.stringContaining('Info')]);
    expect(region.getAllByRole('alert').map((element) => element.textContent)).toEqual([expect.stringContaining('Failed'), expect.stringContaining('Careful')]);
  });

  it('uses the default width, duration and speed, and returns the id from notify', async () => {
    const view = await renderNotifications([{ text: 'Hello' }]);
    expect(view.region).toHaveStyle({ width: '300px' });
    fireEvent.click(screen.getByRole('button', { name: 'add 0' }));
    expect(screen.getByRole('status', { name: 'returned ids' })).toHaveTextContent('notification-1');
    const toast = view.toast('notification-1');
    expect(toast).toHaveAttribute('data-state', 'visible');
    expect(toast?.style.getPropertyValue('--toast-speed')).toBe('300ms');
    advance(2999);
    expect(toast).toHaveAttribute('data-state', 'visible');
    advance(1);
    expect(toast).toHaveAttribute('data-state', 'leaving');
    advance(300);
    expect(view.toasts()).toEqual([]);
  });

  it('counts repeated notifications as ×N when duplicates are ignored', async () => {
    const view = await renderNotifications([{ title: 'Added to bag', type: 'success' }], { ignoreDuplicates: true });
    const add = screen.getByRole('button', { name: 'add 0' });
    fireEvent.click(add);
    expect(view.toasts()[0]?.querySelector('.toast__count')).toBeNull();
    fireEvent.click(add);
    fireEvent.click(add);
    expect(view.toasts()).toHaveLength(1);
    expect(view.toasts()[0]).toHaveTextContent('×3');
    expect(view.toasts()[0]).toHaveTextContent('(3 times)');
  });

  it('pauses while hovered or focused when pauseOnHover', async () => {
    const view = await renderNotifications([{ text: 'Read me' }], { pauseOnHover: true });
    fireEvent.click(screen.getByRole('button', { name: 'add 0' }));
    const toast = view.toast('notification-1');
    if (!toast) throw new Error('no toast');
    fireEvent.mouseEnter(toast);
    expect(toast).toHaveAttribute('data-state', 'paused');
    advance(10_000);
    expect(toast).toHaveAttribute('data-state', 'paused');
    fireEvent.mouseLeave(toast);
    expect(toast).toHaveAttribute('data-state', 'visible');
    const close = within(toast).getByRole('button', { name: 'Close notification' });
    act(() => close.focus());
    expect(toast).toHaveAttribute('data-state', 'paused');
    advance(10_000);
    expect(toast).toHaveAttribute('data-state', 'paused');
  });

  it('does not close on click when closeOnClick is off', async () => {
    const view = await renderNotifications([{ text: 'Stay' }], { closeOnClick: false });
    fireEvent.click(screen.getByRole('button', { name: 'add 0' }));
    const toast = view.toast('notification-1');
    if (!toast) throw new Error('no toast');
    fireEvent.click(toast);
    expect(toast).toHaveAttribute('data-state', 'visible');
    fireEvent.click(within(toast).getByRole('button', { name: 'Close notification' }));
    expect(toast).toHaveAttribute('data-state', 'leaving');
  });

  it('keeps at most max toasts: oldest dropped, or newest refused', async () => {
    const items = [{ text: 'One' }, { text: 'Two' }, { text: 'Three' }];
    const oldest = await renderNotifications(items, { max: 2 });
    items.forEach((_, index) => fireEvent.click(screen.getByRole('button', { name: `add ${index}` })));
    expect(oldest.toasts().map((element) => element.textContent)).toEqual([expect.stringContaining('Three'), expect.stringContaining('Two')]);
    cleanup();
    const newest = await renderNotifications(items, { max: 2, dropPolicy: 'newest' });
    items.forEach((_, index) => fireEvent.click(screen.getByRole('button', { name: `add ${index}` })));
    expect(newest.toasts().map((element) => element.textContent)).toEqual([expect.stringContaining('Two'), expect.stringContaining('One')]);
  });

  it.each([
    ['zh-Hant', 'zh', '關閉通知', '通知'],
    ['id', 'id', 'Tutup notifikasi', 'Notifikasi'],
    ['th', 'th', 'ปิดการแจ้งเตือน', 'การแจ้งเตือน'],
  ] as const)('labels the region and close button in %s', async (_catalog, language, close, region) => {
    await renderNotifications([{ text: 'x' }], undefined, language);
    fireEvent.click(screen.getByRole('button', { name: 'add 0' }));
    expect(screen.getByRole('region', { name: region })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: close })).toBeInTheDocument();
  });
});
