import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import { reviewListMachine, type FetchReviewsInput, type ReviewSort } from '../../../../machines/product/review-list.machine.ts';
import type { RatingSummary, Review, ReviewListResponse } from '../../../contract/reviews.ts';
import { useOptionalApi } from '../../shared/api/api-provider.tsx';
import { useSignedIn, useSignInHref } from '../../shared/session/session-store.ts';
import { useFeatureCatalog } from '../../shared/i18n/use-feature-catalog.ts';
import { productMessages } from './messages.ts';
import { formatDate } from '../../shared/site/format-date-number.ts';
import { useSite } from '../../shared/site/site-provider.tsx';
import { createProductApi, type ProductApi } from './product-api.ts';
import { ReviewForm } from './review-form.tsx';
import { reviewListConnect, type ReviewListApi } from '../../../../machines/product/review-list.connect.ts';
import { useScreenActor, useScreenDataProvided } from '../../shared/ssr/screen-state.tsx';
import './product.css';
import { useView } from '../../shared/hooks/use-view.ts';

/** The review list's key among the page's screen machines. */
const reviewsKey = (slug: string) => `reviews:${slug}`;

/**
 * A product's reviews, below the fold: its chunk comes after the first paint, and the reviews are
 * fetched once the section nears the viewport, unless the page brought them (a server-rendered
 * page carries the first page of reviews: crawlers and shoppers without scripts read them too).
 * Review text is rendered as React text, never as markup.
 */
export default function ReviewsSection({ slug }: { slug: string }) {
  useFeatureCatalog(productMessages);
  const api = useOptionalApi(createProductApi);
  const headingId = useId();
  const near = useNearViewport(useScreenDataProvided(reviewsKey(slug)));
  if (!api) return null;
  return (
    <section className="product__section reviews" aria-labelledby={headingId} ref={near.ref}>
      <h2 id={headingId}>
        <Trans>Reviews</Trans>
      </h2>
      {near.seen ? <Reviews key={slug} api={api} slug={slug} /> : null}
    </section>
  );
}

/** Whether the element came within a screen of the viewport (at once where IntersectionObserver is missing, or when `already`). */
function useNearViewport(already: boolean) {
  const ref = useRef<HTMLElement>(null);
  const [seen, setSeen] = useState(() => already || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
    }, { rootMargin: '600px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen]);
  return { ref, seen };
}

function Reviews({ api, slug }: { api: ProductApi; slug: string }) {
  const { t } = useLingui();
  const signedIn = useSignedIn();
  const [machine] = useState(() =>
    reviewListMachine.provide({
      actors: { fetchReviews: fromPromise<ReviewListResponse, FetchReviewsInput>(({ input, signal }) => api.reviews(slug, { ...input, fresh: signedIn }, { signal })) },
    }),
  );
  const view = useView(useScreenActor(reviewsKey(slug), machine), reviewListConnect);
  const sortId = useId();
  const { summary, sort, loadingFirst } = view;

  if (view.failed) {
    return (
      <div role="alert" className="reviews__failure">
        <p>{t`Reviews could not be loaded.`}</p>
        <button type="button" className="button button--secondary" onClick={view.retry}>
          {t`Retry`}
        </button>
      </div>
    );
  }
  return (
    <div className="reviews__body" aria-busy={loadingFirst}>
      {loadingFirst && summary.count === 0 ? <p className="reviews__loading">{t`Loading reviews…`}</p> : <Summary summary={summary} />}
      <WriteReview api={api} slug={slug} onPosted={view.added} />
      {summary.count > 0 ? (
        <div className="reviews__sort">
          <label htmlFor={sortId}>{t`Sort reviews`}</label>
          <select id={sortId} value={sort} onChange={(event) => view.sortBy(event.target.value as ReviewSort)}>
            <option value="newest">{t`Newest first`}</option>
            <option value="highest">{t`Highest rating first`}</option>
            <option value="lowest">{t`Lowest rating first`}</option>
          </select>
        </div>
      ) : null}
      <ReviewList view={view} />
    </div>
  );
}

/** Average, count and a histogram a screen reader reads as a table (the bars are decoration). */
function Summary({ summary }: { summary: RatingSummary }) {
  const { t } = useLingui();
  const average = summary.average.toFixed(1);
  const count = summary.count;
  if (count === 0) {
    return <p className="reviews__empty">{t`No reviews yet. Be the first to review this product.`}</p>;
  }
  return (
    <div className="reviews__summary">
      <p className="reviews__average">
        <span className="reviews__stars" aria-hidden="true">
          {stars(Math.round(summary.average))}
        </span>{' '}
        <Trans>
          {average} out of 5, <Plural value={count} one="from # review" other="from # reviews" />
        </Trans>
      </p>
      <table className="reviews__histogram">
        <caption className="visually-hidden">{t`How reviewers rated this product`}</caption>
        <tbody>
          {[5, 4, 3, 2, 1].map((rating) => {
            const n = summary.histogram[rating - 1] ?? 0;
            const share = Math.round((n * 100) / count);
            return (
              <tr key={rating}>
                <th scope="row">
                  <Plural value={rating} one="# star" other="# stars" />
                </th>
                <td className="reviews__bar-cell">
                  <span className="reviews__bar" aria-hidden="true">
                    <span className="reviews__bar-fill" style={{ width: `${share}%` }} />
                  </span>
                </td>
                <td>
                  <Plural value={n} one="# review" other="# reviews" />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

const stars = (rating: number) => '★'.repeat(rating) + '☆'.repeat(Math.max(0, 5 - rating));

function ReviewList({ view }: { view: ReviewListApi }) {
  const { t } = useLingui();
  const { reviews, total, firstNewIndex, loadingMore } = view;
  const items = useRef(new Map<number, HTMLElement>());
  useEffect(() => {
    if (firstNewIndex !== null) items.current.get(firstNewIndex)?.focus();
  }, [firstNewIndex]);
  if (reviews.length === 0) return null;
  const visible = reviews.length;
  return (
    <>
      <ol className="reviews__list">
        {reviews.map((review, index) => (
          <li key={review.id}>
            <ReviewItem
              review={review}
              ref={(element) => {
                if (element) items.current.set(index, element);
                else items.current.delete(index);
              }}
            />
          </li>
        ))}
      </ol>
      <p className="reviews__range" aria-live="polite">
        {t`1 to ${visible} of ${total}`}
      </p>
      {view.moreFailed ? (
        <div role="alert" className="reviews__failure">
          <p>{t`More reviews could not be loaded.`}</p>
          <button type="button" className="button button--secondary" onClick={view.retry}>
            {t`Retry`}
          </button>
        </div>
      ) : view.showsMore ? (
        // Disabled only while the next page loads, which its label says.
        <button type="button" className="button button--secondary" disabled={view.showMoreDisabledReason !== null} aria-busy={loadingMore} onClick={view.showMore}>
          {loadingMore ? t`Loading…` : t`Show more reviews`}
        </button>
      ) : null}
    </>
  );
}

function ReviewItem({ review, ref }: { review: Review; ref: (element: HTMLElement | null) => void }) {
  const { t } = useLingui();
  const site = useSite();
  const rating = review.rating;
  // In the country's time zone, as every store date.
  const date = formatDate(review.createdAt, site);
  const author = review.authorName;
  return (
    <article className="review" tabIndex={-1} ref={ref} data-rating={rating}>
      <p className="review__rating">
        <span aria-hidden="true">{stars(rating)}</span>
        <span className="visually-hidden">{t`Rated ${rating} out of 5`}</span>
      </p>
      {/* Titles and texts are the shopper's words: React text nodes, so markup in them is shown, never run. */}
      <h3 className="review__title">{review.title}</h3>
      <p className="review__meta">{t`${author}, ${date}`}</p>
      <p className="review__text">{review.text}</p>
    </article>
  );
}

/** The form when signed in (unless already reviewed), a sign-in link otherwise. */
function WriteReview({ api, slug, onPosted }: { api: ProductApi; slug: string; onPosted: (review: Review) => void }) {
  const signedIn = useSignedIn();
  const signInHref = useSignInHref();
  const [mine, setMine] = useState<{ status: 'loading' } | { status: 'none' } | { status: 'mine'; review: Review }>({ status: 'loading' });
  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    api.myReview(slug, { signal: controller.signal }).then(
      (review) => setMine(review ? { status: 'mine', review } : { status: 'none' }),
      // Unknown: the form is offered, and the server answers a second review with 409.
      () => setMine({ status: 'none' }),
    );
    return () => controller.abort();
  }, [api, slug, signedIn]);

  if (!signedIn) {
    return (
      <p className="reviews__write">
        <Link href={signInHref}>
          <Trans>Sign in to write a review</Trans>
        </Link>
      </p>
    );
  }
  if (mine.status === 'loading') return null;
  if (mine.status === 'mine') {
    return (
      <p className="reviews__write" data-state="reviewed">
        <Trans>You have reviewed this product. Thank you!</Trans>
      </p>
    );
  }
  return <ReviewForm api={api} slug={slug} onPosted={onPosted} />;
}
