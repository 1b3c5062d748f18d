// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { suggestionsFixture } from '../../machines/search/search-box.model.ts';
import { Header } from '../../src/web/app/header.tsx';
import { recentSearchesKey } from '../../src/web/features/search/recent-searches.ts';
import { normalizeHref } from '../helpers/history-location.ts';
import { renderApp } from '../helpers/render-app.tsx';

// Recent searches live on the device (localStorage): each test starts on a fresh one.
afterEach(() => localStorage.clear());

const SEARCH = 'Search products, brands and categories';

/** The header as the app mounts it (its layout still loading), with the real API client over a fake server. */
async function mountHeader() {
  const asked: URL[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    asked.push(url);
    if (url.pathname.endsWith('/popular-queries')) return Response.json({ data: [{ query: 'lipstick' }] });
    return Response.json({ data: suggestionsFixture(url.searchParams.get('q') ?? '') });
  };
  const app = await renderApp({ ui: <Header layout={{ status: 'loading' }} />, fetch });
  // Where the shopper went (in-app or by a full page load), the query normalised as the address bar's.
  return { user: app.user, asked, location: () => normalizeHref(app.location()) };
}

test('the first screen has a plain search form; focusing it brings the combobox, which keeps the text and the focus', async () => {
  const { user, asked } = await mountHeader();
  const plain = screen.getByRole('textbox', { name: SEARCH });
  expect(plain.closest('form')).toHaveAttribute('data-state', 'placeholder');
  expect(screen.queryByRole('combobox', { name: SEARCH })).not.toBeInTheDocument();

  await user.click(plain);
  await user.keyboard('fund');
  const combobox = await screen.findByRole('combobox', { name: SEARCH });
  // No keystroke is lost in the swap, and typing goes on in the combobox.
  await waitFor(() => expect(combobox).toHaveValue('fund'));
  expect(combobox).toHaveFocus();
  await user.keyboard('ation');
  expect(combobox).toHaveValue('fundation');
  // The answer for `fund` may show first on a slow machine: wait for the one the whole text asked for.
  const lastAsked = () => asked.filter((url) => url.pathname === '/api/web/v1/search/suggestions').at(-1)?.searchParams.get('q');
  await waitFor(() => expect(lastAsked()).toBe('fundation'));
  const products = await screen.findByRole('group', { name: 'Products' });
  expect(within(products).getByRole('option')).toHaveTextContent('Velvet Matte Foundation');
});

test('Enter in the combobox searches, and the search is remembered on the device for the country', async () => {
  const { user, location } = await mountHeader();
  await user.click(screen.getByRole('textbox', { name: SEARCH }));
  const combobox = await screen.findByRole('combobox', { name: SEARCH });
  await user.type(combobox, 'velvet{Enter}');
  expect(location()).toBe('/search?q=velvet');
  expect(JSON.parse(localStorage.getItem(recentSearchesKey('SG')) ?? '[]')).toEqual(['velvet']);

  await user.clear(combobox);
  expect(await screen.findByRole('group', { name: 'Recent searches' })).toHaveTextContent('velvet');
  expect(await screen.findByRole('group', { name: 'Popular searches' })).toHaveTextContent('lipstick');
});

test('the plain form searches too, before the combobox has loaded', async () => {
  const { location } = await mountHeader();
  const plain = screen.getByRole('textbox', { name: SEARCH });
  fireEvent.change(plain, { target: { value: ' lip gloss ' } });
  fireEvent.submit(plain.closest('form') as HTMLFormElement);
  // The app's router asks the runtime's navigation guard first, which answers a few promise
  // reactions later; a synchronous submit does not wait for them as a user event does.
  await waitFor(() => expect(location()).toBe('/search?q=lip+gloss'));
});
