// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { expect, test } from 'vitest';
import { deviceWishlist } from '../../src/web/shared/wishlist/device-list.ts';
import { createWishlistStoreWith } from '../../src/web/shared/wishlist/wishlist-engine.ts';
import { productFixture } from '../helpers/catalog-fake.ts';
import { hydratedGuestGrid } from '../helpers/hydrated-grid.tsx';

/*
 * The server cannot know a guest's list: it renders every heart neutral, the browser hydrates the
 * same markup, then shows the device's list. A mismatch would be a console error (React reports a
 * recoverable hydration error there), which fails the test (console guard).
 */

test('a guest’s heart is neutral in the server’s HTML and filled after hydration, without a mismatch', async () => {
  deviceWishlist(localStorage).write([{ productId: 2, slug: 'product-2', variantId: null, addedAt: '2026-11-01T10:00:00.000Z' }]);
  const store = createWishlistStoreWith({ api: { ids: async () => [], patch: async () => undefined }, device: deviceWishlist(localStorage) });
  const hydrated = await hydratedGuestGrid(store, [productFixture(2)]);
  expect(hydrated.html).toMatch(/<button type="button" class="wishlist-heart wishlist-heart--card" data-state="unknown" aria-pressed="false" aria-label="Add Product 2 to wish list" data-product-action="heart" data-product-id="2">/);
  await waitFor(() => expect(screen.getByRole('button', { name: 'Remove Product 2 from wish list' })).toHaveAttribute('aria-pressed', 'true'));
  expect(screen.getByRole('button', { name: 'Remove Product 2 from wish list' })).toHaveAttribute('data-state', 'on');
});
