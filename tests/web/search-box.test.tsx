// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { suggestionsFixture } from '../../machines/search/search-box.model.ts';
import type { CountryCode } from '../../src/config/countries.ts';
import type { Suggestions } from '../../src/contract/search.ts';
import type { SearchApi } from '../../src/web/features/search/search-api.ts';
import type { RecentSearchStore } from '../../src/web/features/search/recent-searches.ts';
import SearchBox from '../../src/web/features/search/search-box.tsx';
import { normalizeHref } from '../helpers/history-location.ts';
import { renderApp } from '../helpers/render-app.tsx';

/** Recent searches in memory, per country, as the box would keep them on the device. */
function memoryStore(initial: Partial<Record<CountryCode, string[]>> = {}): RecentSearchStore & { data: Partial<Record<CountryCode, string[]>> } {
  const data = { ...initial };
  return { data, read: (country) => [...(data[country] ?? [])], write: (country, recent) => void (data[country] = [...recent]) };
}

interface FakeApi extends SearchApi {
  asked: string[];
}

function fakeApi({ suggestions = (text: string) => Promise.resolve(suggestionsFixture(text)), popular = ['lipstick', 'mascara', 'serum'] } = {} as {
  suggestions?: (text: string) => Promise<Suggestions>;
  popular?: string[];
}): FakeApi {
  const asked: string[] = [];
  return {
    asked,
    suggestions: (text) => {
      asked.push(text);
      return suggestions(text);
    },
    popularQueries: () => Promise.resolve(popular),
  };
}

/** The box alone on the home page, as the header mounts it, with the search API faked. */
async function mount({ api = fakeApi(), store = memoryStore(), country = 'SG' as CountryCode, text = '' } = {}) {
  const app = await renderApp({ ui: <SearchBox store={store} suggestDelay={0} initialText={text} />, search: api, country, language: 'en' });
  const combobox = screen.getByRole('combobox', { name: 'Search products, brands and categories' });
  /** Where the shopper went (in-app or by a full page load), the query normalised: the box encodes a space as %20. */
  const location = () => normalizeHref(app.location());
  return { ...app, api, store, combobox, location };
}

const listbox = () => screen.getByRole('listbox', { name: 'Search suggestions' });
const optionNames = () => within(listbox()).getAllByRole('option').map((option) => option.textContent);

describe('combobox attributes', () => {
  test('a closed box says so, and points at its listbox when open', async () => {
    const { user, combobox } = await mount({ store: memoryStore({ SG: ['serum'] }) });
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    expect(combobox).toHaveAttribute('aria-autocomplete', 'list');
    expect(combobox).not.toHaveAttribute('aria-activedescendant');
    await user.click(combobox);
    await waitFor(() => expect(combobox).toHaveAttribute('aria-expanded', 'true'));
    expect(combobox).toHaveAttribute('aria-controls', listbox().id);
    expect(combobox.closest('form')).toHaveAttribute('data-state', 'open.start');
  });
});

describe('empty box', () => {
  test('focus lists recent then popular searches under their headings', async () => {
    const { user, combobox } = await mount({ store: memoryStore({ SG: ['serum', 'toner'] }) });
    await user.click(combobox);
    const recent = await screen.findByRole('group', { name: 'Recent searches' });
    expect(within(recent).getAllByRole('option').map((option) => option.textContent)).toEqual(['serum', 'toner']);
    const popular = screen.getByRole('group', { name: 'Popular searches' });
    // "serum" is already a recent search: not repeated.
    await waitFor(() => expect(within(popular).getAllByRole('option').map((option) => option.textContent)).toEqual(['lipstick', 'mascara']));
    expect(screen.getByRole('status')).toHaveTextContent('4 suggestions available.');
  });

  test('recent searches belong to the country', async () => {
    const { user, combobox } = await mount({ country: 'TH', store: memoryStore({ SG: ['serum'], TH: ['ลิปสติก'] }) });
    await user.click(combobox);
    const recent = await screen.findByRole('group', { name: 'Recent searches' });
    expect(within(recent).getAllByRole('option').map((option) => option.textContent)).toEqual(['ลิปสติก']);
  });

  test('a recent search is removed with its button, from the keyboard, and focus moves to the next one', async () => {
    const store = memoryStore({ SG: ['serum', 'toner', 'mascara'] });
    const { user, combobox } = await mount({ store, api: fakeApi({ popular: [] }) });
    await user.click(combobox);
    await screen.findByRole('group', { name: 'Recent searches' });
    await user.tab();
    expect(screen.getByRole('button', { name: 'Clear all recent searches' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Remove “serum” from recent searches' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(optionNames()).toEqual(['toner', 'mascara']);
    expect(store.data.SG).toEqual(['toner', 'mascara']);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove “toner” from recent searches' })).toHaveFocus());
    // The popup stays open while focus is inside it; Escape returns to the text.
    expect(combobox).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(combobox).toHaveFocus();
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
  });

  test('Clear all removes every recent search, and a click removes one', async () => {
    const store = memoryStore({ SG: ['serum', 'toner', 'mascara'] });
    const { user, combobox } = await mount({ store });
    await user.click(combobox);
    await user.click(await screen.findByRole('button', { name: 'Remove “toner” from recent searches' }));
    expect(store.data.SG).toEqual(['serum', 'mascara']);
    // A click keeps the focus in the text field and the popup open.
    expect(combobox).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Clear all recent searches' }));
    expect(store.data.SG).toEqual([]);
    expect(screen.queryByRole('group', { name: 'Recent searches' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(optionNames()).toEqual(['lipstick', 'mascara', 'serum']);
  });
});

describe('keyboard', () => {
  test('arrows move the active option and wrap; Home and End stay in the text; Escape closes, then clears', async () => {
    const { user, combobox } = await mount({ store: memoryStore({ SG: ['serum'] }), api: fakeApi({ popular: ['lipstick'] }) });
    await user.click(combobox);
    await waitFor(() => expect(optionNames()).toEqual(['serum', 'lipstick']));
    const [first, second] = within(listbox()).getAllByRole('option');
    await user.keyboard('{ArrowDown}');
    expect(combobox).toHaveAttribute('aria-activedescendant', first?.id);
    expect(first).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(combobox).toHaveAttribute('aria-activedescendant', second?.id);
    expect(first).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{ArrowDown}');
    expect(combobox).toHaveAttribute('aria-activedescendant', first?.id);
    await user.keyboard('{ArrowUp}');
    expect(combobox).toHaveAttribute('aria-activedescendant', second?.id);

    await user.keyboard('lip');
    await user.keyboard('{Home}');
    expect((combobox as HTMLInputElement).selectionStart).toBe(0);
    await user.keyboard('{End}');
    expect((combobox as HTMLInputElement).selectionStart).toBe(3);
    await user.keyboard('{Escape}');
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    expect(combobox).toHaveValue('lip');
    await user.keyboard('{Escape}');
    expect(combobox).toHaveValue('');
  });

  test('Enter searches the text, records it, and the next visit lists it first', async () => {
    const store = memoryStore({ SG: ['serum'] });
    const { user, combobox, location } = await mount({ store });
    await user.click(combobox);
    await user.keyboard('lip & gloss');
    await user.keyboard('{Enter}');
    expect(location()).toBe('/search?q=lip+%26+gloss');
    expect(store.data.SG).toEqual(['lip & gloss', 'serum']);
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
  });

  test('Enter on a highlighted suggestion goes where it points', async () => {
    const { user, combobox, location, store } = await mount();
    await user.click(combobox);
    await user.keyboard('fundation');
    await screen.findByRole('group', { name: 'Products' });
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(location()).toBe('/search?q=foundation+brush');
    expect(store.data.SG).toEqual(['foundation brush']);
    expect(combobox).toHaveValue('foundation brush');
  });

  test('Enter while an input method is composing does nothing', async () => {
    const { combobox, location } = await mount({ text: 'ファンデ' });
    // Raw DOM calls (user-event cannot type with an input method), so inside act like user-event's.
    act(() => {
      combobox.focus();
      combobox.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, isComposing: true }));
    });
    expect(location()).toBe('/');
  });
});

describe('suggestions', () => {
  test('typing shows the correction, terms, products, brands and categories, and announces the count', async () => {
    const { user, combobox, api } = await mount();
    await user.click(combobox);
    await user.keyboard('fundation');
    expect(await screen.findByRole('group', { name: 'Did you mean' })).toHaveTextContent('foundation');
    expect(screen.getByRole('group', { name: 'Searches' })).toHaveTextContent('foundation brush');
    expect(within(screen.getByRole('group', { name: 'Products' })).getByRole('option')).toHaveTextContent('Velvet Matte Foundation Glow Lab');
    expect(screen.getByRole('group', { name: 'Brands' })).toHaveTextContent('Glow Lab');
    expect(screen.getByRole('group', { name: 'Categories' })).toHaveTextContent('Foundation');
    expect(screen.getByRole('status')).toHaveTextContent('5 suggestions available.');
    expect(combobox.closest('form')).toHaveAttribute('data-state', 'open.ready');
    // Every keystroke came within the pause: one request, for the whole word.
    expect(api.asked.at(-1)).toBe('fundation');
  });

  test.each([
    ['Products', '/products/velvet-matte-foundation'],
    ['Brands', '/brands/glow-lab'],
    ['Categories', '/categories/makeup/face/foundation'],
    ['Did you mean', '/search?q=foundation'],
  ])('choosing from %s goes to %s', async (group, href) => {
    const { user, combobox, location } = await mount();
    await user.click(combobox);
    await user.keyboard('fundation');
    await user.click(within(await screen.findByRole('group', { name: group })).getByRole('option'));
    expect(location()).toBe(href);
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
  });

  test('a late answer for an older text never replaces the newer one', async () => {
    const pending: Record<string, (value: Suggestions) => void> = {};
    const api = fakeApi({ suggestions: (text) => new Promise((resolve) => (pending[text] = resolve)) });
    const { user, combobox } = await mount({ api });
    await user.click(combobox);
    await user.keyboard('fou');
    await waitFor(() => expect(pending.fou).toBeDefined());
    await user.keyboard('n');
    await waitFor(() => expect(pending.foun).toBeDefined());
    pending.foun?.({ ...suggestionsFixture('foun'), terms: [{ text: 'foundation' }] });
    pending.fou?.({ ...suggestionsFixture('fou'), terms: [{ text: 'fountain pen' }] });
    expect(await screen.findByRole('option', { name: 'foundation' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'fountain pen' })).not.toBeInTheDocument();
  });

  test('a failed request says so quietly, and Enter still searches', async () => {
    const api = fakeApi({ suggestions: () => Promise.reject(new Error('HTTP 503')) });
    const { user, combobox, location } = await mount({ api });
    await user.click(combobox);
    await user.keyboard('fundation');
    expect(await screen.findByText('Suggestions are not available right now. Press Enter to search.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Enter}');
    expect(location()).toBe('/search?q=fundation');
  });

  test('no suggestion for the text says Enter still searches', async () => {
    const api = fakeApi({ suggestions: (text) => Promise.resolve({ query: text, corrected: null, terms: [], products: [], brands: [], categories: [] }) });
    const { user, combobox } = await mount({ api });
    await user.click(combobox);
    await user.keyboard('zzz');
    expect(await screen.findByText('No suggestions. Press Enter to search for “zzz”.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('No suggestions.');
  });

  test('focus leaving the box closes the list', async () => {
    const { user, combobox } = await mount();
    await user.click(combobox);
    await user.keyboard('fundation');
    await screen.findByRole('listbox');
    await user.click(document.body);
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});
