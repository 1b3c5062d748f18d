import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { DEFAULT_LISTING_QUERY, NO_FILTERS, type ListingQuery } from '../../src/contract/listing-query.ts';
import { productListingMachine, type FetchPageInput, type ListingPage } from '../../machines/catalog/product-listing.machine.ts';
import { decodeListingQuery } from '../../src/web/features/catalog/listing.tsx';
import { encodeListingQuery } from '../../src/web/features/catalog/listing-url.ts';
import { productFixture } from '../helpers/catalog-fake.ts';

/** A fetchPage actor serving `total` products in pages of `perPage`; `failPages` fail once each. */
function serve(total: number, perPage: number, failPages: number[] = []) {
  const calls: number[] = [];
  const failures = [...failPages];
  const actor = fromPromise<ListingPage, FetchPageInput>(async ({ input }) => {
    const pages: ListingPage['data'][] = [];
    for (let page = input.fromPage; page <= input.toPage; page += 1) {
      calls.push(page);
      const failAt = failures.indexOf(page);
      if (failAt >= 0) {
        failures.splice(failAt, 1);
        throw new Error(`page ${page} failed`);
      }
      const start = (page - 1) * perPage;
      pages.push(Array.from({ length: Math.max(0, Math.min(perPage, total - start)) }, (_, i) => productFixture(start + i + 1)));
    }
    return { data: pages.flat(), meta: { page: input.toPage, perPage, total, totalPages: Math.ceil(total / perPage) } };
  });
  return { actor, calls };
}

function start(total: number, perPage: number, failPages: number[] = [], query?: ListingQuery) {
  const server = serve(total, perPage, failPages);
  const shown: ListingQuery[] = [];
  const machine = productListingMachine.provide({ actors: { fetchPage: server.actor }, actions: { pageShown: (_, page) => void shown.push(page) } });
  const actor = createActor(machine, { input: query ? { query } : {} }).start();
  return { actor, calls: server.calls, shown };
}

const settled = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => !s.hasTag('busy'));

/** A fetchPage whose answers the test releases by hand, recording each request's input and abort signal. */
function manual() {
  const requests: { input: FetchPageInput; signal: AbortSignal; resolve: (page: ListingPage) => void; reject: (error: unknown) => void }[] = [];
  const actor = fromPromise<ListingPage, FetchPageInput>(
    ({ input, signal }) =>
      new Promise<ListingPage>((resolve, reject) => {
        requests.push({ input, signal, resolve, reject });
      }),
  );
  return { actor, requests };
}

const answer = (ids: number[], total = ids.length): ListingPage => ({ data: ids.map((id) => productFixture(id)), meta: { page: 1, perPage: 24, total, totalPages: Math.ceil(total / 24) } });

describe('loading', () => {
  test('enters loaded with the first page and its totals', async () => {
    const { actor, calls } = start(30, 24);
    expect(actor.getSnapshot().value).toBe('loading');
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('loaded');
    expect(snapshot.context.products).toHaveLength(24);
    expect(snapshot.context.total).toBe(30);
    expect(calls).toEqual([1]);
  });

  test('enters empty when the first page has no products', async () => {
    const { actor } = start(0, 24);
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('empty');
    expect(snapshot.can({ type: 'listing.showMore' })).toBe(false);
    expect(snapshot.can({ type: 'listing.retry' })).toBe(false);
  });

  test('enters failure when the first page fails, and retry loads again', async () => {
    const { actor, calls } = start(30, 24, [1]);
    expect((await settled(actor)).value).toBe('failure');
    expect(actor.getSnapshot().can({ type: 'listing.showMore' })).toBe(false);
    actor.send({ type: 'listing.retry' });
    expect((await settled(actor)).value).toBe('loaded');
    expect(calls).toEqual([1, 1]);
  });

  test('ignores showMore and retry while loading', () => {
    const { actor } = start(30, 24);
    expect(actor.getSnapshot().can({ type: 'listing.showMore' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'listing.retry' })).toBe(false);
  });

  test('a query for page 3 loads pages 1 to 3 at once, and Show More goes on with page 4', async () => {
    const { actor, calls, shown } = start(100, 10, [], { ...DEFAULT_LISTING_QUERY, page: 3 });
    const snapshot = await settled(actor);
    expect(snapshot.context.products.map((p) => p.id)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(snapshot.context.page).toBe(3);
    actor.send({ type: 'listing.showMore' });
    expect((await settled(actor)).context.products).toHaveLength(40);
    expect(calls).toEqual([1, 2, 3, 4]);
    expect(shown.map((query) => query.page)).toEqual([4]);
  });
});

describe('loaded', () => {
  test('showMore appends the next page, marks the first new product and reports the page for the URL', async () => {
    const { actor, calls, shown } = start(30, 24);
    await settled(actor);
    actor.send({ type: 'listing.showMore' });
    expect(actor.getSnapshot().value).toBe('loadingMore');
    expect(actor.getSnapshot().hasTag('products')).toBe(true);
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('loaded');
    expect(snapshot.context.products.map((p) => p.id)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(snapshot.context.firstNewIndex).toBe(24);
    expect(snapshot.context.query.page).toBe(2);
    expect(calls).toEqual([1, 2]);
    expect(shown).toEqual([{ ...DEFAULT_LISTING_QUERY, page: 2 }]);
  });

  test('forbids showMore on the last page', async () => {
    const { actor, calls } = start(10, 24);
    const snapshot = await settled(actor);
    expect(snapshot.can({ type: 'listing.showMore' })).toBe(false);
    actor.send({ type: 'listing.showMore' });
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(calls).toEqual([1]);
  });

  test('a second showMore while one is loading is ignored', async () => {
    const { actor, calls } = start(100, 10);
    await settled(actor);
    actor.send({ type: 'listing.showMore' });
    actor.send({ type: 'listing.showMore' });
    await settled(actor);
    expect(calls).toEqual([1, 2]);
    expect(actor.getSnapshot().context.products).toHaveLength(20);
  });
});

describe('moreFailure', () => {
  test('a failed Show More keeps the products shown and retry fetches the same page', async () => {
    const { actor, calls, shown } = start(30, 24, [2]);
    await settled(actor);
    actor.send({ type: 'listing.showMore' });
    const failed = await settled(actor);
    expect(failed.value).toBe('moreFailure');
    expect(failed.context.products).toHaveLength(24);
    expect(failed.context.query.page).toBe(1);
    expect(failed.hasTag('products')).toBe(true);
    expect(shown).toEqual([]);
    actor.send({ type: 'listing.retry' });
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('loaded');
    expect(snapshot.context.products).toHaveLength(30);
    expect(calls).toEqual([1, 2, 2]);
  });

  test('a product repeated by the next page is shown once', async () => {
    const duplicate = fromPromise<ListingPage, FetchPageInput>(async ({ input }) => ({
      data: input.toPage === 1 ? [productFixture(1), productFixture(2)] : [productFixture(2), productFixture(3)],
      meta: { page: input.toPage, perPage: 2, total: 4, totalPages: 2 },
    }));
    const actor = createActor(productListingMachine.provide({ actors: { fetchPage: duplicate } }), { input: {} }).start();
    await settled(actor);
    actor.send({ type: 'listing.showMore' });
    const snapshot = await settled(actor);
    expect(snapshot.context.products.map((p) => p.id)).toEqual([1, 2, 3]);
  });
});

describe('listing.query (filters, sort, Back)', () => {
  const byBrand: ListingQuery = { filters: { ...NO_FILTERS, brands: ['glow-lab'] }, sort: 'featured', page: 1 };
  const byPrice: ListingQuery = { filters: NO_FILTERS, sort: 'price_asc', page: 1 };

  test('a newer query aborts the request in flight, and the older answer never shows', async () => {
    const { actor: fetchPage, requests } = manual();
    const actor = createActor(productListingMachine.provide({ actors: { fetchPage } }), { input: {} }).start();
    actor.send({ type: 'listing.query', query: byBrand });
    expect(requests).toHaveLength(2);
    expect(requests[0]?.signal.aborted).toBe(true);
    expect(requests[1]?.input.query).toEqual(byBrand);
    // The older request answers late, then fails late: neither reaches the listing.
    requests[0]?.resolve(answer([1, 2, 3]));
    requests[0]?.reject(new Error('late'));
    await Promise.resolve();
    expect(actor.getSnapshot().value).toBe('loading');
    requests[1]?.resolve(answer([7]));
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('loaded');
    expect(snapshot.context.products.map((p) => p.id)).toEqual([7]);
    expect(snapshot.context.query).toEqual(byBrand);
  });

  test('a query while Show More loads drops Show More and loads the new listing from page 1', async () => {
    const { actor: fetchPage, requests } = manual();
    const actor = createActor(productListingMachine.provide({ actors: { fetchPage } }), { input: {} }).start();
    requests[0]?.resolve(answer([1, 2], 50));
    await settled(actor);
    actor.send({ type: 'listing.showMore' });
    expect(requests[1]?.input).toMatchObject({ fromPage: 2, toPage: 2 });
    actor.send({ type: 'listing.query', query: byPrice });
    expect(requests[1]?.signal.aborted).toBe(true);
    expect(requests[2]?.input).toEqual({ query: byPrice, fromPage: 1, toPage: 1 });
    requests[1]?.resolve(answer([3, 4], 50));
    requests[2]?.resolve(answer([9], 1));
    const snapshot = await settled(actor);
    expect(snapshot.context.products.map((p) => p.id)).toEqual([9]);
    expect(snapshot.context.firstNewIndex).toBeNull();
  });

  test('the same query again (the URL echo of Show More) changes nothing', async () => {
    const { actor, calls } = start(60, 24);
    await settled(actor);
    actor.send({ type: 'listing.showMore' });
    await settled(actor);
    expect(actor.getSnapshot().can({ type: 'listing.query', query: { ...DEFAULT_LISTING_QUERY, page: 2 } })).toBe(false);
    actor.send({ type: 'listing.query', query: { ...DEFAULT_LISTING_QUERY, page: 2 } });
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(calls).toEqual([1, 2]);
  });

  test('a query leaves failure, empty and moreFailure for a fresh load', async () => {
    for (const [total, fail, reach] of [
      [30, [1], 'failure'],
      [0, [], 'empty'],
      [30, [2], 'moreFailure'],
    ] as const) {
      const { actor } = start(total, 24, [...fail]);
      await settled(actor);
      if (reach === 'moreFailure') {
        actor.send({ type: 'listing.showMore' });
        await settled(actor);
      }
      expect(actor.getSnapshot().value).toBe(reach);
      actor.send({ type: 'listing.query', query: byPrice });
      expect(actor.getSnapshot().value).toBe('loading');
      expect(actor.getSnapshot().context.query).toEqual(byPrice);
    }
  });

  test('URL → state → URL: a shared link loads its pages, and Show More writes the next page back', async () => {
    const url = 'brands=glow-lab,luma&categories=makeup/face&price_min=10&price_max=50.5&others=new,app_exclusive&on_sale=true&sort=price_asc&page=2';
    const query = decodeListingQuery(url);
    expect(query).toEqual({
      filters: { brands: ['glow-lab', 'luma'], categories: ['makeup/face'], priceMin: 10, priceMax: 50.5, others: ['new', 'app_exclusive'], onSale: true },
      sort: 'price_asc',
      page: 2,
    });
    const { actor, calls, shown } = start(100, 24, [], query);
    expect((await settled(actor)).context.products).toHaveLength(48);
    expect(calls).toEqual([1, 2]);
    expect(encodeListingQuery(actor.getSnapshot().context.query)).toBe(url);
    actor.send({ type: 'listing.showMore' });
    await settled(actor);
    expect(shown.map((page) => encodeListingQuery(page, 'q=lip&language=th'))).toEqual([`q=lip&language=th&${url.replace('page=2', 'page=3')}`]);
  });
});

describe('URL codec', () => {
  test('the plain listing has a plain URL, and defaults are left out', () => {
    expect(encodeListingQuery(DEFAULT_LISTING_QUERY)).toBe('');
    expect(decodeListingQuery('')).toEqual(DEFAULT_LISTING_QUERY);
    expect(encodeListingQuery({ ...DEFAULT_LISTING_QUERY, sort: 'newest' }, 'language=th&page=4')).toBe('language=th&sort=newest');
  });

  test('parts that do not parse are dropped, a reversed price range is put in order, and page is bounded', () => {
    expect(decodeListingQuery('brands=Glow Lab,ok-brand,,ok-brand&others=new,bogus&sort=cheapest&page=-2&price_min=abc&on_sale=yes')).toEqual({
      filters: { ...NO_FILTERS, brands: ['ok-brand'], others: ['new'] },
      sort: 'featured',
      page: 1,
    });
    expect(decodeListingQuery('price_min=80&price_max=20&page=9999').filters).toMatchObject({ priceMin: 20, priceMax: 80 });
    expect(decodeListingQuery('page=9999').page).toBe(10);
    expect(decodeListingQuery('page=2.5').page).toBe(1);
  });
});
