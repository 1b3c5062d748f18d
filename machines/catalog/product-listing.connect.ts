import type { EventFromLogic, SnapshotFrom } from 'xstate';
import type { ProductSummary } from '../../src/contract/catalog.ts';
import type { productListingMachine } from './product-listing.machine.ts';

type Snapshot = SnapshotFrom<typeof productListingMachine>;
type ListingEvent = EventFromLogic<typeof productListingMachine>;
type Send = (event: ListingEvent) => void;
/** Read off the event, wherever the query shape is declared. */
type ListingQuery = Extract<ListingEvent, { type: 'listing.query' }>['query'];

/** `data-state` of the listing: the machine's state. */
export type ListingStatus = Snapshot['value'];

export interface ProductListingApi {
  status: ListingStatus;
  /** The first page is on its way: a skeleton stands in for the grid. */
  loading: boolean;
  /** The first page failed: an error with Retry, no products. */
  failed: boolean;
  /** Products are shown (with the range, and the search notice). */
  showsProducts: boolean;
  /** The query found nothing. */
  empty: boolean;
  loadingMore: boolean;
  /** Show More failed: the products stay, with a Retry for the next page. */
  moreFailed: boolean;
  /** The Show More button is there: more pages, or the next one on its way. */
  showsMore: boolean;
  /** Why Show More cannot be pressed now (the next page is on its way, which its label says). */
  showMoreDisabledReason: 'busy' | null;
  products: ProductSummary[];
  total: number;
  firstNewIndex: number | null;
  /** What the search actually looked for, when the server corrected the text. */
  corrected: string | null;
  showMore(): void;
  retry(): void;
  /** The URL's filters, sort and page (first load, a filter change, Back). */
  requery(query: ListingQuery): void;
}

export function productListingConnect(snapshot: Snapshot, send: Send): ProductListingApi {
  const { products, total, firstNewIndex, corrected } = snapshot.context;
  const loadingMore = snapshot.hasTag('loadingMore');
  const moreFailed = snapshot.hasTag('moreFailure');
  const showsProducts = snapshot.hasTag('products');
  return {
    status: snapshot.value,
    loading: snapshot.hasTag('busy') && !showsProducts,
    failed: snapshot.hasTag('failure'),
    showsProducts,
    empty: snapshot.hasTag('empty'),
    loadingMore,
    moreFailed,
    showsMore: !moreFailed && (loadingMore || snapshot.can({ type: 'listing.showMore' })),
    showMoreDisabledReason: loadingMore ? 'busy' : null,
    products,
    total,
    firstNewIndex,
    corrected,
    showMore: () => send({ type: 'listing.showMore' }),
    retry: () => send({ type: 'listing.retry' }),
    requery: (query) => send({ type: 'listing.query', query }),
  };
}
