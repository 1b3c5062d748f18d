// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, test } from 'vitest';
import { preloadListing, productFixture } from '../helpers/catalog-fake.ts';
import { renderApp } from '../helpers/render-app.tsx';
import { ProductGrid } from '../../src/web/shared/ui/product-grid.tsx';

beforeAll(preloadListing, 60_000);

/** `high`: fetched first; `eager`: at once, normal priority; `lazy`: when scrolled near. Every image is sized. */
function loadingOf(image: HTMLImageElement): 'high' | 'eager' | 'lazy' | string {
  expect(image).toHaveAttribute('width');
  expect(image).toHaveAttribute('height');
  const loading = image.getAttribute('loading');
  const priority = image.getAttribute('fetchpriority');
  if (loading === 'lazy' && priority === null && image.getAttribute('decoding') === 'async') return 'lazy';
  if (loading === 'eager' && priority === 'high') return 'high';
  if (loading === 'eager' && priority === null) return 'eager';
  return `unexpected: loading=${loading} fetchpriority=${priority}`;
}

const imagesIn = (element: HTMLElement) => Array.from(element.querySelectorAll('img'));

describe('product images above the fold', () => {
  test('a grid loads its first screen at once (the first row with high priority) and the rest lazily', async () => {
    const products = Array.from({ length: 7 }, (_, index) => productFixture(index + 1));
    await renderApp({ ui: <ProductGrid products={products} label="Products" aboveFold={4} /> });
    const grid = screen.getByRole('list', { name: 'Products' });
    expect(imagesIn(grid).map(loadingOf)).toEqual(['high', 'high', 'eager', 'eager', 'lazy', 'lazy', 'lazy']);
  });

  test('a grid further down a page loads every image lazily', async () => {
    const products = Array.from({ length: 3 }, (_, index) => productFixture(index + 1));
    await renderApp({ ui: <ProductGrid products={products} label="More products" /> });
    expect(imagesIn(screen.getByRole('list', { name: 'More products' })).map(loadingOf)).toEqual(['lazy', 'lazy', 'lazy']);
  });

  test('the category listing marks its first four cards as the first screen', async () => {
    await renderApp({ url: '/categories/makeup' });
    const grid = await screen.findByRole('list', { name: 'Products' });
    const kinds = imagesIn(grid).map(loadingOf);
    expect(kinds.slice(0, 5)).toEqual(['high', 'high', 'eager', 'eager', 'lazy']);
    expect(kinds.slice(4).every((kind) => kind === 'lazy')).toBe(true);
  });

  test('the home page’s featured products start in the first screen', async () => {
    await renderApp({ url: '/' });
    const grid = await screen.findByRole('list', { name: 'Featured products' });
    expect(imagesIn(grid).map(loadingOf)).toEqual(['high', 'high', 'eager', 'eager']);
  });

  test('the product page’s main image is fetched first and sized', async () => {
    await renderApp({ url: '/products/silk-foundation' });
    const article = (await screen.findByRole('heading', { level: 1, name: 'Silk Foundation' })).closest('article');
    if (!article) throw new Error('no product article');
    const [main] = within(article).getAllByRole('img');
    if (!(main instanceof HTMLImageElement)) throw new Error('no main image');
    expect(main).toHaveAttribute('width', '600');
    expect(main).toHaveAttribute('height', '600');
    expect(loadingOf(main)).toBe('high');
  });
});
