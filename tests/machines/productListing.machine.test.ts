import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { productListingMachine, type ListingPage } from '../../machines/productListing.machine.ts';
import { productFixture } from '../helpers/catalog-fake.ts';

/** A fetchPage actor serving `total` products in pages of `perPage`; `failPages` fail once each. */
function serve(total: number, perPage: number, failPages: number[] = []) {
  const calls: number[] = [];
  const failures = [...failPages];
  const actor = fromPromise<ListingPage, { page: number }>(async ({ input }) => {
    calls.push(input.page);
    const failAt = failures.indexOf(input.page);
    if (failAt >= 0) {
      failures.splice(failAt, 1);
      throw new Error(`page ${input.page} failed`);
    }
    const start = (input.page - 1) * perPage;
    const data = Array.from({ length: Math.max(0, Math.min(perPage, total - start)) }, (_, i) => productFixture(start + i + 1));
    return { data, meta: { page: input.page, perPage, total, totalPages: Math.ceil(total / perPage) } };
  });
  return { actor, calls };
}

function start(total: number, perPage: number, failPages: number[] = []) {
  const server = serve(total, perPage, failPages);
  const actor = createActor(productListingMachine.provide({ actors: { fetchPage: server.actor } })).start();
  return { actor, calls: server.calls };
}

const settled = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => !s.hasTag('busy'));

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
});

describe('loaded', () => {
  test('showMore appends the next page and marks the first new product', async () => {
    const { actor, calls } = start(30, 24);
    await settled(actor);
    actor.send({ type: 'listing.showMore' });
    expect(actor.getSnapshot().value).toBe('loadingMore');
    expect(actor.getSnapshot().hasTag('products')).toBe(true);
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('loaded');
    expect(snapshot.context.products.map((p) => p.id)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(snapshot.context.firstNewIndex).toBe(24);
    expect(calls).toEqual([1, 2]);
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
    const { actor, calls } = start(30, 24, [2]);
    await settled(actor);
    actor.send({ type: 'listing.showMore' });
    const failed = await settled(actor);
    expect(failed.value).toBe('moreFailure');
    expect(failed.context.products).toHaveLength(24);
    expect(failed.hasTag('products')).toBe(true);
    actor.send({ type: 'listing.retry' });
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('loaded');
    expect(snapshot.context.products).toHaveLength(30);
    expect(calls).toEqual([1, 2, 2]);
  });

  test('a product repeated by the next page is shown once', async () => {
    const duplicate = fromPromise<ListingPage, { page: number }>(async ({ input }) => ({
      data: input.page === 1 ? [productFixture(1), productFixture(2)] : [productFixture(2), productFixture(3)],
      meta: { page: input.page, perPage: 2, total: 4, totalPages: 2 },
    }));
    const actor = createActor(productListingMachine.provide({ actors: { fetchPage: duplicate } })).start();
    await settled(actor);
    actor.send({ type: 'listing.showMore' });
    const snapshot = await settled(actor);
    expect(snapshot.context.products.map((p) => p.id)).toEqual([1, 2, 3]);
  });
});
