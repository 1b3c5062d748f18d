import { describe, expect, test } from 'vitest';
import { fromPromise } from 'xstate';
import type { Review, ReviewListResponse } from '../../src/contract/reviews.ts';
import { reviewListConnect } from '../../machines/product/review-list.connect.ts';
import { reviewListMachine, type FetchReviewsInput } from '../../machines/product/review-list.machine.ts';
import { connectActor } from './connect-helpers.ts';

const review = (id: number, rating = 4): Review => ({ id, rating, title: `Review ${id}`, text: 'Soft and light all day.', authorName: 'Mei L.', createdAt: '2025-06-01T08:00:00.000Z' });
const page = (ids: number[], pageNo: number, totalPages: number): ReviewListResponse => ({
  data: ids.map((id) => review(id)),
  meta: { page: pageNo, perPage: 2, total: totalPages * 2, totalPages },
  summary: { average: 4, count: totalPages * 2, histogram: [0, 0, 0, totalPages * 2, 0] },
});

function start() {
  const requests: { input: FetchReviewsInput; resolve: (value: ReviewListResponse) => void; reject: (error: unknown) => void }[] = [];
  const machine = reviewListMachine.provide({
    actors: { fetchReviews: fromPromise<ReviewListResponse, FetchReviewsInput>(({ input }) => new Promise((resolve, reject) => void requests.push({ input, resolve, reject }))) },
  });
  const { actor, send, sent } = connectActor(machine);
  const answer = async (settle: (request: (typeof requests)[number]) => void) => {
    const request = requests.at(-1);
    if (request) settle(request);
    await Promise.resolve();
    await Promise.resolve();
  };
  return { actor, sent, requests, answer, view: () => reviewListConnect(actor.getSnapshot(), send) };
}

describe('reviewListConnect', () => {
  test('the first page loads, then Show More is offered while pages remain', async () => {
    const { view, answer } = start();
    expect(view()).toMatchObject({ loadingFirst: true, failed: false, showsMore: false, reviews: [] });
    await answer((request) => request.resolve(page([1, 2], 1, 2)));
    expect(view()).toMatchObject({ loadingFirst: false, showsMore: true, showMoreDisabledReason: null, total: 4 });
    expect(view().reviews.map((shown) => shown.id)).toEqual([1, 2]);
  });

  test('showMore sends its event; while the page loads the button stays, disabled because it is busy', async () => {
    const { view, answer, sent, requests } = start();
    await answer((request) => request.resolve(page([1, 2], 1, 2)));
    view().showMore();
    expect(sent).toEqual([{ type: 'reviews.showMore' }]);
    expect(requests.at(-1)?.input).toEqual({ sort: 'newest', page: 2 });
    expect(view()).toMatchObject({ loadingMore: true, showsMore: true, showMoreDisabledReason: 'busy' });
    await answer((request) => request.reject(new Error('offline')));
    expect(view()).toMatchObject({ moreFailed: true, loadingMore: false });
    view().retry();
    expect(sent.at(-1)).toEqual({ type: 'reviews.retry' });
    await answer((request) => request.resolve(page([3, 4], 2, 2)));
    expect(view()).toMatchObject({ showsMore: false, firstNewIndex: 2 });
  });

  test('a failed first page offers only a retry; sortBy and added send their events', async () => {
    const { view, answer, sent, requests } = start();
    await answer((request) => request.reject(new Error('offline')));
    expect(view()).toMatchObject({ failed: true, loadingFirst: false });
    view().retry();
    await answer((request) => request.resolve(page([1], 1, 1)));
    view().sortBy('highest');
    expect(requests.at(-1)?.input).toEqual({ sort: 'highest', page: 1 });
    await answer((request) => request.resolve(page([1], 1, 1)));
    view().added(review(7, 5));
    expect(sent).toEqual([{ type: 'reviews.retry' }, { type: 'reviews.sort', sort: 'highest' }, { type: 'reviews.added', review: review(7, 5) }]);
    expect(view()).toMatchObject({ sort: 'highest', total: 3 });
    expect(view().reviews[0]?.id).toBe(7);
  });
});
