// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, test } from 'vitest';
import { preloadListing } from '../helpers/catalog-fake.ts';
import { renderApp } from '../helpers/render-app.tsx';

beforeAll(preloadListing, 60_000);

const findFilters = () => screen.findByRole('complementary', { name: 'Filters' });

describe('brand listing /brands/:slug', () => {
  test("shows the brand's products under its name, without a brand filter", async () => {
    const { calls } = await renderApp({ url: '/brands/luma' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Luma' })).toBeInTheDocument();
    expect(await screen.findByText('1 to 10 of 10')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Luma | Beauty Pass Singapore'));
    const panel = await findFilters();
    expect(await within(panel).findByRole('group', { name: 'Categories' })).toBeInTheDocument();
    expect(within(panel).queryByRole('group', { name: 'Brands' })).not.toBeInTheDocument();
    expect(calls.products[0]).toMatchObject({ brand: 'luma' });
    expect(calls.filters[0]).toEqual({ brand: 'luma' });
  });

  test('filters and sort work on it as on a category', async () => {
    const { user, history } = await renderApp({ url: '/brands/luma' });
    const panel = await findFilters();
    // Without a category in scope, the category filter offers the top categories.
    expect(await within(panel).findByRole('checkbox', { name: 'Makeup (10)' })).toBeInTheDocument();
    await user.click(within(panel).getByRole('checkbox', { name: 'New (2)' }));
    await waitFor(() => expect(history.current()).toBe('/brands/luma?others=new'));
    expect(await screen.findByText('1 to 2 of 2')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Newest');
    await waitFor(() => expect(history.current()).toBe('/brands/luma?others=new&sort=newest'));
  });

  test('an unknown brand is a 404', async () => {
    await renderApp({ url: '/brands/nobody' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found: /brands/nobody' })).toBeInTheDocument();
  });
});

describe('on-sale listing /sale', () => {
  test('shows only products on sale, without an on-sale filter', async () => {
    const { calls } = await renderApp({ url: '/sale' });
    expect(await screen.findByRole('heading', { level: 1, name: 'On sale' })).toBeInTheDocument();
    expect(await screen.findByText('1 to 7 of 7')).toBeInTheDocument();
    const panel = await findFilters();
    expect(await within(panel).findByRole('checkbox', { name: 'Luma (2)' })).toBeInTheDocument();
    expect(within(panel).queryByRole('group', { name: 'On sale' })).not.toBeInTheDocument();
    expect(calls.products[0]).toMatchObject({ on_sale: 'true' });
    // Sale prices in the country's currency: the sale price, then the struck-through regular one.
    const first = within(screen.getByRole('list', { name: 'Products' })).getAllByRole('article')[0] as HTMLElement;
    expect(first).toHaveTextContent('S$19.00');
    expect(first).toHaveTextContent('S$24.00');
  });
});

describe('search results /search?q=', () => {
  test('finds products for the text and passes it to the filters', async () => {
    const { calls } = await renderApp({ url: '/search?q=Lips' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Search results for “Lips”' })).toBeInTheDocument();
    expect(await screen.findByText('1 to 10 of 10')).toBeInTheDocument();
    expect(calls.search[0]).toMatchObject({ q: 'Lips', page: '1', per_page: '24' });
    await within(await findFilters()).findByRole('checkbox', { name: /^Luma/ });
    expect(calls.filters[0]).toEqual({ q: 'Lips' });
    expect(screen.queryByText(/Showing results for/)).not.toBeInTheDocument();
  });

  test('a typing mistake shows the results for the corrected text, and says so', async () => {
    await renderApp({ url: '/search?q=fundation' });
    expect(await screen.findByText('1 to 20 of 20')).toBeInTheDocument();
    const notice = await screen.findByText(/Showing results for/);
    expect(notice).toHaveTextContent('Showing results for foundation');
  });

  test('filters and sort keep the search text in the URL', async () => {
    const { user, history, calls } = await renderApp({ url: '/search?q=lips' });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Sort by' }), 'Newest');
    await waitFor(() => expect(history.current()).toBe('/search?q=lips&sort=newest'));
    await waitFor(() => expect(calls.search.at(-1)).toMatchObject({ q: 'lips', sort: 'newest' }));
  });

  test('no result: the message with its tips', async () => {
    await renderApp({ url: '/search?q=zzzzzz' });
    expect(await screen.findByText('Sorry, we found no products for “zzzzzz”.')).toBeInTheDocument();
    expect(screen.getByText('Check the spelling.')).toBeInTheDocument();
    expect(screen.getByText('Use more general terms, such as “lipstick” rather than a shade name.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear all filters' })).not.toBeInTheDocument();
  });

  test('no result because of the filters offers to clear them', async () => {
    const { user, history } = await renderApp({ url: '/search?q=lips&others=exclusive' });
    // The offer in the no-results panel (the active filters above the list have a Clear all of their own).
    const noResults = (await screen.findByText('Your filters may be hiding them.')).closest<HTMLElement>('[data-state="empty"]');
    if (!noResults) throw new Error('the note is not in the no-results panel');
    await user.click(within(noResults).getByRole('button', { name: 'Clear all filters' }));
    await waitFor(() => expect(history.current()).toBe('/search?q=lips'));
    expect(await screen.findByText('1 to 10 of 10')).toBeInTheDocument();
  });

  test('a very long text is cut to what the API takes; Thai and emoji text is sent as typed', async () => {
    const { calls, unmount } = await renderApp({ url: `/search?q=${'a'.repeat(10_000)}` });
    await waitFor(() => expect(calls.search).toHaveLength(1));
    expect(calls.search[0]?.q).toHaveLength(200);
    unmount();
    const thai = await renderApp({ url: `/search?q=${encodeURIComponent('ลิปสติก 💄')}` });
    await waitFor(() => expect(thai.calls.search[0]?.q).toBe('ลิปสติก 💄'));
  });

  test('without a text it asks for one and makes no request', async () => {
    const { calls } = await renderApp({ url: '/search?q=%20%20' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Search' })).toBeInTheDocument();
    expect(calls.search).toEqual([]);
  });
});
