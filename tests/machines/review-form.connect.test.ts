import { describe, expect, test } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import type { Review, ReviewBody } from '../../src/contract/reviews.ts';
import { reviewFormConnect } from '../../machines/product/review-form.connect.ts';
import { reviewFormMachine } from '../../machines/product/review-form.machine.ts';
import { connectActor } from './connect-helpers.ts';

const POSTED: Review = { id: 9, rating: 5, title: 'Lovely', text: 'Soft and light all day.', authorName: 'Mei L.', createdAt: '2025-06-01T08:00:00.000Z' };

function start(answer: () => Promise<Review>) {
  const machine = reviewFormMachine.provide({ actors: { submitReview: fromPromise<Review, ReviewBody>(answer) } });
  const { actor, send, sent } = connectActor(machine);
  return { actor, sent, view: () => reviewFormConnect(actor.getSnapshot(), send) };
}

describe('reviewFormConnect', () => {
  test('change and submit send their events; a refused submit names the fields and counts the attempt', () => {
    const { view, sent } = start(() => new Promise(() => undefined));
    view().change('title', '  Lovely  ');
    view().submit();
    expect(sent).toEqual([{ type: 'review.change', field: 'title', value: '  Lovely  ' }, { type: 'review.submit' }]);
    expect(view()).toMatchObject({ status: 'invalid', showsForm: true, busy: false, attempts: 1, counts: { title: 6, text: 0 }, submitDisabledReason: null });
    expect(view().fieldErrors).toEqual({ rating: 'ratingMissing', text: 'textTooShort' });
  });

  test('while posting the submit is disabled because the form is busy; then the posted review', async () => {
    const { view, actor } = start(async () => POSTED);
    view().change('rating', 5);
    view().change('title', 'Lovely');
    view().change('text', 'Soft and light all day.');
    view().submit();
    expect(view()).toMatchObject({ status: 'submitting', busy: true, submitDisabledReason: 'busy', posted: null });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(view()).toMatchObject({ status: 'submitted', showsForm: false, busy: false, posted: POSTED, alreadyReviewed: false });
  });

  test('a second review of the product ends as already reviewed', async () => {
    const { view, actor } = start(() => Promise.reject(Object.assign(new Error('409'), { status: 409, body: { code: 'review_exists' } })));
    view().change('rating', 4);
    view().change('title', 'Again');
    view().change('text', 'Still soft and light.');
    view().submit();
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(view()).toMatchObject({ status: 'alreadyReviewed', alreadyReviewed: true, showsForm: false, posted: null });
  });
});
