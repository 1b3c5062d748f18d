import type { EventFromLogic, SnapshotFrom } from 'xstate';
import type { Review } from '../../src/contract/reviews.ts';
import { countCharacters, type ReviewFailure, type ReviewField, type ReviewFieldError, type ReviewValues, type reviewFormMachine } from './review-form.machine.ts';

type Snapshot = SnapshotFrom<typeof reviewFormMachine>;
type Send = (event: EventFromLogic<typeof reviewFormMachine>) => void;

/** `data-state` of the form: the machine's state. */
export type ReviewFormStatus = 'editing' | 'invalid' | 'submitting' | 'failed' | 'submitted' | 'alreadyReviewed';

export interface ReviewFormApi {
  status: ReviewFormStatus;
  /** The form is shown: neither posted nor refused as a second review. */
  showsForm: boolean;
  busy: boolean;
  /** The review the server posted, once it did. */
  posted: Review | null;
  alreadyReviewed: boolean;
  values: ReviewValues;
  fieldErrors: Partial<Record<ReviewField, ReviewFieldError>>;
  failure: ReviewFailure | null;
  /** Refused or failed submits so far: each one moves the focus. */
  attempts: number;
  /** Characters as the server counts them (trimmed). */
  counts: { title: number; text: number };
  submitDisabledReason: 'busy' | null;
  change(field: ReviewField, value: string | number): void;
  submit(): void;
}

export function reviewFormConnect(snapshot: Snapshot, send: Send): ReviewFormApi {
  const { values, fieldErrors, failure, attempts, review } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  return {
    status: snapshot.value,
    showsForm: snapshot.hasTag('form'),
    busy,
    posted: snapshot.hasTag('posted') ? review : null,
    alreadyReviewed: snapshot.hasTag('alreadyReviewed'),
    values,
    fieldErrors,
    failure,
    attempts,
    counts: { title: countCharacters(values.title), text: countCharacters(values.text) },
    submitDisabledReason: !snapshot.can({ type: 'review.submit' }) && busy ? 'busy' : null,
    change: (field, value) => send({ type: 'review.change', field, value }),
    submit: () => send({ type: 'review.submit' }),
  };
}
