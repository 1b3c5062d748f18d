import { useEffect, useSyncExternalStore } from 'react';
import * as v from 'valibot';
import { useOptionalApi } from '../api/api-provider.tsx';
import type { ApiClient } from '../api/client.ts';
import { useSignedIn } from './session-store.ts';

/**
 * The member's waitlist as slugs, for the "waitlisted" badge on cards and the product page: on the
 * first screens, so it stays tiny (no `import()`: Vite would list every chunk of the feature beside
 * it). Fetched after the first paint; one store per app client (`useApi` makes it once).
 */
export interface WaitlistStore {
  /** Null while unknown (loading, signed out). */
  readonly slugs: ReadonlySet<string> | null;
  subscribe(listener: () => void): () => void;
  /** Asks the API once per member; later calls wait for that answer. */
  load(): void;
  /** A join or leave the product page just made. */
  mark(slug: string, waitlisted: boolean): void;
  /** Signed out: the next member starts empty, and an answer still on its way is dropped. */
  reset(): void;
}

/** The part of `GET waitlist` (WaitlistResponseSchema) a badge needs: the contract module would weigh on every first screen. */
const WaitlistSlugsSchema = v.object({ data: v.array(v.object({ slug: v.string() })) });

export function createWaitlistStore(client: ApiClient): WaitlistStore {
  const listeners = new Set<() => void>();
  let slugs: ReadonlySet<string> | null = null;
  let pending = false;
  let generation = 0;
  const publish = (next: ReadonlySet<string> | null) => {
    slugs = next;
    listeners.forEach((listener) => listener());
  };
  return {
    get slugs() {
      return slugs;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load() {
      if (slugs || pending) return;
      pending = true;
      const asked = generation;
      const settle = (next: ReadonlySet<string>) => {
        if (asked !== generation) return;
        pending = false;
        publish(next);
      };
      client.request('GET', 'waitlist', WaitlistSlugsSchema).then(
        ({ data }) => settle(new Set(data.map((entry) => entry.slug))),
        // No badge is better than a broken page: taken as empty (joining again is harmless, it is idempotent).
        () => settle(new Set()),
      );
    },
    mark(slug, waitlisted) {
      const next = new Set(slugs);
      if (waitlisted) next.add(slug);
      else next.delete(slug);
      publish(next);
    },
    reset() {
      generation += 1;
      pending = false;
      if (slugs) publish(null);
    },
  };
}

const NO_SUBSCRIPTION = () => () => undefined;

/** Slugs the signed-in member is waitlisted for; null while unknown (loading, signed out, no client). */
export function useWaitlist(): ReadonlySet<string> | null {
  const store = useOptionalApi(createWaitlistStore);
  const signedIn = useSignedIn();
  const slugs = useSyncExternalStore(
    store ? store.subscribe : NO_SUBSCRIPTION,
    () => (store && signedIn ? store.slugs : null),
    () => null,
  );
  useEffect(() => {
    if (!store) return;
    if (signedIn) store.load();
    else store.reset();
  }, [store, signedIn]);
  return slugs;
}

/** What the product page calls after a join or leave, so every badge follows at once. */
export function useMarkWaitlisted(): (slug: string, waitlisted: boolean) => void {
  const store = useOptionalApi(createWaitlistStore);
  return (slug, waitlisted) => store?.mark(slug, waitlisted);
}
