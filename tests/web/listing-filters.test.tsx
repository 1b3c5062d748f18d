// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, test } from 'vitest';
import type { ProductListResponse } from '../../src/contract/catalog.ts';
import type { ProductListQueryInput } from '../../src/contract/catalog-query.ts';
import { httpError, preloadListing } from '../helpers/catalog-fake.ts';
import { renderApp } from '../helpers/render-app.tsx';

beforeAll(preloadListing, 60_000);

const grid = () => screen.getByRole('list', { name: 'Products' });
const names = () => within(grid()).getAllByRole('article').map((card) => within(card).getByRole('link').textContent ?? '');
const filters = () => screen.getByRole('complementary', { name: 'Filters' });
/** The filter panel is a lazy chunk: it may come after the products. */
const findFilters = () => screen.findByRole('complementary', { name: 'Filters' });
const group = (legend: string) => within(filters()).getByRole('group', { name: legend });

describe('filters', () => {
  test('each filter is a fieldset whose choices carry their counts in their accessible names', async () => {
    await renderApp({ url: '/categories/makeup' });
    expect(await screen.findByText('1 to 24 of 30')).toBeInTheDocument();
    expect(await within(await findFilters()).findByRole('checkbox', { name: 'Glow Lab (20)' })).not.toBeChecked();
    expect(within(group('Brands')).getByRole('checkbox', { name: 'Luma (10)' })).toBeInTheDocument();
    expect(within(group('Categories')).getByRole('checkbox', { name: 'Face (20)' })).toBeInTheDocument();
    expect(within(group('Categories')).getByRole('checkbox', { name: 'Lips (10)' })).toBeInTheDocument();
    expect(within(group('Others')).getByRole('checkbox', { name: 'New (6)' })).toBeInTheDocument();
    expect(within(group('Others')).getByRole('checkbox', { name: 'App exclusive (3)' })).toBeInTheDocument();
    // No product is exclusive: that choice cannot be taken.
    expect(within(group('Others')).getByRole('checkbox', { name: 'Exclusive (0)' })).toBeDisabled();
    expect(within(group('On sale')).getByRole('checkbox', { name: 'On sale (7)' })).toBeInTheDocument();
    // The range of what shoppers pay: Product 4 on sale at S$19, Product 30 at S$50.
    expect(within(group('Price')).getByRole('textbox', { name: 'Lowest (SGD)' })).toHaveAttribute('placeholder', '19');
    expect(within(group('Price')).getByRole('textbox', { name: 'Highest (SGD)' })).toHaveAttribute('placeholder', '50');
  });

  test('a filter pushes the URL, asks for the filtered products, and the other filters count within it', async () => {
    const { user, calls, history } = await renderApp({ url: '/categories/makeup' });
    await user.click(await within(await findFilters()).findByRole('checkbox', { name: 'Luma (10)' }));
    await waitFor(() => expect(history.current()).toBe('/categories/makeup?brands=luma'));
    expect(history.entries()).toEqual(['/categories/makeup', '/categories/makeup?brands=luma']);
    expect(await screen.findByText('1 to 10 of 10')).toBeInTheDocument();
    expect(calls.products.at(-1)).toMatchObject({ category: 'makeup', brands: 'luma', page: '1', per_page: '24' });
    expect(calls.filters.at(-1)).toEqual({ category: 'makeup', brands: 'luma' });
    // Brand counts leave the brand filter out (a second brand is never a dead end); the others apply it.
    expect(await within(group('On sale')).findByRole('checkbox', { name: 'On sale (2)' })).toBeInTheDocument();
    expect(within(group('Brands')).getByRole('checkbox', { name: 'Glow Lab (20)' })).not.toBeChecked();
    expect(within(group('Brands')).getByRole('checkbox', { name: 'Luma (10)' })).toBeChecked();
    expect(names().every((name) => name.includes('Luma'))).toBe(true);
  });

  test('Back restores the previous filters and their products', async () => {
    const { user, history } = await renderApp({ url: '/categories/makeup' });
    await user.click(await within(await findFilters()).findByRole('checkbox', { name: 'New (6)' }));
    expect(await screen.findByText('1 to 6 of 6')).toBeInTheDocument();
    await user.click(within(group('On sale')).getByRole('checkbox', { name: /^On sale/ }));
    await waitFor(() => expect(history.current()).toBe('/categories/makeup?others=new&on_sale=true'));
    expect(await screen.findByText('1 to 1 of 1')).toBeInTheDocument();

    await history.back();
    expect(await screen.findByText('1 to 6 of 6')).toBeInTheDocument();
    expect(within(group('Others')).getByRole('checkbox', { name: /^New/ })).toBeChecked();
    expect(within(group('On sale')).getByRole('checkbox', { name: /^On sale/ })).not.toBeChecked();
    await history.back();
    expect(await screen.findByText('1 to 24 of 30')).toBeInTheDocument();
    expect(within(group('Others')).getByRole('checkbox', { name: /^New/ })).not.toBeChecked();
  });

  test('a price range is applied with its button, shown in the currency, and removed on its own', async () => {
    const { user, history } = await renderApp({ url: '/categories/makeup?brands=glow-lab' });
    const price = await within(await findFilters()).findByRole('group', { name: 'Price' });
    await user.type(within(price).getByRole('textbox', { name: 'Lowest (SGD)' }), '30');
    await user.type(within(price).getByRole('textbox', { name: 'Highest (SGD)' }), '40');
    await user.click(within(price).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(history.current()).toBe('/categories/makeup?brands=glow-lab&price_min=30&price_max=40'));
    const active = await screen.findByRole('group', { name: 'Active filters' });
    const chip = await within(active).findByRole('button', { name: 'Remove filter: S$30.00 to S$40.00' });
    expect(within(active).getByRole('button', { name: 'Remove filter: Glow Lab' })).toBeInTheDocument();
    await user.click(chip);
    await waitFor(() => expect(history.current()).toBe('/categories/makeup?brands=glow-lab'));
  });

  test('a reversed price range is refused in the form, with the reason', async () => {
    const { user, history } = await renderApp({ url: '/categories/makeup' });
    const price = await within(await findFilters()).findByRole('group', { name: 'Price' });
    await user.type(within(price).getByRole('textbox', { name: 'Lowest (SGD)' }), '50');
    await user.type(within(price).getByRole('textbox', { name: 'Highest (SGD)' }), '10');
    await user.click(within(price).getByRole('button', { name: 'Apply' }));
    expect(await within(price).findByRole('alert')).toHaveTextContent('The lowest price must not be above the highest.');
    expect(history.current()).toBe('/categories/makeup');
  });

  test('Clear all filters keeps the sort and takes every filter off', async () => {
    const { user, history } = await renderApp({ url: '/categories/makeup?brands=luma&others=new&sort=newest' });
    const active = await screen.findByRole('group', { name: 'Active filters' });
    expect(within(active).getAllByRole('button', { name: /^Remove filter/ })).toHaveLength(2);
    await user.click(within(active).getByRole('button', { name: 'Clear all filters' }));
    await waitFor(() => expect(history.current()).toBe('/categories/makeup?sort=newest'));
    expect(await screen.findByText('1 to 24 of 30')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Active filters' })).not.toBeInTheDocument();
  });
});

describe('the phone filter sheet', () => {
  test('the Filters button opens them in a dialog whose button shows the listing\'s count for the filters chosen, in the plural or not', async () => {
    const { user, history } = await renderApp({ url: '/categories/makeup' });
    expect(await screen.findByText('1 to 24 of 30')).toBeInTheDocument();
    const opener = within(await findFilters()).getByRole('button', { name: 'Filters' });
    expect(opener).toHaveAttribute('aria-haspopup', 'dialog');
    expect(opener).toHaveAttribute('aria-expanded', 'false');
    await user.click(opener);
    const sheet = screen.getByRole('dialog', { name: 'Filters' });
    expect(opener).toHaveAttribute('aria-expanded', 'true');
    expect(within(sheet).getByRole('button', { name: 'Close filters' })).toHaveFocus();
    expect(within(sheet).getByRole('button', { name: 'Show 30 results' })).toBeInTheDocument();
    // One set of controls: in the sheet while it is open.
    expect(within(filters()).getAllByRole('group', { name: 'Brands' })).toHaveLength(1);
    expect(sheet).toContainElement(group('Brands'));

    await user.click(within(sheet).getByRole('checkbox', { name: 'New (6)' }));
    await waitFor(() => expect(history.current()).toBe('/categories/makeup?others=new'));
    expect(await within(sheet).findByRole('button', { name: 'Show 6 results' })).toBeInTheDocument();
    await user.click(within(sheet).getByRole('checkbox', { name: /^On sale/ }));
    expect(await within(sheet).findByRole('button', { name: 'Show 1 result' })).toBeInTheDocument();
    // A chip taken off goes with its button: the focus stays in the sheet, on its first control.
    await user.click(within(sheet).getByRole('button', { name: 'Remove filter: On sale' }));
    await waitFor(() => expect(history.current()).toBe('/categories/makeup?others=new'));
    expect(within(sheet).getByRole('button', { name: 'Close filters' })).toHaveFocus();
    await user.click(within(sheet).getByRole('checkbox', { name: /^On sale/ }));
    expect(await within(sheet).findByRole('button', { name: 'Show 1 result' })).toBeInTheDocument();

    await user.click(within(sheet).getByRole('button', { name: 'Show 1 result' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('1 to 1 of 1')).toBeInTheDocument();
    expect(within(filters()).getByRole('button', { name: 'Filters (2)' })).toHaveFocus();
  });

  test('Escape and Close shut the sheet and give the focus back to its button; Tab goes round inside it', async () => {
    const { user } = await renderApp({ url: '/categories/makeup' });
    const opener = within(await findFilters()).getByRole('button', { name: 'Filters' });
    await user.click(opener);
    const sheet = screen.getByRole('dialog', { name: 'Filters' });
    const close = within(sheet).getByRole('button', { name: 'Close filters' });
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(sheet).getByRole('button', { name: 'Show 30 results' })).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();

    await user.click(opener);
    await user.click(within(screen.getByRole('dialog', { name: 'Filters' })).getByRole('button', { name: 'Close filters' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  test('while the products for new filters load, the button promises no number', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { fakeCatalogApi } = await import('../helpers/catalog-fake.ts');
    const base = fakeCatalogApi();
    const { user } = await renderApp({
      url: '/categories/makeup',
      catalog: {
        products: async (query) => {
          if (query.brands) await gate;
          return base.products(query);
        },
      },
    });
    await user.click(within(await findFilters()).getByRole('button', { name: 'Filters' }));
    const sheet = screen.getByRole('dialog', { name: 'Filters' });
    await user.click(within(sheet).getByRole('checkbox', { name: 'Luma (10)' }));
    expect(await within(sheet).findByRole('button', { name: 'Show results' })).toBeInTheDocument();
    release();
    expect(await within(sheet).findByRole('button', { name: 'Show 10 results' })).toBeInTheDocument();
  });
});

describe('sort', () => {
  test('sort is a labelled select; a new order pushes the URL and reloads from page 1', async () => {
    const { user, calls, history } = await renderApp({ url: '/categories/makeup?page=2' });
    expect(await screen.findByText('1 to 30 of 30')).toBeInTheDocument();
    const sort = await screen.findByRole('combobox', { name: 'Sort by' });
    expect(within(sort).getAllByRole('option').map((option) => option.textContent)).toEqual(['Featured', 'Newest', 'Price: high to low', 'Price: low to high', 'Top rated']);
    await user.selectOptions(sort, 'Price: high to low');
    await waitFor(() => expect(history.current()).toBe('/categories/makeup?sort=price_desc'));
    expect(await screen.findByText('1 to 24 of 30')).toBeInTheDocument();
    expect(names().slice(0, 2)).toEqual([expect.stringContaining('Product 30'), expect.stringContaining('Product 29')]);
    expect(calls.products.at(-1)).toMatchObject({ sort: 'price_desc', page: '1', per_page: '24' });
  });
});

describe('Show More and the URL', () => {
  test('Show More writes the page into the current entry, so Back leaves the listing', async () => {
    const { user, history } = await renderApp({ url: '/' });
    await history.push('/categories/makeup?sort=newest');
    await user.click(await screen.findByRole('button', { name: 'Show More' }));
    expect(await screen.findByText('1 to 30 of 30')).toBeInTheDocument();
    await waitFor(() => expect(history.current()).toBe('/categories/makeup?sort=newest&page=2'));
    expect(history.entries()).toEqual(['/', '/categories/makeup?sort=newest&page=2']);
    await history.back();
    expect(await screen.findByRole('heading', { name: 'Featured products' })).toBeInTheDocument();
  });

  test('a link to page 2 shows products 1 to 30 with one request, and the view is the same after Show More and Back', async () => {
    const { calls, history, user } = await renderApp({ url: '/categories/makeup?others=new' });
    await history.push('/categories/makeup?page=2');
    expect(await screen.findByText('1 to 30 of 30')).toBeInTheDocument();
    expect(calls.products.at(-1)).toMatchObject({ page: '1', per_page: '48' });
    expect(screen.queryByRole('button', { name: 'Show More' })).not.toBeInTheDocument();
    await history.back();
    expect(await screen.findByText('1 to 6 of 6')).toBeInTheDocument();
    await user.click(within(group('Others')).getByRole('checkbox', { name: /^New/ }));
    expect(await screen.findByText('1 to 24 of 30')).toBeInTheDocument();
  });

  test('the results count is in a polite live region that stays in the page while products load', async () => {
    const { user } = await renderApp({ url: '/categories/makeup' });
    const range = await screen.findByText('1 to 24 of 30');
    const region = range.closest('[aria-live="polite"]');
    expect(region).not.toBeNull();
    await user.click(await within(await findFilters()).findByRole('checkbox', { name: 'Luma (10)' }));
    expect(await screen.findByText('1 to 10 of 10')).toBeInTheDocument();
    expect(screen.getByText('1 to 10 of 10').closest('[aria-live="polite"]')).toBe(region);
  });
});

describe('requests', () => {
  test('a newer filter cancels the older request: its late answer never shows', async () => {
    const pending = new Map<string, (page: ProductListResponse) => void>();
    const signals = new Map<string, AbortSignal>();
    const page = (ids: number[]): ProductListResponse => ({
      data: ids.map((id) => ({ id, slug: `p-${id}`, name: `Item ${id}`, brand: { id: 1, slug: 'luma', name: 'Luma' }, price: { currency: 'SGD', amount: id }, salePrice: null, rating: { average: 0, count: 0 }, badges: [], inStock: true, imageUrl: '/x.svg', variantCount: 0 })),
      meta: { page: 1, perPage: 24, total: ids.length, totalPages: 1 },
    });
    const products = (query: ProductListQueryInput, opts?: { signal?: AbortSignal }) =>
      new Promise<ProductListResponse>((resolve) => {
        const key = query.brands ?? 'all';
        pending.set(key, resolve);
        if (opts?.signal) signals.set(key, opts.signal);
      });
    const { user } = await renderApp({ url: '/categories/makeup', catalog: { products } });
    await waitFor(() => expect(pending.has('all')).toBe(true));
    pending.get('all')?.(page([1, 2, 3]));
    expect(await screen.findByText('1 to 3 of 3')).toBeInTheDocument();

    await user.click(await within(await findFilters()).findByRole('checkbox', { name: 'Luma (10)' }));
    await waitFor(() => expect(pending.has('luma')).toBe(true));
    await user.click(within(group('Brands')).getByRole('checkbox', { name: /^Glow Lab/ }));
    await waitFor(() => expect(pending.has('luma,glow-lab')).toBe(true));
    expect(signals.get('luma')?.aborted).toBe(true);
    pending.get('luma,glow-lab')?.(page([7, 8]));
    expect(await screen.findByText('1 to 2 of 2')).toBeInTheDocument();
    pending.get('luma')?.(page([4]));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('1 to 2 of 2')).toBeInTheDocument();
    expect(names()).toEqual([expect.stringContaining('Item 7'), expect.stringContaining('Item 8')]);
  });

  test('a failed filter change shows the error with Retry, and Retry loads the filtered products', async () => {
    let failNext = false;
    const { fakeCatalogApi } = await import('../helpers/catalog-fake.ts');
    const base = fakeCatalogApi();
    const { user } = await renderApp({
      url: '/categories/makeup',
      catalog: {
        products: async (query) => {
          if (failNext) {
            failNext = false;
            throw httpError(503);
          }
          return base.products(query);
        },
      },
    });
    failNext = true;
    await user.click(await within(await findFilters()).findByRole('checkbox', { name: 'Luma (10)' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The products could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('1 to 10 of 10')).toBeInTheDocument();
  });

  test('the filters failing to load leave the products, and their Retry brings the counts', async () => {
    let fail = true;
    const { fakeCatalogApi } = await import('../helpers/catalog-fake.ts');
    const base = fakeCatalogApi();
    const { user } = await renderApp({
      url: '/categories/makeup',
      catalog: {
        filters: async (query) => {
          if (fail) throw httpError(500);
          return base.filters(query);
        },
      },
    });
    const alert = await within(await findFilters()).findByRole('alert');
    expect(alert).toHaveTextContent('The filters could not be loaded.');
    expect(screen.getByText('1 to 24 of 30')).toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(await findFilters()).findByRole('checkbox', { name: 'Luma (10)' })).toBeInTheDocument();
  });
});

describe('empty list', () => {
  test('filters that leave nothing say so and offer to clear them', async () => {
    const { user, history } = await renderApp({ url: '/categories/makeup?brands=luma&others=app_exclusive&on_sale=true' });
    expect(await screen.findByText('Sorry, no products found!')).toBeInTheDocument();
    const empty = screen.getByText('Sorry, no products found!').closest('[data-state="empty"]') as HTMLElement;
    await user.click(within(empty).getByRole('button', { name: 'Clear all filters' }));
    await waitFor(() => expect(history.current()).toBe('/categories/makeup'));
    expect(await screen.findByText('1 to 24 of 30')).toBeInTheDocument();
  });
});
