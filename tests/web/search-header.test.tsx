// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test } from 'vitest';
import { Router, useLocation, useSearch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { suggestionsFixture } from '../../machines/search/search-box.model.ts';
import { ApiProvider } from '../../src/web/shared/api/api-provider.tsx';
import { createApiClient } from '../../src/web/shared/api/client.ts';
import { Header } from '../../src/web/app/header.tsx';
import { loadCatalog, setupI18n } from '../../src/web/shared/i18n/setup.ts';
import { recentSearchesKey } from '../../src/web/features/search/recent-searches.ts';
import { SiteProvider } from '../../src/web/shared/site/site-provider.tsx';

// The combobox is a lazy chunk: its first import in a busy test run can take over a second.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const SEARCH = 'Search products, brands and categories';

function LocationProbe() {
  const [path] = useLocation();
  const search = useSearch();
  return <div data-testid="location">{search ? `${path}?${new URLSearchParams(search).toString()}` : path}</div>;
}

/** The header as the app mounts it, with the real API client over a fake server. */
async function mountHeader() {
  const i18n = setupI18n();
  await loadCatalog('en', i18n);
  const asked: URL[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    asked.push(url);
    if (url.pathname.endsWith('/popular-queries')) return Response.json({ data: [{ query: 'lipstick' }] });
    return Response.json({ data: suggestionsFixture(url.searchParams.get('q') ?? '') });
  };
  const site = { country: 'SG' as const, language: 'en' as const };
  const client = createApiClient({ baseURL: 'http://api.test/api/web/v1', site: () => site, fetch });
  const location = memoryLocation({ path: '/' });
  const user = userEvent.setup();
  render(
    <I18nProvider i18n={i18n}>
      <SiteProvider site={site} effects={{ writeCookies: () => undefined, reload: () => undefined, currentUrl: () => new URL('http://localhost/') }}>
        <ApiProvider client={client}>
          <Router hook={location.hook} searchHook={location.searchHook}>
            <Header layout={{ status: 'loading' }} />
            <LocationProbe />
          </Router>
        </ApiProvider>
      </SiteProvider>
    </I18nProvider>,
  );
  return { user, asked, location: () => screen.getByTestId('location').textContent };
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
  const products = await screen.findByRole('group', { name: 'Products' });
  expect(within(products).getByRole('option')).toHaveTextContent('Velvet Matte Foundation');
  const suggestionCalls = asked.filter((url) => url.pathname === '/api/web/v1/search/suggestions');
  expect(suggestionCalls.at(-1)?.searchParams.get('q')).toBe('fundation');
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
  expect(location()).toBe('/search?q=lip+gloss');
});
