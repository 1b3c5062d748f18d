import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { onTestFinished } from 'vitest';
import type { ProductSummary } from '../../src/contract/catalog.ts';
import { App } from '../../src/web/app/app.tsx';
import { apiFake } from '../../src/web/shared/api/api-provider.tsx';
import { loadCatalog, setupI18n } from '../../src/web/shared/i18n/setup.ts';
import { resolveSite } from '../../src/web/shared/site/resolve.ts';
import { ProductGrid } from '../../src/web/shared/ui/product-grid.tsx';
import { createWishlistStore, type WishlistHandle } from '../../src/web/shared/wishlist-store.ts';
import { appApis } from './app-apis.ts';

/**
 * A guest's page of cards with `store` as the wish list, rendered to HTML as the server does, then
 * hydrated from that HTML as the browser does (the hearts' tests: what the server cannot know, what
 * the browser does after). Returns the server's HTML; the page is unmounted, and the document and
 * the device's storage emptied, when the test finishes.
 */
export async function hydratedGuestGrid(store: WishlistHandle, products: readonly ProductSummary[]): Promise<{ html: string }> {
  const i18n = setupI18n();
  await loadCatalog('en', i18n, []);
  const page = (): ReactElement => (
    <App
      resolution={resolveSite({ search: '', cookie: '' })}
      i18n={i18n}
      client={null}
      apis={appApis({ more: new Map([apiFake(createWishlistStore, store)]) })}
      render={{ screenState: { snapshots: {} }, signedIn: false }}
    >
      <ProductGrid products={products} />
    </App>
  );
  const html = renderToString(page());
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const roots: Root[] = [];
  await act(async () => {
    roots.push(hydrateRoot(container, page()));
  });
  const [hydrated] = roots;
  if (!hydrated) throw new Error('not hydrated');
  onTestFinished(() => {
    act(() => hydrated.unmount());
    document.body.innerHTML = '';
    localStorage.clear();
  });
  return { html };
}
