import { assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { CATALOG_ERROR_CODES, REVIEW_LIMITS, type Review, type ReviewBody } from '../../src/contract/reviews.ts';

export type ReviewField = 'rating' | 'title' | 'text';

/** Why a field is refused; the view words each one (and says what to do). */
export type ReviewFieldError = 'ratingMissing' | 'titleMissing' | 'titleTooLong' | 'textTooShort' | 'textTooLong' | 'invalid';

export interface ReviewValues {
  /** 1–5, null until chosen. */
  rating: number | null;
  title: string;
  text: string;
}

/** Why the last submit failed; `exists` has a state of its own. */
export type ReviewFailure = 'signedOut' | 'notFound' | 'server' | 'network';

export const EMPTY_REVIEW: ReviewValues = { rating: null, title: '', text: '' };

/** Characters as the server counts them: trimmed, in UTF-16 units (valibot's `length`). */
export const countCharacters = (value: string): number => value.trim().length;

/** The contract's limits (REVIEW_LIMITS), field by field; an empty object is a valid review. */
export function validateReview(values: ReviewValues): Partial<Record<ReviewField, ReviewFieldError>> {
  const errors: Partial<Record<ReviewField, ReviewFieldError>> = {};
  if (values.rating === null || !Number.isInteger(values.rating) || values.rating < 1 || values.rating > 5) errors.rating = 'ratingMissing';
  const title = countCharacters(values.title);
  if (title === 0) errors.title = 'titleMissing';
  else if (title > REVIEW_LIMITS.titleMax) errors.title = 'titleTooLong';
  const text = countCharacters(values.text);
  if (text < REVIEW_LIMITS.textMin) errors.text = 'textTooShort';
  else if (text > REVIEW_LIMITS.textMax) errors.text = 'textTooLong';
  return errors;
}

/** Sends the review; the app provides it (`machine.provide({ actors: { submitReview } })`). */
export const submitReview = fromPromise<Review, ReviewBody>(async () => {
  throw new Error('reviewForm: provide the `submitReview` actor');
});

interface ErrorShape {
  status?: unknown;
  kind?: unknown;
  body?: { code?: unknown; errors?: unknown } | null;
}

function statusOf(error: unknown): number | null {
  const status = (error as ErrorShape | null)?.status;
  return typeof status === 'number' ? status : null;
}

function isReviewExists(error: unknown): boolean {
  return statusOf(error) === 409 && (error as ErrorShape).body?.code === CATALOG_ERROR_CODES.reviewExists;
}

/** A refusal in the API client's shape (`status`, `kind`, `body.errors`) as the form's reason and fields. */
function classify(error: unknown, values: ReviewValues): { failure: ReviewFailure | null; fieldErrors: Partial<Record<ReviewField, ReviewFieldError>> } {
  const status = statusOf(error);
  if (status === 400) {
    const fields = (error as ErrorShape).body?.errors;
    const ours = validateReview(values);
    const fieldErrors: Partial<Record<ReviewField, ReviewFieldError>> = {};
    if (Array.isArray(fields)) {
      for (const entry of fields as { field?: unknown }[]) {
        const field = typeof entry.field === 'string' ? entry.field.replace(/^body\./, '') : '';
        if (field === 'rating' || field === 'title' || field === 'text') fieldErrors[field] = ours[field] ?? 'invalid';
      }
    }
    return Object.keys(fieldErrors).length > 0 ? { failure: null, fieldErrors } : { failure: 'server', fieldErrors: {} };
  }
  if (status === 401) return { failure: 'signedOut', fieldErrors: {} };
  if (status === 404) return { failure: 'notFound', fieldErrors: {} };
  if ((error as ErrorShape | null)?.kind === 'network') return { failure: 'network', fieldErrors: {} };
  return { failure: 'server', fieldErrors: {} };
}

export interface ReviewFormContext {
  values: ReviewValues;
  fieldErrors: Partial<Record<ReviewField, ReviewFieldError>>;
  failure: ReviewFailure | null;
  /** Refused submits so far: the view moves focus to the first error on each. */
  attempts: number;
  review: Review | null;
}

export type ReviewFormEvent = { type: 'review.change'; field: ReviewField; value: string | number } | { type: 'review.submit' };

type ChangeEvent = Extract<ReviewFormEvent, { type: 'review.change' }>;
const changeOf = ({ event }: { event: ChangeEvent }) => ({ field: event.field, value: event.value });

const editable = {
  'review.change': { actions: { type: 'change', params: changeOf } },
  'review.submit': [{ guard: 'valid', target: 'submitting' }, { target: 'invalid', actions: 'refuse' }],
} as const;

/**
 * Writing a review: editing → submitting → submitted, or back to editing with the fields that
 * need attention (ours, checked before sending, or the server's), or `alreadyReviewed` when the
 * member reviewed the product before (409 `review_exists`, perhaps from another tab).
 */
export const reviewFormMachine = setup({
  types: {
    context: {} as ReviewFormContext,
    events: {} as ReviewFormEvent,
    tags: {} as 'form' | 'busy' | 'posted' | 'alreadyReviewed',
  },
  actors: { submitReview },
  guards: {
    valid: ({ context }) => Object.keys(validateReview(context.values)).length === 0,
    isReviewExists: (_, error: unknown) => isReviewExists(error),
  },
  actions: {
    change: assign(({ context }, { field, value }: { field: ReviewField; value: string | number }) => {
      const values: ReviewValues = field === 'rating' ? { ...context.values, rating: typeof value === 'number' ? value : Number(value) } : { ...context.values, [field]: String(value) };
      // Once refused, a field's error follows the shopper's corrections; before that, typing is left alone.
      const { [field]: _previous, ...others } = context.fieldErrors;
      const now = context.attempts > 0 ? validateReview(values)[field] : undefined;
      return { values, fieldErrors: now ? { ...others, [field]: now } : others };
    }),
    refuse: assign(({ context }) => ({ fieldErrors: validateReview(context.values), failure: null, attempts: context.attempts + 1 })),
    startSubmit: assign({ fieldErrors: {}, failure: null }),
    succeed: assign((_, review: Review) => ({ review, failure: null })),
    fail: assign(({ context }, error: unknown) => ({ ...classify(error, context.values), attempts: context.attempts + 1 })),
  },
}).createMachine({
  id: 'reviewForm',
  context: { values: EMPTY_REVIEW, fieldErrors: {}, failure: null, attempts: 0, review: null },
  initial: 'editing',
  states: {
    editing: { tags: ['form'], on: editable },
    /** Refused before sending: the fields say what to fix. */
    invalid: { tags: ['form'], on: editable },
    submitting: {
      tags: ['form', 'busy'],
      entry: 'startSubmit',
      invoke: {
        id: 'submitReview',
        src: 'submitReview',
        input: ({ context }) => ({ rating: context.values.rating ?? 0, title: context.values.title.trim(), text: context.values.text.trim() }),
        onDone: { target: 'submitted', actions: { type: 'succeed', params: ({ event }: { event: DoneActorEvent<Review> }) => event.output } },
        onError: [
          { guard: { type: 'isReviewExists', params: ({ event }: { event: ErrorActorEvent }) => event.error }, target: 'alreadyReviewed' },
          { target: 'failed', actions: { type: 'fail', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
        ],
      },
    },
    /** The server refused or could not be reached: the message stays while the shopper corrects or retries. */
    failed: { tags: ['form'], on: editable },
    submitted: { type: 'final', tags: ['posted'] },
    alreadyReviewed: { type: 'final', tags: ['alreadyReviewed'] },
  },
});
