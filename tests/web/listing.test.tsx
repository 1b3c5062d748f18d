// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { ProductListQueryInput } from '../../src/contract/catalog-query.ts';
import type { ListingApi } from '../../src/web/features/catalog/listing.tsx';
import type { CatalogApi } from '../../src/web/shared/api/catalog-api.ts';
import { fakeCatalogApi, httpError } from '../helpers/catalog-fake.ts';
import { renderApp } from '../helpers/render-app.tsx';

/** The fake catalogue, with page numbers listed in `failOnce` failing on their first request. */
function withFailures(failOnce: number[]): { api: Partial<CatalogApi & ListingApi>; pages: number[] } {
  const base = fakeCatalogApi();
  const pending = [...failOnce];
  const pages: number[] = [];
  return {
    pages,
    api: {
      async products(query: ProductListQueryInput) {
        const page = Number(query.page);
        pages.push(page);
        if (pending.includes(page)) {
          pending.splice(pending.indexOf(page), 1);
          throw httpError(503);
        }
        return base.products(query);
      },
    },
  };
}

describe('category listing', () => {
  test('title and breadcrumb come from the category tree', async () => {
    await renderApp({ url: '/categories/makeup/face/foundation' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Foundation' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Face' })).toHaveAttribute('href', '/categories/makeup/face');
    await waitFor(() => expect(document.title).toBe('Foundation | Beauty Pass Singapore'));
  });

  test('shows the range and Show More appends the next page, moving focus to the first new product', async () => {
    const { user } = await renderApp({ url: '/categories/makeup' });
    expect(await screen.findByText('1 to 24 of 30')).toBeInTheDocument();
    const grid = screen.getByRole('list', { name: 'Products' });
    expect(within(grid).getAllByRole('article')).toHaveLength(24);

    await user.click(screen.getByRole('button', { name: 'Show More' }));
    expect(await screen.findByText('1 to 30 of 30')).toBeInTheDocument();
    expect(within(grid).getAllByRole('article')).toHaveLength(30);
    expect(within(grid).getByText('Product 1')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: /Product 25/ })).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Show More' })).not.toBeInTheDocument();
  });

  test('each card says its rating in words to screen readers, and hides the stars and count beside them', async () => {
    await renderApp({ url: '/categories/makeup' });
    const grid = await screen.findByRole('list', { name: 'Products' });
    const ratings = within(grid).getAllByText(/^Rated \d(\.\d)? out of 5 by \d+ reviewers$/);
    expect(ratings).toHaveLength(24);
    for (const rating of ratings) {
      const paragraph = rating.closest('p');
      expect(paragraph).not.toHaveAttribute('aria-label');
      const heard = [...(paragraph?.children ?? [])].filter((part) => part.getAttribute('aria-hidden') !== 'true');
      expect(heard).toEqual([rating]);
    }
  });

  test('an empty category says so', async () => {
    await renderApp({ url: '/categories/skincare' });
    expect(await screen.findByText('Sorry, no products found!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show More' })).not.toBeInTheDocument();
  });

  test('a category missing from the tree is a 404', async () => {
    await renderApp({ url: '/categories/makeup/eyes' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found: /categories/makeup/eyes' })).toBeInTheDocument();
  });

  test('a failed first page shows an error, and Retry loads it', async () => {
    const { api, pages } = withFailures([1]);
    const { user } = await renderApp({ url: '/categories/makeup', catalog: api });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The products could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('1 to 24 of 30')).toBeInTheDocument();
    expect(pages).toEqual([1, 1]);
  });

  test('a failed Show More keeps the products shown and offers a retry', async () => {
    const { api, pages } = withFailures([2]);
    const { user } = await renderApp({ url: '/categories/makeup', catalog: api });
    await user.click(await screen.findByRole('button', { name: 'Show More' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('More products could not be loaded.');
    expect(screen.getAllByRole('article')).toHaveLength(24);
    expect(screen.getByText('1 to 24 of 30')).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('1 to 30 of 30')).toBeInTheDocument();
    expect(pages).toEqual([1, 2, 2]);
  });

  test('skeletons show while the first page loads', async () => {
    await renderApp({ url: '/categories/makeup', catalog: { products: () => new Promise(() => {}) } });
    expect(await screen.findByRole('status', { name: 'Loading products' })).toBeInTheDocument();
  });
});
