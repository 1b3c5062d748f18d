import { ActivityListResponseSchema, StoreListResponseSchema, StoreResponseSchema, type ActivitySummary, type HappeningStore, type Session } from '../../../contract/happening.ts';
import type { ApiClient } from '../../shared/api/client.ts';

/** Paths under /api/web/v1, declared in src/server/routes/happening.ts (operations `stores.index`, `stores.show`, `bookingActivities.index` of the OpenAPI document). */
export const STORES_PATHS = { stores: 'stores', store: (id: string) => `stores/${encodeURIComponent(id)}`, services: 'booking-service/activities' } as const;

/** A store's upcoming events, each with its sessions' seats (0: sold out). */
export interface StoreEvent {
  activity: ActivitySummary;
  sessions: Session[];
}

export interface StoreListing {
  store: HappeningStore;
  /** The services booked there, by name. */
  services: ActivitySummary[];
  events: StoreEvent[];
}

/** Find a store's data: the country's stores by city, each with its services and events, and the instant they were read at. */
export interface StoresPage {
  stores: StoreListing[];
  /** When the page was read (epoch ms): "open now" is told for it until the browser's clock takes over, so both renders agree. */
  readAt: number;
}

export interface StoresApi {
  page(options?: { signal?: AbortSignal }): Promise<StoresPage>;
}

export function createStoresApi(client: ApiClient): StoresApi {
  const { request } = client;
  return {
    page: async ({ signal } = {}) => {
      const options = signal ? { signal } : {};
      const [stores, services] = await Promise.all([
        request('GET', STORES_PATHS.stores, StoreListResponseSchema, options),
        request('GET', STORES_PATHS.services, ActivityListResponseSchema, { ...options, query: { kind: 'service' } }),
      ]);
      // Each store's events (its seats are counted per store): a handful of stores per country.
      const details = await Promise.all(stores.data.map((store) => request('GET', STORES_PATHS.store(store.id), StoreResponseSchema, options)));
      return {
        readAt: Date.now(),
        stores: stores.data.map((store, index) => ({
          store,
          services: services.data.filter((service) => store.serviceIds.includes(service.id)),
          events: details[index]?.data.events ?? [],
        })),
      };
    },
  };
}
