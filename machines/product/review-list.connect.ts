import type { EventFromLogic, SnapshotFrom } from 'xstate';
import type { RatingSummary, Review } from '../../src/contract/reviews.ts';
import type { ReviewSort, reviewListMachine } from './review-list.machine.ts';

type Snapshot = SnapshotFrom<typeof reviewListMachine>;
type Send = (event: EventFromLogic<typeof reviewListMachine>) => void;

export interface ReviewListApi {
  /** The first page is on its way. */
  loadingFirst: boolean;
  /** The first page failed: only a retry is offered. */
  failed: boolean;
  /** Show More failed: the reviews shown stay, with a retry. */
  moreFailed: boolean;
  loadingMore: boolean;
  /** Show More is offered: there are more pages, or the next one is on its way. */
  showsMore: boolean;
  /** Why Show More cannot be pressed now (the next page is on its way). */
  showMoreDisabledReason: 'busy' | null;
  summary: RatingSummary;
  sort: ReviewSort;
  reviews: Review[];
  total: number;
  /** Index of the first review Show More added: focus moves there. */
  firstNewIndex: number | null;
  retry(): void;
  showMore(): void;
  sortBy(sort: ReviewSort): void;
  /** The member's own review, just posted. */
  added(review: Review): void;
}

export function reviewListConnect(snapshot: Snapshot, send: Send): ReviewListApi {
  const { summary, sort, reviews, total, firstNewIndex } = snapshot.context;
  const loadingMore = snapshot.hasTag('loadingMore');
  return {
    loadingFirst: snapshot.hasTag('loadingFirst'),
    failed: snapshot.hasTag('failure'),
    moreFailed: snapshot.hasTag('moreFailure'),
    loadingMore,
    showsMore: snapshot.can({ type: 'reviews.showMore' }) || loadingMore,
    showMoreDisabledReason: loadingMore ? 'busy' : null,
    summary,
    sort,
    reviews,
    total,
    firstNewIndex,
    retry: () => send({ type: 'reviews.retry' }),
    showMore: () => send({ type: 'reviews.showMore' }),
    sortBy: (next) => send({ type: 'reviews.sort', sort: next }),
    added: (review) => send({ type: 'reviews.added', review }),
  };
}
