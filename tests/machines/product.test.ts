import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Review, ReviewBody, ReviewListResponse } from '../../src/contract/reviews.ts';
import { notifyMeMachine } from '../../machines/product/notify-me.machine.ts';
import { reviewFormMachine, validateReview } from '../../machines/product/review-form.machine.ts';
import { reviewListMachine, withReview, type FetchReviewsInput } from '../../machines/product/review-list.machine.ts';
import { waitlistToggleMachine } from '../../machines/product/waitlist-toggle.machine.ts';

const review = (id: number, rating = 4): Review => ({ id, rating, title: `Review ${id}`, text: 'Soft and light all day.', authorName: 'Mei L.', createdAt: '2025-06-01T08:00:00.000Z' });
const httpError = (status: number, body: unknown = null) => Object.assign(new Error(`HTTP ${status}`), { kind: 'http', status, body });

/** An actor whose answers the test gives by hand, recording inputs and abort signals. */
function manual<TOutput, TInput>() {
  const requests: { input: TInput; signal: AbortSignal; resolve: (value: TOutput) => void; reject: (error: unknown) => void }[] = [];
  const logic = fromPromise<TOutput, TInput>(({ input, signal }) => new Promise<TOutput>((resolve, reject) => void requests.push({ input, signal, resolve, reject })));
  return { logic, requests };
}

describe('reviewForm', () => {
  function start() {
    const server = manual<Review, ReviewBody>();
    const actor = createActor(reviewFormMachine.provide({ actors: { submitReview: server.logic } })).start();
    const fill = (rating: number | null, title: string, text: string) => {
      if (rating !== null) actor.send({ type: 'review.change', field: 'rating', value: rating });
      actor.send({ type: 'review.change', field: 'title', value: title });
      actor.send({ type: 'review.change', field: 'text', value: text });
    };
    return { actor, requests: server.requests, fill };
  }

  test('an empty form is refused before anything is sent, naming each field', () => {
    const { actor, requests } = start();
    actor.send({ type: 'review.submit' });
    expect(actor.getSnapshot().value).toBe('invalid');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ rating: 'ratingMissing', title: 'titleMissing', text: 'textTooShort' });
    expect(requests).toHaveLength(0);
  });

  test('the limits are the contract’s: 100 title characters, 10 to 2,000 text characters, counted trimmed', () => {
    expect(validateReview({ rating: 1, title: 'x'.repeat(100), text: ` ${'y'.repeat(10)} ` })).toEqual({});
    expect(validateReview({ rating: 5, title: 'x'.repeat(101), text: 'y'.repeat(2001) })).toEqual({ title: 'titleTooLong', text: 'textTooLong' });
    expect(validateReview({ rating: 6, title: '  ', text: `${' '.repeat(20)}short` })).toEqual({ rating: 'ratingMissing', title: 'titleMissing', text: 'textTooShort' });
  });

  test('after a refusal a field’s error follows the corrections', () => {
    const { actor } = start();
    actor.send({ type: 'review.submit' });
    actor.send({ type: 'review.change', field: 'text', value: 'Long enough now.' });
    expect(actor.getSnapshot().context.fieldErrors.text).toBeUndefined();
    actor.send({ type: 'review.change', field: 'title', value: 'x'.repeat(101) });
    expect(actor.getSnapshot().context.fieldErrors.title).toBe('titleTooLong');
  });

  test('a valid review is sent trimmed and ends submitted with the server’s review', async () => {
    const { actor, requests, fill } = start();
    fill(5, '  Lovely  ', '  <script>alert(1)</script>  ');
    actor.send({ type: 'review.submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(actor.getSnapshot().can({ type: 'review.submit' })).toBe(false);
    expect(requests[0]?.input).toEqual({ rating: 5, title: 'Lovely', text: '<script>alert(1)</script>' });
    requests[0]?.resolve(review(7, 5));
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.value).toBe('submitted');
    expect(done.context.review?.id).toBe(7);
  });

  test('409 review_exists ends in alreadyReviewed; other refusals keep the form with a reason', async () => {
    const first = start();
    first.fill(4, 'Nice', 'Soft and light.');
    first.actor.send({ type: 'review.submit' });
    first.requests[0]?.reject(httpError(409, { code: 'review_exists' }));
    expect((await waitFor(first.actor, (s) => s.status === 'done')).value).toBe('alreadyReviewed');

    const second = start();
    second.fill(4, 'Nice', 'Soft and light.');
    second.actor.send({ type: 'review.submit' });
    second.requests[0]?.reject(httpError(401));
    let snapshot = await waitFor(second.actor, (s) => s.value === 'failed');
    expect(snapshot.context.failure).toBe('signedOut');
    second.actor.send({ type: 'review.submit' });
    second.requests[1]?.reject(httpError(400, { errors: [{ field: 'body.text', message: 'must be at least 10 characters' }] }));
    snapshot = await waitFor(second.actor, (s) => s.value === 'failed');
    expect(snapshot.context.failure).toBeNull();
    expect(snapshot.context.fieldErrors).toEqual({ text: 'invalid' });
    second.actor.send({ type: 'review.submit' });
    second.requests[2]?.reject(Object.assign(new Error('offline'), { kind: 'network' }));
    expect((await waitFor(second.actor, (s) => s.value === 'failed' && s.context.failure !== null)).context.failure).toBe('network');
  });
});

describe('reviewList', () => {
  const page = (ids: number[], pageNumber: number, total: number, perPage = 2): ReviewListResponse => ({
    data: ids.map((id) => review(id)),
    meta: { page: pageNumber, perPage, total, totalPages: Math.ceil(total / perPage) },
    summary: { average: 4, count: total, histogram: [0, 0, 0, total, 0] },
  });
  function start() {
    const server = manual<ReviewListResponse, FetchReviewsInput>();
    const actor = createActor(reviewListMachine.provide({ actors: { fetchReviews: server.logic } })).start();
    return { actor, requests: server.requests };
  }

  test('loads the newest first page, then Show More appends the next without repeating a review', async () => {
    const { actor, requests } = start();
    expect(requests[0]?.input).toEqual({ sort: 'newest', page: 1 });
    requests[0]?.resolve(page([1, 2], 1, 3));
    await waitFor(actor, (s) => s.value === 'loaded');
    actor.send({ type: 'reviews.showMore' });
    expect(requests[1]?.input).toEqual({ sort: 'newest', page: 2 });
    requests[1]?.resolve(page([2, 3], 2, 3));
    const snapshot = await waitFor(actor, (s) => s.value === 'loaded');
    expect(snapshot.context.reviews.map((r) => r.id)).toEqual([1, 2, 3]);
    expect(snapshot.context.firstNewIndex).toBe(2);
    expect(snapshot.can({ type: 'reviews.showMore' })).toBe(false);
  });

  test('a new sort aborts the request in flight and its answer is never shown', async () => {
    const { actor, requests } = start();
    actor.send({ type: 'reviews.sort', sort: 'lowest' });
    expect(requests[0]?.signal.aborted).toBe(true);
    expect(requests[1]?.input).toEqual({ sort: 'lowest', page: 1 });
    requests[0]?.resolve(page([9], 1, 1));
    requests[1]?.resolve(page([4], 1, 1));
    const snapshot = await waitFor(actor, (s) => s.value === 'loaded');
    expect(snapshot.context.reviews.map((r) => r.id)).toEqual([4]);
    // The same sort again is not a new request.
    actor.send({ type: 'reviews.sort', sort: 'lowest' });
    expect(requests).toHaveLength(2);
  });

  test('a failed Show More keeps the reviews shown and retries the same page', async () => {
    const { actor, requests } = start();
    requests[0]?.resolve(page([1, 2], 1, 4));
    await waitFor(actor, (s) => s.value === 'loaded');
    actor.send({ type: 'reviews.showMore' });
    requests[1]?.reject(new Error('offline'));
    const failed = await waitFor(actor, (s) => s.value === 'moreFailed');
    expect(failed.context.reviews).toHaveLength(2);
    actor.send({ type: 'reviews.retry' });
    expect(requests[2]?.input).toEqual({ sort: 'newest', page: 2 });
  });

  test('a failed first page offers a retry', async () => {
    const { actor, requests } = start();
    requests[0]?.reject(new Error('offline'));
    await waitFor(actor, (s) => s.value === 'failed');
    expect(actor.getSnapshot().can({ type: 'reviews.showMore' })).toBe(false);
    actor.send({ type: 'reviews.retry' });
    expect(actor.getSnapshot().value).toBe('loading');
  });

  test('the member’s new review comes first and counts in the summary once', async () => {
    const { actor, requests } = start();
    requests[0]?.resolve({ ...page([1], 1, 4), summary: { average: 4.3, count: 3, histogram: [0, 0, 0, 2, 1] } });
    await waitFor(actor, (s) => s.value === 'loaded');
    actor.send({ type: 'reviews.added', review: review(50, 4) });
    actor.send({ type: 'reviews.added', review: review(50, 4) });
    const { context } = actor.getSnapshot();
    expect(context.reviews.map((r) => r.id)).toEqual([50, 1]);
    expect(context.summary).toEqual({ average: 4.3, count: 4, histogram: [0, 0, 0, 3, 1] });
  });

  test('withReview rounds the average half up to one decimal, as the server does', () => {
    expect(withReview({ average: 0, count: 0, histogram: [0, 0, 0, 0, 0] }, 5)).toEqual({ average: 5, count: 1, histogram: [0, 0, 0, 0, 1] });
    // 4 + 4 + 4 + 5 = 17 / 4 = 4.25 → 4.3
    expect(withReview({ average: 4, count: 3, histogram: [0, 0, 0, 3, 0] }, 5).average).toBe(4.3);
  });
});

describe('waitlistToggle', () => {
  function start() {
    const server = manual<undefined, { waitlisted: boolean }>();
    const changes: boolean[] = [];
    const actor = createActor(
      waitlistToggleMachine.provide({ actors: { setWaitlisted: server.logic }, actions: { changed: (_, waitlisted: boolean) => void changes.push(waitlisted) } }),
      // No product described: the server alone decides who may join (the rule's own tests are the connect's).
      { input: undefined },
    ).start();
    return { actor, requests: server.requests, changes };
  }

  test('waits for the member’s waitlist before offering anything', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('unknown');
    expect(actor.getSnapshot().can({ type: 'waitlist.join' })).toBe(false);
    actor.send({ type: 'waitlist.sync', waitlisted: true });
    expect(actor.getSnapshot().value).toBe('waitlisted');
  });

  test('Waitlist me → Waitlisted → undone, telling the app each time', async () => {
    const { actor, requests, changes } = start();
    actor.send({ type: 'waitlist.sync', waitlisted: false });
    actor.send({ type: 'waitlist.join' });
    expect(actor.getSnapshot().can({ type: 'waitlist.join' })).toBe(false);
    expect(requests[0]?.input).toEqual({ waitlisted: true });
    requests[0]?.resolve(undefined);
    await waitFor(actor, (s) => s.value === 'waitlisted');
    actor.send({ type: 'waitlist.leave' });
    expect(requests[1]?.input).toEqual({ waitlisted: false });
    requests[1]?.resolve(undefined);
    await waitFor(actor, (s) => s.value === 'notWaitlisted');
    expect(changes).toEqual([true, false]);
  });

  test('a refused join stays put and says why', async () => {
    const { actor, requests, changes } = start();
    actor.send({ type: 'waitlist.sync', waitlisted: false });
    actor.send({ type: 'waitlist.join' });
    requests[0]?.reject(httpError(409, { code: 'not_waitlistable' }));
    const snapshot = await waitFor(actor, (s) => s.value === 'notWaitlisted');
    expect(snapshot.context.failure).toBe('notWaitlistable');
    expect(changes).toEqual([]);
    actor.send({ type: 'waitlist.join' });
    expect(actor.getSnapshot().context.failure).toBeNull();
  });
});

describe('notifyMe', () => {
  function start(guest: boolean) {
    const server = manual<undefined, { email: string | null }>();
    const actor = createActor(notifyMeMachine.provide({ actors: { subscribe: server.logic } }), { input: { guest } }).start();
    return { actor, requests: server.requests };
  }

  test('a member subscribes with one click, without an address', async () => {
    const { actor, requests } = start(false);
    actor.send({ type: 'notify.submit' });
    expect(requests[0]?.input).toEqual({ email: null });
    requests[0]?.resolve(undefined);
    expect((await waitFor(actor, (s) => s.status === 'done')).value).toBe('subscribed');
  });

  test('a guest’s address is checked before it is sent, and sent trimmed', async () => {
    const { actor, requests } = start(true);
    actor.send({ type: 'notify.submit' });
    expect(actor.getSnapshot().context.failure).toBe('invalidEmail');
    actor.send({ type: 'notify.email', email: 'mei@' });
    actor.send({ type: 'notify.submit' });
    expect(requests).toHaveLength(0);
    actor.send({ type: 'notify.email', email: ' mei@example.com ' });
    expect(actor.getSnapshot().context.failure).toBeNull();
    actor.send({ type: 'notify.submit' });
    expect(requests[0]?.input).toEqual({ email: 'mei@example.com' });
    requests[0]?.reject(httpError(500));
    const failed = await waitFor(actor, (s) => s.value === 'idle');
    expect(failed.context.failure).toBe('failed');
  });
});
