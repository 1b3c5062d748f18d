// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, test } from 'vitest';
import { App } from '../../src/web/app/app.tsx';
import { apiFake } from '../../src/web/shared/api/api-provider.tsx';
import { loadCatalog, setupI18n } from '../../src/web/shared/i18n/setup.ts';
import { resolveSite } from '../../src/web/shared/site/resolve.ts';
import { ProductGrid } from '../../src/web/shared/ui/product-grid.tsx';
import { deviceWishlist } from '../../src/web/shared/wishlist/device-list.ts';
import { createWishlistStoreWith } from '../../src/web/shared/wishlist/wishlist-engine.ts';
import { createWishlistStore } from '../../src/web/shared/wishlist-store.ts';
import { appApis } from '../helpers/app-apis.ts';
import { productFixture } from '../helpers/catalog-fake.ts';

/*
 * The server cannot know a guest's list: it renders every heart neutral, the browser hydrates the
 * same markup, then shows the device's list. A mismatch would be a console error (React reports a
 * recoverable hydration error there), which fails the test (console guard).
 */

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  localStorage.clear();
});

test('a guest’s heart is neutral in the server’s HTML and filled after hydration, without a mismatch', async () => {
  deviceWishlist(localStorage).write([{ productId: 2, slug: 'product-2', variantId: null, addedAt: '2026-11-01T10:00:00.000Z' }]);
  const i18n = setupI18n();
  await loadCatalog('en', i18n, []);
  const store = createWishlistStoreWith({ api: { ids: async () => [], patch: async () => undefined }, device: deviceWishlist(localStorage) });
  const page = () => (
    <App
      resolution={resolveSite({ search: '', cookie: '' })}
      i18n={i18n}
      client={null}
      apis={appApis({ more: new Map([apiFake(createWishlistStore, store)]) })}
      render={{ screenState: { snapshots: {} }, signedIn: false }}
    >
      <ProductGrid products={[productFixture(2)]} />
    </App>
  );
  const html = renderToString(page());
  expect(html).toMatch(/<button type="button" class="wishlist-heart wishlist-heart--card" data-state="unknown" aria-pressed="false" aria-label="Add Product 2 to wish list" data-product-action="heart" data-product-id="2">/);

  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  await act(async () => {
    root = hydrateRoot(container, page());
  });
  await waitFor(() => expect(screen.getByRole('button', { name: 'Remove Product 2 from wish list' })).toHaveAttribute('aria-pressed', 'true'));
  expect(screen.getByRole('button', { name: 'Remove Product 2 from wish list' })).toHaveAttribute('data-state', 'on');
});
