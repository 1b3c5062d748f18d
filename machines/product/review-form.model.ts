import { msg } from '@lingui/core/macro';
import type { Review } from '../../src/contract/reviews.ts';
import { defineModel } from '../model/types.ts';
import { reviewFormMachine, validateReview } from './review-form.machine.ts';

const review: Review = { id: 1, rating: 5, title: 'Lovely', text: 'Soft and light all day.', authorName: 'Mei L.', createdAt: '2025-06-02T08:00:00.000Z' };

export const reviewFormModel = defineModel({
  id: 'reviewForm',
  title: msg`Review form`,
  description: msg`Writing a review: checked before it is sent, refused fields, already reviewed, failures with a retry.`,
  machine: reviewFormMachine,
  events: [
    { type: 'review.change', field: 'rating', value: 5 },
    { type: 'review.change', field: 'title', value: 'Lovely' },
    { type: 'review.change', field: 'text', value: 'Soft and light all day.' },
    { type: 'review.change', field: 'text', value: 'Too short' },
    { type: 'review.submit' },
    { type: 'xstate.done.actor.submitReview', output: review },
    { type: 'xstate.error.actor.submitReview', error: { kind: 'http', status: 409, body: { code: 'review_exists' } } },
    { type: 'xstate.error.actor.submitReview', error: { kind: 'network' } },
  ],
  // Which fields pass and whether a submit was refused decide what comes next, not the text itself.
  serializeState: (snapshot) => JSON.stringify([snapshot.value, Object.keys(validateReview(snapshot.context.values)).sort(), snapshot.context.attempts > 0]),
});
