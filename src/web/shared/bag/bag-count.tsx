import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useSyncExternalStore } from 'react';
import * as v from 'valibot';
import { useOptionalApi } from '../api/api-provider.tsx';
import type { ApiClient } from '../api/client.ts';
import { useSignedIn } from '../session/session-store.ts';
import { BAG_COUNT_SHIFT_EVENT } from './add-to-bag/count-event.ts';

/**
 * The header's bag count, in a chunk of its own that the header loads once the page is hydrated:
 * none of it is on a first screen, and it loads none of the bag's code (the bag screen and the "Add
 * to bag" buttons load theirs when needed and feed this store). Read from `GET cart/items-count`
 * after the first paint (a cached page must never carry a shopper's count); then every bag answer
 * of this tab confirms it, and other tabs hear of it through a BroadcastChannel, or the `storage`
 * event where there is none.
 */
export interface BagCountStore {
  /** Units in the bag as the header shows them; null while unknown. */
  readonly count: number | null;
  subscribe(listener: () => void): () => void;
  /** Asks the API (again after a sign-in or out: another shopper, another bag). */
  load(): void;
  /** The server's count after a write of this tab: shown here and told to the other tabs. */
  confirm(count: number): void;
  /** Moves the shown count by `delta` until the answer confirms it (an add in flight). */
  shift(delta: number): void;
  /** Called when another tab changed the bag (the bag screen reads it again). */
  onOtherTab(listener: () => void): () => void;
}

/** The part of `GET cart/items-count` (CartCountResponseSchema) the header needs: the contract module would weigh on every first screen. */
const CountSchema = v.object({ data: v.object({ count: v.number() }) });

const CHANNEL = 'bp-bag-count';

interface CountMessage {
  country: string;
  count: number;
}

const isCountMessage = (value: unknown): value is CountMessage =>
  typeof value === 'object' && value !== null && typeof (value as CountMessage).country === 'string' && typeof (value as CountMessage).count === 'number';

export function createBagCountStore(client: ApiClient): BagCountStore {
  const listeners = new Set<() => void>();
  const otherTabListeners = new Set<() => void>();
  let confirmed: number | null = null;
  let shifted = 0;
  let generation = 0;
  const publish = () => listeners.forEach((listener) => listener());
  const take = (count: number) => {
    confirmed = count;
    publish();
  };
  const heard = (data: unknown) => {
    if (!isCountMessage(data) || data.country !== client.site().country) return;
    take(data.count);
    otherTabListeners.forEach((listener) => listener());
  };
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
  if (channel) channel.onmessage = (event: MessageEvent) => heard(event.data);
  else if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key !== CHANNEL || event.newValue === null) return;
      try {
        heard(JSON.parse(event.newValue));
      } catch {
        // Another page's value under our key: not ours to read.
      }
    });
  }
  const store: BagCountStore = {
    get count() {
      return confirmed === null ? null : Math.max(0, confirmed + shifted);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load() {
      const asked = ++generation;
      client.request('GET', 'cart/items-count', CountSchema).then(
        ({ data }) => {
          if (asked === generation) take(data.count);
        },
        // No count is better than a broken header: the link still leads to the bag.
        () => undefined,
      );
    },
    confirm(count) {
      // A later answer of this tab wins over an older count still on its way.
      generation += 1;
      take(count);
      const message: CountMessage = { country: client.site().country, count };
      if (channel) channel.postMessage(message);
      else if (typeof localStorage !== 'undefined') localStorage.setItem(CHANNEL, JSON.stringify({ ...message, at: Date.now() }));
    },
    shift(delta) {
      shifted += delta;
      publish();
    },
    onOtherTab(listener) {
      otherTabListeners.add(listener);
      return () => otherTabListeners.delete(listener);
    },
  };
  return store;
}

const NO_SUBSCRIPTION = () => () => undefined;

/** The header's count; null while unknown (server render, loading, no client). */
export function useBagCount(): number | null {
  const store = useOptionalApi(createBagCountStore);
  const signedIn = useSignedIn();
  const count = useSyncExternalStore(store ? store.subscribe : NO_SUBSCRIPTION, () => store?.count ?? null, () => null);
  useEffect(() => {
    store?.load();
  }, [store, signedIn]);
  // A first press of "Add to bag" moves the count before the button's live part has loaded (add-to-bag/count-event.ts).
  useEffect(() => {
    if (!store) return undefined;
    const take = (event: Event) => {
      if (!(event instanceof CustomEvent) || typeof event.detail !== 'number') return;
      event.preventDefault();
      store.shift(event.detail);
    };
    window.addEventListener(BAG_COUNT_SHIFT_EVENT, take);
    return () => window.removeEventListener(BAG_COUNT_SHIFT_EVENT, take);
  }, [store]);
  return count;
}

/** What bag code calls with each answer: the header and the other tabs follow. */
export function useBagCountStore(): BagCountStore | null {
  return useOptionalApi(createBagCountStore);
}

/**
 * The count inside the header's bag link (header.tsx): the number, and for the link's name ", 3
 * items" (the link reads "Bag, 3 items"). Nothing while unknown: the link's box keeps its size.
 */
export default function BagCount() {
  const { t } = useLingui();
  const count = useBagCount();
  if (count === null) return null;
  return (
    <>
      <span className="visually-hidden">{t`, ${plural(count, { one: '# item', other: '# items' })}`}</span>
      <span aria-hidden="true">{count}</span>
    </>
  );
}
