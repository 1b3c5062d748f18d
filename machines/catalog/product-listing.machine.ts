import { assign, fromPromise, setup, type ErrorActorEvent } from 'xstate';
import type { PageMeta } from '../../src/contract/site.ts';
import type { ProductSummary } from '../../src/contract/catalog.ts';
import { DEFAULT_LISTING_QUERY, sameQuery, type ListingQuery } from '../../src/contract/listing-query.ts';

/** Pages `fromPage`..`toPage` of the listing as one answer; `meta.page` is `toPage`. */
export interface ListingPage {
  data: ProductSummary[];
  meta: PageMeta;
  /** Search results only: the corrected query the results are for (`fundation` → `foundation`). */
  corrected?: string | null;
}

export interface FetchPageInput {
  query: ListingQuery;
  fromPage: number;
  toPage: number;
}

/** Fetches pages of the listing; the app provides it with the scope bound in and passes the abort signal on. */
export const fetchPage = fromPromise<ListingPage, FetchPageInput>(async () => {
  throw new Error('productListing: provide the `fetchPage` actor');
});

export interface ProductListingContext {
  /** The query shown (or being loaded); `query.page` follows Show More. */
  query: ListingQuery;
  products: ProductSummary[];
  /** Last page fetched. */
  page: number;
  total: number;
  totalPages: number;
  /** Index of the first product of the last appended page: focus moves there after Show More. */
  firstNewIndex: number | null;
  corrected: string | null;
  error: unknown;
}

export type ProductListingEvent =
  | { type: 'listing.showMore' }
  | { type: 'listing.retry' }
  /** The URL's filters, sort and page (first load, a filter change, Back). */
  | { type: 'listing.query'; query: ListingQuery };

/**
 * A product listing: the pages the query asks for, then Show More appends the next one. A new
 * query (filters, sort, Back) replaces the request in flight, whose answer is then never shown.
 * A failed first page shows an error with retry; a failed Show More keeps the products shown.
 */
export const productListingMachine = setup({
  types: {
    context: {} as ProductListingContext,
    events: {} as ProductListingEvent,
    input: {} as { query?: ListingQuery },
    tags: {} as 'busy' | 'products' | 'loadingMore' | 'moreFailure' | 'empty' | 'failure',
  },
  actors: { fetchPage },
  guards: {
    pageIsEmpty: (_, page: ListingPage) => page.data.length === 0,
    hasMore: ({ context }) => context.page < context.totalPages && context.products.length < context.total,
    isNewQuery: ({ context, event }) => event.type === 'listing.query' && !sameQuery(context.query, event.query),
  },
  actions: {
    setQuery: assign(({ event }) => (event.type === 'listing.query' ? { query: event.query, firstNewIndex: null } : {})),
    showFirstPage: assign((_, { data, meta, corrected }: ListingPage) => {
      return { products: data, page: meta.page, total: meta.total, totalPages: meta.totalPages, firstNewIndex: null, corrected: corrected ?? null, error: null };
    }),
    appendPage: assign(({ context }, { data, meta }: ListingPage) => {
      const known = new Set(context.products.map((product) => product.id));
      // Items can shift between pages while the shopper reads: never show one twice.
      const fresh = data.filter((product) => !known.has(product.id));
      return {
        query: { ...context.query, page: meta.page },
        products: [...context.products, ...fresh],
        page: meta.page,
        total: meta.total,
        totalPages: meta.totalPages,
        firstNewIndex: fresh.length > 0 ? context.products.length : null,
        error: null,
      };
    }),
    storeError: assign((_, error: unknown) => ({ error })),
    /** Show More reached `query.page`: the app writes it into the URL (replacing, so Back leaves the listing). */
    pageShown: (_, _query: ListingQuery) => undefined,
  },
}).createMachine({
  id: 'productListing',
  context: ({ input }) => ({
    query: input?.query ?? DEFAULT_LISTING_QUERY,
    products: [],
    page: 0,
    total: 0,
    totalPages: 0,
    firstNewIndex: null,
    corrected: null,
    error: null,
  }),
  initial: 'loading',
  on: {
    // From any state, loading included: re-entering `loading` stops the request in flight (its signal aborts).
    'listing.query': { guard: 'isNewQuery', target: '.loading', reenter: true, actions: 'setQuery' },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => ({ query: context.query, fromPage: 1, toPage: context.query.page }),
        onDone: [
          {
            guard: { type: 'pageIsEmpty', params: ({ event }) => event.output },
            target: 'empty',
            actions: { type: 'showFirstPage', params: ({ event }) => event.output },
          },
          { target: 'loaded', actions: { type: 'showFirstPage', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failure', actions: { type: 'storeError', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
    loaded: {
      tags: ['products'],
      on: { 'listing.showMore': { guard: 'hasMore', target: 'loadingMore' } },
    },
    loadingMore: {
      tags: ['products', 'busy', 'loadingMore'],
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => ({ query: context.query, fromPage: context.page + 1, toPage: context.page + 1 }),
        onDone: {
          target: 'loaded',
          actions: [
            { type: 'appendPage', params: ({ event }) => event.output },
            { type: 'pageShown', params: ({ context }) => context.query },
          ],
        },
        onError: { target: 'moreFailure', actions: { type: 'storeError', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
    moreFailure: {
      tags: ['products', 'moreFailure'],
      on: {
        'listing.retry': 'loadingMore',
        'listing.showMore': { guard: 'hasMore', target: 'loadingMore' },
      },
    },
    empty: { tags: ['empty'] },
    failure: {
      tags: ['failure'],
      on: { 'listing.retry': 'loading' },
    },
  },
});
