import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef } from '@xstate/react';
import { useView } from '../../shared/hooks/use-view.ts';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import { reviewFormMachine, type ReviewField, type ReviewFieldError } from '../../../../machines/product/review-form.machine.ts';
import { REVIEW_LIMITS, type Review, type ReviewBody } from '../../../contract/reviews.ts';
import { useSignInHref } from '../../shared/session/session-store.ts';
import type { ProductApi } from './product-api.ts';
import { reviewFormConnect } from '../../../../machines/product/review-form.connect.ts';

const describedBy = (...ids: (string | false | null | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

/** Rating 1–5 as a radio group, a title and a text with their limits stated and counted; errors say what to do. */
export function ReviewForm({ api, slug, onPosted }: { api: ProductApi; slug: string; onPosted: (review: Review) => void }) {
  const { t } = useLingui();
  const signInHref = useSignInHref();
  const [machine] = useState(() => reviewFormMachine.provide({ actors: { submitReview: fromPromise<Review, ReviewBody>(({ input }) => api.writeReview(slug, input)) } }));
  const form = useActorRef(machine);
  const view = useView(form, reviewFormConnect);
  const { status, values, fieldErrors, failure, attempts, posted, busy } = view;
  const ids = { legend: useId(), title: useId(), text: useId(), titleHint: useId(), textHint: useId(), failure: useId() };
  const error = (field: ReviewField) => `${ids[field === 'rating' ? 'legend' : field]}-error`;

  const onPostedRef = useRef(onPosted);
  useEffect(() => {
    onPostedRef.current = onPosted;
  });
  useEffect(() => {
    if (posted) onPostedRef.current(posted);
  }, [posted]);

  // Each refused submit takes the focus to the first field to fix (or the message when no field is at fault).
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (attempts === 0) return;
    const target = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-failure]');
    target?.focus();
  }, [attempts]);

  const titleMax = REVIEW_LIMITS.titleMax;
  const textMin = REVIEW_LIMITS.textMin;
  const textMax = REVIEW_LIMITS.textMax;
  const messages: Record<ReviewFieldError, string> = {
    ratingMissing: t`Choose a rating from 1 to 5 stars.`,
    titleMissing: t`Give your review a title.`,
    titleTooLong: t`Shorten the title to ${titleMax} characters or fewer.`,
    textTooShort: t`Write at least ${textMin} characters about the product.`,
    textTooLong: t`Shorten your review to ${textMax} characters or fewer.`,
    invalid: t`Check this field and try again.`,
  };
  const errorFor = (field: ReviewField) => {
    const code = fieldErrors[field];
    return code ? messages[code] : null;
  };

  if (posted) {
    return (
      <p className="reviews__write" role="status" data-state="posted">
        <Trans>Thank you! Your review is posted.</Trans>
      </p>
    );
  }
  if (view.alreadyReviewed) {
    return (
      <p className="reviews__write" role="alert" data-state="already-reviewed">
        <Trans>You have already reviewed this product</Trans>
      </p>
    );
  }

  const { title: titleCount, text: textCount } = view.counts;
  const ratingError = errorFor('rating');
  const titleError = errorFor('title');
  const textError = errorFor('text');

  return (
    <form
      ref={formRef}
      className="review-form"
      noValidate
      aria-busy={busy}
      data-state={status}
      onSubmit={(event) => {
        event.preventDefault();
        view.submit();
      }}
    >
      <h3>
        <Trans>Write a review</Trans>
      </h3>
      <fieldset className="review-form__rating" aria-describedby={describedBy(ratingError && error('rating'))}>
        <legend id={ids.legend}>
          <Trans>Your rating</Trans>
        </legend>
        <div className="review-form__stars">
          {[1, 2, 3, 4, 5].map((rating) => (
            <label key={rating} className="review-form__star">
              <input
                type="radio"
                name={`${ids.legend}-rating`}
                value={rating}
                checked={values.rating === rating}
                aria-invalid={ratingError ? true : undefined}
                onChange={() => view.change('rating', rating)}
              />
              <span>{rating === 1 ? t`1 star` : t`${rating} stars`}</span>
            </label>
          ))}
        </div>
        {ratingError ? (
          <p className="field__error" id={error('rating')}>
            {ratingError}
          </p>
        ) : null}
      </fieldset>

      <div className="field">
        <label htmlFor={ids.title}>
          <Trans>Title</Trans>
        </label>
        <p className="field__hint" id={ids.titleHint}>
          {t`Up to ${titleMax} characters.`} <span aria-live="polite">{t`${titleCount} of ${titleMax} used.`}</span>
        </p>
        <input
          id={ids.title}
          type="text"
          value={values.title}
          aria-invalid={titleError ? true : undefined}
          aria-describedby={describedBy(ids.titleHint, titleError && error('title'))}
          onChange={(event) => view.change('title', event.target.value)}
        />
        {titleError ? (
          <p className="field__error" id={error('title')}>
            {titleError}
          </p>
        ) : null}
      </div>

      <div className="field">
        <label htmlFor={ids.text}>
          <Trans>Your review</Trans>
        </label>
        <p className="field__hint" id={ids.textHint}>
          {t`Between ${textMin} and ${textMax} characters.`} <span>{t`${textCount} of ${textMax} used.`}</span>
        </p>
        <textarea
          id={ids.text}
          rows={5}
          value={values.text}
          aria-invalid={textError ? true : undefined}
          aria-describedby={describedBy(ids.textHint, textError && error('text'))}
          onChange={(event) => view.change('text', event.target.value)}
        />
        {textError ? (
          <p className="field__error" id={error('text')}>
            {textError}
          </p>
        ) : null}
      </div>

      {failure ? (
        <div className="review-form__failure" role="alert" tabIndex={-1} data-failure={failure} id={ids.failure}>
          {failure === 'signedOut' ? (
            <p>
              <Trans>
                Your session has ended. <Link href={signInHref}>Sign in again</Link> to post your review.
              </Trans>
            </p>
          ) : failure === 'notFound' ? (
            <p>{t`This product is no longer available.`}</p>
          ) : failure === 'network' ? (
            <p>{t`You seem to be offline. Check your connection and submit again.`}</p>
          ) : (
            <p>{t`Your review could not be posted. Please submit again.`}</p>
          )}
        </div>
      ) : null}

      {/* Disabled only while posting, which its label says. */}
      <button type="submit" className="button" disabled={view.submitDisabledReason !== null} aria-busy={busy}>
        {busy ? t`Posting…` : t`Post review`}
      </button>
    </form>
  );
}
