import { assign, fromPromise, setup, type ErrorActorEvent } from 'xstate';
import type { PageMeta } from '../src/contract/site.ts';
import type { ProductSummary } from '../src/contract/catalog.ts';

export interface ListingPage {
  data: ProductSummary[];
  meta: PageMeta;
}

/** Fetches page `page` of the listing; the app provides it with the category and sort bound in. */
export const fetchPage = fromPromise<ListingPage, { page: number }>(async () => {
  throw new Error('productListing: provide the `fetchPage` actor');
});

export interface ProductListingContext {
  products: ProductSummary[];
  /** Last page fetched. */
  page: number;
  total: number;
  totalPages: number;
  /** Index of the first product of the last appended page: focus moves there after Show More. */
  firstNewIndex: number | null;
  error: unknown;
}

export type ProductListingEvent = { type: 'listing.showMore' } | { type: 'listing.retry' };

/**
 * A product listing: the first page, then Show More appends the next one. A failed first page
 * shows an error with retry; a failed Show More keeps the products already shown.
 */
export const productListingMachine = setup({
  types: {
    context: {} as ProductListingContext,
    events: {} as ProductListingEvent,
  },
  actors: { fetchPage },
  guards: {
    pageIsEmpty: (_, page: ListingPage) => page.data.length === 0,
    hasMore: ({ context }) => context.page < context.totalPages && context.products.length < context.total,
  },
  actions: {
    showFirstPage: assign((_, { data, meta }: ListingPage) => {
      return { products: data, page: meta.page, total: meta.total, totalPages: meta.totalPages, firstNewIndex: null, error: null };
    }),
    appendPage: assign(({ context }, { data, meta }: ListingPage) => {
      const known = new Set(context.products.map((product) => product.id));
      // Items can shift between pages while the shopper reads: never show one twice.
      const fresh = data.filter((product) => !known.has(product.id));
      return {
        products: [...context.products, ...fresh],
        page: meta.page,
        total: meta.total,
        totalPages: meta.totalPages,
        firstNewIndex: fresh.length > 0 ? context.products.length : null,
        error: null,
      };
    }),
    storeError: assign((_, error: unknown) => ({ error })),
  },
}).createMachine({
  id: 'productListing',
  context: { products: [], page: 0, total: 0, totalPages: 0, firstNewIndex: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: () => ({ page: 1 }),
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
      tags: ['products', 'busy'],
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => ({ page: context.page + 1 }),
        onDone: { target: 'loaded', actions: { type: 'appendPage', params: ({ event }) => event.output } },
        onError: { target: 'moreFailure', actions: { type: 'storeError', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
    moreFailure: {
      tags: ['products'],
      on: {
        'listing.retry': 'loadingMore',
        'listing.showMore': { guard: 'hasMore', target: 'loadingMore' },
      },
    },
    empty: {},
    failure: {
      on: { 'listing.retry': 'loading' },
    },
  },
});
