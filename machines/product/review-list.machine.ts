import { assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { RatingSummary, Review, ReviewListResponse, REVIEW_SORTS } from '../../src/contract/reviews.ts';

export type ReviewSort = (typeof REVIEW_SORTS)[number];

export interface FetchReviewsInput {
  sort: ReviewSort;
  page: number;
}

/** One page of a product's reviews; the app provides it with the product bound in. */
export const fetchReviews = fromPromise<ReviewListResponse, FetchReviewsInput>(async () => {
  throw new Error('reviewList: provide the `fetchReviews` actor');
});

export const EMPTY_SUMMARY: RatingSummary = { average: 0, count: 0, histogram: [0, 0, 0, 0, 0] };

/** The summary with one more review: the server's rule (average to one decimal, half up) on the new histogram. */
export function withReview(summary: RatingSummary, rating: number): RatingSummary {
  const histogram = summary.histogram.map((n, index) => (index === rating - 1 ? n + 1 : n));
  const count = histogram.reduce((total, n) => total + n, 0);
  const sum = histogram.reduce((total, n, index) => total + n * (index + 1), 0);
  return { average: count === 0 ? 0 : Math.round((sum * 10) / count) / 10, count, histogram };
}

export interface ReviewListContext {
  sort: ReviewSort;
  reviews: Review[];
  page: number;
  total: number;
  totalPages: number;
  summary: RatingSummary;
  /** Index of the first review Show More added: focus moves there. */
  firstNewIndex: number | null;
  error: unknown;
}

export type ReviewListEvent =
  | { type: 'reviews.sort'; sort: ReviewSort }
  | { type: 'reviews.showMore' }
  | { type: 'reviews.retry' }
  /** The member's own review, just written: shown first at once, counted in the summary. */
  | { type: 'reviews.added'; review: Review };

const added = { actions: { type: 'addReview', params: ({ event }: { event: Extract<ReviewListEvent, { type: 'reviews.added' }> }) => event.review } } as const;

/**
 * A product's reviews: the first page of a sort, then Show More appends the next. A new sort
 * replaces the request in flight (its answer is never shown); a failed Show More keeps the
 * reviews shown and offers a retry.
 */
export const reviewListMachine = setup({
  types: {
    context: {} as ReviewListContext,
    events: {} as ReviewListEvent,
    tags: {} as 'busy' | 'loadingFirst' | 'loadingMore' | 'failure' | 'moreFailure',
  },
  actors: { fetchReviews },
  guards: {
    hasMore: ({ context }) => context.page < context.totalPages,
    isNewSort: ({ context, event }) => event.type === 'reviews.sort' && event.sort !== context.sort,
  },
  actions: {
    setSort: assign(({ event }) => (event.type === 'reviews.sort' ? { sort: event.sort, reviews: [], page: 0, firstNewIndex: null } : {})),
    showFirstPage: assign((_, { data, meta, summary }: ReviewListResponse) => ({
      reviews: data,
      page: meta.page,
      total: meta.total,
      totalPages: meta.totalPages,
      summary,
      firstNewIndex: null,
      error: null,
    })),
    appendPage: assign(({ context }, { data, meta, summary }: ReviewListResponse) => {
      const known = new Set(context.reviews.map((review) => review.id));
      // A review written meanwhile shifts the pages: never show one twice.
      const fresh = data.filter((review) => !known.has(review.id));
      return {
        reviews: [...context.reviews, ...fresh],
        page: meta.page,
        total: meta.total,
        totalPages: meta.totalPages,
        summary,
        firstNewIndex: fresh.length > 0 ? context.reviews.length : null,
        error: null,
      };
    }),
    addReview: assign(({ context }, review: Review) =>
      context.reviews.some((shown) => shown.id === review.id)
        ? {}
        : { reviews: [review, ...context.reviews], total: context.total + 1, summary: withReview(context.summary, review.rating), firstNewIndex: null },
    ),
    storeError: assign((_, error: unknown) => ({ error })),
  },
}).createMachine({
  id: 'reviewList',
  context: { sort: 'newest', reviews: [], page: 0, total: 0, totalPages: 0, summary: EMPTY_SUMMARY, firstNewIndex: null, error: null },
  initial: 'loading',
  on: {
    'reviews.sort': { guard: 'isNewSort', target: '.loading', reenter: true, actions: 'setSort' },
  },
  states: {
    loading: {
      tags: ['busy', 'loadingFirst'],
      invoke: {
        id: 'fetchReviews',
        src: 'fetchReviews',
        input: ({ context }) => ({ sort: context.sort, page: 1 }),
        onDone: { target: 'loaded', actions: { type: 'showFirstPage', params: ({ event }: { event: DoneActorEvent<ReviewListResponse> }) => event.output } },
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
    loaded: {
      on: { 'reviews.showMore': { guard: 'hasMore', target: 'loadingMore' }, 'reviews.added': added },
    },
    loadingMore: {
      tags: ['busy', 'loadingMore'],
      invoke: {
        id: 'fetchMore',
        src: 'fetchReviews',
        input: ({ context }) => ({ sort: context.sort, page: context.page + 1 }),
        onDone: { target: 'loaded', actions: { type: 'appendPage', params: ({ event }: { event: DoneActorEvent<ReviewListResponse> }) => event.output } },
        onError: { target: 'moreFailed', actions: { type: 'storeError', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
    /** Show More failed: the reviews shown stay, with a retry. */
    moreFailed: {
      tags: ['moreFailure'],
      on: { 'reviews.retry': 'loadingMore', 'reviews.added': added },
    },
    failed: {
      tags: ['failure'],
      on: { 'reviews.retry': 'loading' },
    },
  },
});
