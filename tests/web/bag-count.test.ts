// @vitest-environment node
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { ApiClient } from '../../src/web/shared/api/client.ts';
import { createBagCountStore } from '../../src/web/shared/bag/bag-count.tsx';

/** A client whose only answer is `GET cart/items-count`, in `country`. */
function client(count: () => Promise<number>, country = 'SG'): ApiClient & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    site: () => ({ country, language: 'en' }) as ReturnType<ApiClient['site']>,
    resource: () => {
      throw new Error('not used');
    },
    request: (async (_method: string, path: string) => {
      asked.push(path);
      return { data: { count: await count(), version: 1 } };
    }) as unknown as ApiClient['request'],
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the header’s bag count', () => {
  test('reads cart/items-count, moves with an add in flight and settles on the answer', async () => {
    const store = createBagCountStore(client(async () => 2));
    expect(store.count).toBeNull();
    store.load();
    await settle();
    expect(store.count).toBe(2);
    store.shift(1);
    expect(store.count).toBe(3);
    store.shift(-1);
    store.confirm(3);
    expect(store.count).toBe(3);
  });

  test('an older count still on its way does not undo a write’s answer', async () => {
    let answer: (count: number) => void = () => undefined;
    const store = createBagCountStore(client(() => new Promise((resolve) => (answer = resolve))));
    store.load();
    store.confirm(5);
    answer(1);
    await settle();
    expect(store.count).toBe(5);
  });

  test('another tab hears of a change through the BroadcastChannel, in the same country only', async () => {
    const here = createBagCountStore(client(async () => 0));
    const there = createBagCountStore(client(async () => 0));
    const elsewhere = createBagCountStore(client(async () => 0, 'TH'));
    const heard = vi.fn();
    const otherTab = vi.fn();
    there.subscribe(heard);
    there.onOtherTab(otherTab);
    here.onOtherTab(otherTab);
    here.confirm(4);
    await settle();
    expect(there.count).toBe(4);
    expect(heard).toHaveBeenCalled();
    // Only the tab that heard it is told: the one that wrote knows already.
    expect(otherTab).toHaveBeenCalledTimes(1);
    expect(elsewhere.count).toBeNull();
  });

  test('without BroadcastChannel, through localStorage and the storage event', async () => {
    const listeners: ((event: { key: string; newValue: string | null }) => void)[] = [];
    const stored = new Map<string, string>();
    vi.stubGlobal('BroadcastChannel', undefined);
    vi.stubGlobal('window', { addEventListener: (_type: string, listener: (event: { key: string; newValue: string | null }) => void) => listeners.push(listener) });
    vi.stubGlobal('localStorage', { setItem: (key: string, value: string) => stored.set(key, value) });
    const here = createBagCountStore(client(async () => 0));
    const there = createBagCountStore(client(async () => 0));
    here.confirm(2);
    const [key, value] = [...stored.entries()][0] ?? [];
    expect(key).toBe('bp-bag-count');
    // The browser fires `storage` in the other tabs, not in the one that wrote.
    listeners.forEach((listener) => listener({ key: key ?? '', newValue: value ?? null }));
    expect(there.count).toBe(2);
    listeners.forEach((listener) => listener({ key: 'bp-bag-count', newValue: 'not json' }));
    expect(there.count).toBe(2);
  });
});
