import { describe, expect, test } from 'vitest';
import { fromPromise } from 'xstate';
import { productListingConnect } from '../../machines/catalog/product-listing.connect.ts';
import { DEFAULT_LISTING_QUERY } from '../../src/contract/listing-query.ts';
import { productListingMachine, type FetchPageInput, type ListingPage } from '../../machines/catalog/product-listing.machine.ts';
import { productFixture } from '../helpers/catalog-fake.ts';
import { connectActor } from './connect-helpers.ts';

const page = (ids: number[], pageNo: number, total: number): ListingPage => ({
  data: ids.map((id) => productFixture(id)),
  meta: { page: pageNo, perPage: 2, total, totalPages: Math.ceil(total / 2) },
});

function start() {
  const requests: { input: FetchPageInput; resolve: (value: ListingPage) => void; reject: (error: unknown) => void }[] = [];
  const machine = productListingMachine.provide({
    actors: { fetchPage: fromPromise<ListingPage, FetchPageInput>(({ input }) => new Promise((resolve, reject) => void requests.push({ input, resolve, reject }))) },
  });
  const { actor, send, sent } = connectActor(machine, { query: DEFAULT_LISTING_QUERY });
  const answer = async (settle: (request: (typeof requests)[number]) => void) => {
    const request = requests.at(-1);
    if (request) settle(request);
    for (let tick = 0; tick < 5; tick += 1) await Promise.resolve();
  };
  return { actor, sent, requests, answer, view: () => productListingConnect(actor.getSnapshot(), send) };
}

describe('productListingConnect', () => {
  test('loading shows the skeleton, then the products with Show More while pages remain', async () => {
    const { view, answer } = start();
    expect(view()).toMatchObject({ status: 'loading', loading: true, showsProducts: false, showsMore: false, failed: false, empty: false });
    await answer((request) => request.resolve(page([1, 2], 1, 3)));
    expect(view()).toMatchObject({ status: 'loaded', loading: false, showsProducts: true, showsMore: true, showMoreDisabledReason: null, total: 3 });
    expect(view().products.map((product) => product.id)).toEqual([1, 2]);
  });

  test('showMore sends its event; the button stays, disabled because busy, and a failure keeps the products', async () => {
    const { view, answer, sent, requests } = start();
    await answer((request) => request.resolve(page([1, 2], 1, 3)));
    view().showMore();
    expect(sent).toEqual([{ type: 'listing.showMore' }]);
    expect(requests.at(-1)?.input).toMatchObject({ fromPage: 2, toPage: 2 });
    expect(view()).toMatchObject({ status: 'loadingMore', loadingMore: true, loading: false, showsProducts: true, showsMore: true, showMoreDisabledReason: 'busy' });
    await answer((request) => request.reject(new Error('offline')));
    expect(view()).toMatchObject({ status: 'moreFailure', moreFailed: true, showsProducts: true, showsMore: false });
    view().retry();
    expect(sent.at(-1)).toEqual({ type: 'listing.retry' });
    await answer((request) => request.resolve(page([3], 2, 3)));
    expect(view()).toMatchObject({ status: 'loaded', showsMore: false, firstNewIndex: 2 });
  });

  test('a failed first page offers Retry; an empty answer is empty; requery sends the URL’s query', async () => {
    const { view, answer, sent } = start();
    await answer((request) => request.reject(new Error('offline')));
    expect(view()).toMatchObject({ status: 'failure', failed: true, showsProducts: false });
    const sorted = { ...DEFAULT_LISTING_QUERY, sort: 'price_asc' as const };
    view().requery(sorted);
    expect(sent).toEqual([{ type: 'listing.query', query: sorted }]);
    expect(view().loading).toBe(true);
    await answer((request) => request.resolve(page([], 1, 0)));
    expect(view()).toMatchObject({ status: 'empty', empty: true, showsProducts: false, showsMore: false });
  });
});
