import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { ApiClient } from './client.ts';

/**
 * The one way a feature gets its API: `useApi(createProductApi)`. Each feature writes its calls as
 * a factory over the app's client (`(client) => ProductApi`); the provider makes each API once per
 * client, so its cache is shared by every screen, and tests swap any of them by passing a fake
 * under the factory it replaces (`apiFake(createProductApi, fake)`).
 */
export type ApiFactory<T> = (client: ApiClient) => T;

/** Ready APIs keyed by the factory whose API they stand in for. */
export type ApiFakes = ReadonlyMap<ApiFactory<unknown>, unknown>;

/** One entry of `ApiFakes`, typed: the fake must implement what the factory makes. */
export function apiFake<T>(factory: ApiFactory<T>, fake: T): [ApiFactory<unknown>, unknown] {
  return [factory, fake];
}

interface ApiContextValue {
  client: ApiClient | null;
  fakes: ApiFakes;
  made: Map<ApiFactory<unknown>, unknown>;
}

const ApiContext = createContext<ApiContextValue | null>(null);

const NO_FAKES: ApiFakes = new Map();

export function ApiProvider({ client, fakes = NO_FAKES, children }: { client: ApiClient | null; fakes?: ApiFakes; children: ReactNode }) {
  // A new client (or new fakes) starts new APIs, with new caches.
  const value = useMemo(() => ({ client, fakes, made: new Map() }), [client, fakes]);
  return <ApiContext.Provider value={value}>{children}</ApiContext.Provider>;
}

/** The factory's API, or null when the app has neither a client nor a fake for it (nor a provider, as a lone component under test). */
export function useOptionalApi<T>(factory: ApiFactory<T>): T | null {
  const context = useContext(ApiContext);
  if (!context) return null;
  if (context.fakes.has(factory)) return context.fakes.get(factory) as T; // stored by apiFake under this factory
  if (!context.client) return null;
  // Made during render, once per factory and provider value: idempotent, so safe under StrictMode.
  let api = context.made.get(factory) as T | undefined;
  if (api === undefined) {
    api = factory(context.client);
    context.made.set(factory, api);
  }
  return api;
}

/** The factory's API; throws when the app was given neither a client nor a fake for it. */
export function useApi<T>(factory: ApiFactory<T>): T {
  const api = useOptionalApi(factory);
  if (api === null) throw new Error(`useApi(${factory.name || 'factory'}) needs an <ApiProvider> with a client, or a fake for it`);
  return api;
}
