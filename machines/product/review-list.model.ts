import { msg } from '@lingui/core/macro';
import type { Review, ReviewListResponse } from '../../src/contract/reviews.ts';
import { defineModel } from '../model/types.ts';
import { reviewListMachine } from './review-list.machine.ts';

const review = (id: number, rating = 4): Review => ({ id, rating, title: `Review ${id}`, text: 'Soft and light all day.', authorName: 'Mei L.', createdAt: '2025-06-01T08:00:00.000Z' });

/** Two pages of one review each. */
const page = (number: number): ReviewListResponse => ({
  data: [review(number)],
  meta: { page: number, perPage: 1, total: 2, totalPages: 2 },
  summary: { average: 4, count: 2, histogram: [0, 0, 0, 2, 0] },
});

export const reviewListModel = defineModel({
  id: 'reviewList',
  title: msg`Product reviews`,
  description: msg`Reviews of a product: sort, Show More, a failed page kept with a retry, and the member's new review shown first.`,
  machine: reviewListMachine,
  events: (snapshot) => [
    { type: 'reviews.sort', sort: 'highest' as const },
    { type: 'reviews.sort', sort: 'newest' as const },
    { type: 'reviews.showMore' },
    { type: 'reviews.retry' },
    { type: 'reviews.added', review: review(99, 5) },
    { type: 'xstate.done.actor.fetchReviews', output: page(1) },
    { type: 'xstate.done.actor.fetchMore', output: page(Math.min(snapshot.context.page + 1, 2)) },
    { type: 'xstate.error.actor.fetchReviews', error: new Error('Network error') },
    { type: 'xstate.error.actor.fetchMore', error: new Error('Network error') },
  ],
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.sort, snapshot.context.page, snapshot.context.reviews.length]),
});
