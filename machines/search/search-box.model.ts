import { msg } from '@lingui/core/macro';
import type { SnapshotFrom } from 'xstate';
import type { Suggestions } from '../../src/contract/search.ts';
import { defineModel, type ModelEvent } from '../model/types.ts';
import { searchBoxMachine } from './search-box.machine.ts';
import { normalizeQuery, queryKey, sameQuery } from './search-box.rules.ts';

type SearchBoxSnapshot = SnapshotFrom<typeof searchBoxMachine>;

/** What the server answers for `text`: a corrected spelling, one of each kind of suggestion. */
export function suggestionsFixture(text: string): Suggestions {
  return {
    query: queryKey(text),
    corrected: queryKey(text) === 'fundation' ? 'foundation' : null,
    terms: [{ text: 'foundation brush' }],
    products: [{ slug: 'velvet-matte-foundation', name: 'Velvet Matte Foundation', brandName: 'Glow Lab', imageUrl: '/api/web/v1/media/products/1/1.svg' }],
    brands: [{ slug: 'glow-lab', name: 'Glow Lab' }],
    categories: [{ path: 'makeup/face/foundation', name: 'Foundation' }],
  };
}

function searchBoxEvents(snapshot: SearchBoxSnapshot): ModelEvent<typeof searchBoxMachine>[] {
  const { text, recent } = snapshot.context;
  return [
    { type: 'search.focus' },
    { type: 'search.blur' },
    { type: 'search.input', text: '' },
    { type: 'search.input', text: 'fundation' },
    { type: 'search.highlightNext' },
    { type: 'search.highlightPrevious' },
    { type: 'search.enter' },
    { type: 'search.submit' },
    { type: 'search.choose', index: 0 },
    { type: 'search.escape' },
    ...(recent[0] === undefined ? [] : [{ type: 'search.removeRecent' as const, text: recent[0] }]),
    { type: 'search.clearRecent' },
    { type: 'xstate.after.suggestDelay.searchBox.open.debouncing' },
    { type: 'xstate.done.actor.fetchSuggestions', output: suggestionsFixture(text) },
    // The answer to an older text, which must never be shown for this one.
    { type: 'xstate.done.actor.fetchSuggestions', output: suggestionsFixture(`${text}x`) },
    { type: 'xstate.error.actor.fetchSuggestions', error: new Error('Network error') },
    { type: 'xstate.done.actor.fetchPopular', output: ['lipstick', 'mascara'] },
    { type: 'xstate.error.actor.fetchPopular', error: new Error('Network error') },
  ];
}

export const searchBoxModel = defineModel({
  id: 'searchBox',
  title: msg`Search box`,
  description: msg`The header search: recent and popular searches when empty, suggestions after a pause in typing (a newer text drops an older answer), keyboard highlight, and choosing or submitting a search.`,
  machine: searchBoxMachine,
  input: { recent: ['mascara'] },
  events: searchBoxEvents,
  // What the guards look at, not the texts themselves: whether there is text, a highlight, recent
  // and popular searches, and suggestions for this text or an older one.
  serializeState: (snapshot) => {
    const { text, highlighted, recent, suggestions } = snapshot.context;
    return JSON.stringify([
      snapshot.value,
      normalizeQuery(text) === '',
      highlighted >= 0,
      recent.length > 0,
      suggestions === null ? null : sameQuery(suggestions.query, text),
    ]);
  },
});
