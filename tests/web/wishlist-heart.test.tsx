// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { apiFake } from '../../src/web/shared/api/api-provider.tsx';
import { deviceWishlist } from '../../src/web/shared/wishlist/device-list.ts';
import type { WishlistIdsApi, WishlistPatchBody } from '../../src/web/shared/wishlist/wishlist-api.ts';
import { createWishlistStore } from '../../src/web/shared/wishlist-store.ts';
import { createWishlistStoreWith } from '../../src/web/shared/wishlist/wishlist-engine.ts';
import { productDetailFixture } from '../helpers/catalog-fake.ts';
import { renderApp } from '../helpers/render-app.tsx';

/** A member's list whose writes wait for the test (`answer`), to see the heart before and after. */
function scriptedApi(ids: number[] = []) {
  const patches: { body: WishlistPatchBody; resolve: () => void; reject: (error: unknown) => void }[] = [];
  const api: WishlistIdsApi = {
    ids: async () => ids,
    patch: (body) => new Promise<void>((resolve, reject) => patches.push({ body, resolve, reject })),
  };
  return { api, patches };
}

function storeApis(api: WishlistIdsApi) {
  return new Map([apiFake(createWishlistStore, createWishlistStoreWith({ api, device: deviceWishlist(localStorage) }))]);
}

afterEach(() => localStorage.clear());

describe('the heart on product cards', () => {
  test('a guest sees the device’s list; pressing another heart fills it at once and keeps it on the device', async () => {
    deviceWishlist(localStorage).write([{ productId: 2, slug: 'product-2', variantId: null, addedAt: '2026-11-01T10:00:00.000Z' }]);
    const { user } = await renderApp({ url: '/', apis: storeApis(scriptedApi().api) });
    const listed = await screen.findByRole('button', { name: 'Remove Product 2 from wish list' });
    expect(listed).toHaveAttribute('aria-pressed', 'true');
    const other = screen.getByRole('button', { name: 'Add Product 3 to wish list' });
    expect(other).toHaveAttribute('aria-pressed', 'false');
    await user.click(other);
    expect(screen.getByRole('button', { name: 'Remove Product 3 from wish list' })).toHaveAttribute('aria-pressed', 'true');
    expect(deviceWishlist(localStorage).read().map((entry) => entry.productId)).toEqual([2, 3]);
    // The card's link is not the heart: the heart sits beside it, never inside it.
    const card = listed.closest('article');
    expect(card && within(card).getByRole('link').contains(listed)).toBe(false);
  });

  test('a member’s press fills the heart before the server answers; a failure undoes it and says so', async () => {
    const { api, patches } = scriptedApi([1]);
    const { user } = await renderApp({ url: '/', user: 'member', apis: storeApis(api) });
    expect(await screen.findByRole('button', { name: 'Remove Product 1 from wish list' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Add Product 2 to wish list' }));
    const pending = screen.getByRole('button', { name: 'Remove Product 2 from wish list' });
    expect(pending).toHaveAttribute('aria-pressed', 'true');
    expect(pending).toHaveAttribute('aria-busy', 'true');
    expect(patches.map((patch) => patch.body)).toEqual([{ add: [{ productId: 2, variantId: null }] }]);
    patches[0]?.reject(Object.assign(new Error('PATCH wishlist: network error'), { kind: 'network' }));
    expect(await screen.findByText('Product 2 could not be added to your wish list. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Product 2 to wish list' })).toHaveAttribute('aria-pressed', 'false');
  });

  test('a member’s confirmed press stays, and a second press while saving is written after the first answer', async () => {
    const { api, patches } = scriptedApi();
    const { user } = await renderApp({ url: '/', user: 'member', apis: storeApis(api) });
    const heart = await screen.findByRole('button', { name: 'Add Product 1 to wish list' });
    await user.click(heart);
    await user.click(screen.getByRole('button', { name: 'Remove Product 1 from wish list' }));
    expect(patches).toHaveLength(1);
    patches[0]?.resolve();
    await waitFor(() => expect(patches).toHaveLength(2));
    expect(patches[1]?.body).toEqual({ remove: [1] });
    patches[1]?.resolve();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add Product 1 to wish list' })).not.toHaveAttribute('aria-busy'));
  });
});

describe('the heart on the product page', () => {
  test('keeps the chosen shade with the product', async () => {
    const { user } = await renderApp({ url: `/products/${productDetailFixture.slug}`, apis: storeApis(scriptedApi().api) });
    await user.click(await screen.findByRole('radio', { name: /Mocha/ }));
    await user.click(screen.getByRole('button', { name: 'Add Silk Foundation to wish list' }));
    expect(screen.getByRole('button', { name: 'Remove Silk Foundation from wish list' })).toHaveAttribute('aria-pressed', 'true');
    expect(deviceWishlist(localStorage).read()).toMatchObject([{ productId: 7, slug: 'silk-foundation', variantId: 72 }]);
  });
});

test('the header links to the wish list', async () => {
  await renderApp({ url: '/' });
  expect(await screen.findByRole('link', { name: 'Wish list' })).toHaveAttribute('href', '/wishlist');
});
