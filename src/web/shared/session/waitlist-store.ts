import { useContext, useEffect, useSyncExternalStore } from 'react';
import * as v from 'valibot';
import { AccountApiContext } from '../../features/account/account-api-context.tsx';
import { useSignedIn } from './session-store.ts';
import type { ApiClient } from '../api/client.ts';

/**
 * The member's waitlist as slugs, for the "waitlisted" badge on cards and the product page: the
 * one module of this folder on the first screens, so it stays tiny (no `import()`: Vite would list
 * every chunk of the feature beside it). Fetched after the first paint; one store per API client.
 */
interface Store {
  slugs: ReadonlySet<string> | null;
  listeners: Set<() => void>;
  pending: boolean;
}
const stores = new WeakMap<ApiClient, Store>();

/** The part of `GET waitlist` (WaitlistResponseSchema) a badge needs: the contract module would weigh on every first screen. */
const WaitlistSlugsSchema = v.object({ data: v.array(v.object({ slug: v.string() })) });

function storeOf(client: ApiClient): Store {
  let store = stores.get(client);
  if (!store) stores.set(client, (store = { slugs: null, listeners: new Set(), pending: false }));
  return store;
}

function publish(store: Store, slugs: ReadonlySet<string>): void {
  store.slugs = slugs;
  store.listeners.forEach((listener) => listener());
}

/** A join or leave the product page just made. */
export function markWaitlisted(client: ApiClient, slug: string, waitlisted: boolean): void {
  const store = storeOf(client);
  const next = new Set(store.slugs);
  if (waitlisted) next.add(slug);
  else next.delete(slug);
  publish(store, next);
}

/** Slugs the signed-in member is waitlisted for; null while unknown (loading, signed out, no client). */
export function useWaitlist(): ReadonlySet<string> | null {
  const { client } = useContext(AccountApiContext);
  const signedIn = useSignedIn();
  const store = client && signedIn ? storeOf(client) : null;
  const slugs = useSyncExternalStore(
    (listener) => {
      store?.listeners.add(listener);
      return () => store?.listeners.delete(listener);
    },
    () => store?.slugs ?? null,
    () => null,
  );
  useEffect(() => {
    // Signed out: the next member to sign in starts from a new store (an answer still on its way lands in the old one).
    if (client && !signedIn) stores.delete(client);
    if (!client || !store || store.slugs || store.pending) return;
    store.pending = true;
    client.request('GET', 'waitlist', WaitlistSlugsSchema).then(
      ({ data }) => publish(store, new Set(data.map((entry) => entry.slug))),
      // No badge is better than a broken page: taken as empty (joining again is harmless, it is idempotent).
      () => publish(store, new Set()),
    );
  }, [client, signedIn, store]);
  return slugs;
}
