// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { deviceWishlist } from '../../src/web/shared/wishlist/device-list.ts';
import { createWishlistStoreWith } from '../../src/web/shared/wishlist/wishlist-engine.ts';
import { lazyWishlistStore } from '../../src/web/shared/wishlist-store.ts';
import { productFixture } from '../helpers/catalog-fake.ts';
import { hydratedGuestGrid } from '../helpers/hydrated-grid.tsx';

/*
 * Most visitors have no wish list: their pages must do no wish-list work after hydration (no
 * engine, no re-render of the hearts: bench:web TBT). A press on a neutral heart still works.
 * A file of its own: which hearts are live is the page's state (wishlist-live.ts).
 */

test('a guest without a list: the hearts stay neutral and the engine is not loaded; a press loads it and adds', async () => {
  const patches: unknown[] = [];
  let loads = 0;
  const engine = createWishlistStoreWith({ api: { ids: async () => [], patch: async (body) => void patches.push(body) }, device: deviceWishlist(localStorage) });
  const handle = lazyWishlistStore(async () => {
    loads += 1;
    return engine;
  });
  await hydratedGuestGrid(handle, [productFixture(2), productFixture(3)]);
  // Settled after hydration: the session's chunk has come and gone without loading the engine.
  await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(loads).toBe(0);
  const heart = screen.getByRole('button', { name: 'Add Product 2 to wish list' });
  expect(heart).toHaveAttribute('data-state', 'unknown');

  await userEvent.click(heart);
  await waitFor(() => expect(screen.getByRole('button', { name: 'Remove Product 2 from wish list' })).toHaveAttribute('aria-pressed', 'true'));
  expect(loads).toBe(1);
  expect(deviceWishlist(localStorage).read().map((entry) => entry.productId)).toEqual([2]);
  // The list has something in it now: every heart shows the list (the other one off, no longer unknown).
  await waitFor(() => expect(screen.getByRole('button', { name: 'Add Product 3 to wish list' })).toHaveAttribute('data-state', 'off'));
});
