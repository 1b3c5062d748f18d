import { assign, fromPromise, setup, type DoneActorEvent } from 'xstate';
import type { Suggestions } from '../../src/contract/search.ts';
import {
  addRecent,
  destination,
  normalizeQuery,
  removeRecent,
  sameQuery,
  searchHref,
  searchOptions,
  stepHighlight,
  SUGGEST_DELAY_MS,
  type SearchOption,
} from './search-box.rules.ts';

/** Suggestions for `query` (already normalised); the app provides it, aborting on `signal`. */
export const fetchSuggestions = fromPromise<Suggestions, { query: string }>(async () => {
  throw new Error('searchBox: provide the `fetchSuggestions` actor');
});

/** The country's popular searches; the app provides it (and caches it for five minutes). */
export const fetchPopular = fromPromise<string[]>(async () => {
  throw new Error('searchBox: provide the `fetchPopular` actor');
});

export interface SearchBoxContext {
  /** The text as typed. */
  text: string;
  /** The last suggestions accepted (they answer `suggestions.query`, maybe an older text). */
  suggestions: Suggestions | null;
  popular: string[];
  /** Recent searches of this device and country, newest first. */
  recent: string[];
  /** Index in `searchOptions(context)` of the option with visual focus; -1 for none. */
  highlighted: number;
}

export interface SearchBoxInput {
  recent?: readonly string[];
  text?: string;
}

export type SearchBoxEvent =
  | { type: 'search.focus' }
  /** Focus left the box and its popup. */
  | { type: 'search.blur' }
  | { type: 'search.input'; text: string }
  | { type: 'search.highlightNext' }
  | { type: 'search.highlightPrevious' }
  /** Enter in the text field: the highlighted option, or a search for the text. */
  | { type: 'search.enter' }
  /** The search button: a search for the text, whatever is highlighted. */
  | { type: 'search.submit' }
  | { type: 'search.choose'; index: number }
  | { type: 'search.escape' }
  | { type: 'search.removeRecent'; text: string }
  | { type: 'search.clearRecent' };

const optionAt = (context: SearchBoxContext, index: number): SearchOption | undefined => searchOptions(context)[index];

/**
 * The header search box (WAI-ARIA combobox). Closed, or open on one of: the start list (recent and
 * popular searches, for an empty text), a pause while the shopper types (`suggestDelay`), a
 * suggestions request, its answer, or no usable answer. A newer text stops the request in flight
 * (its signal aborts) and an answer is kept only when its `query` echoes the current text.
 * Navigation and storage are actions the app provides: `navigate` and `persistRecent`.
 */
export const searchBoxMachine = setup({
  types: {
    context: {} as SearchBoxContext,
    events: {} as SearchBoxEvent,
    input: {} as SearchBoxInput | undefined,
    tags: {} as 'open' | 'busy',
  },
  actors: { fetchSuggestions, fetchPopular },
  delays: { suggestDelay: SUGGEST_DELAY_MS },
  guards: {
    textIsEmpty: ({ context }) => normalizeQuery(context.text) === '',
    hasText: ({ context }) => normalizeQuery(context.text) !== '',
    inputIsEmpty: (_, text: string) => normalizeQuery(text) === '',
    hasSuggestionsForText: ({ context }) => context.suggestions !== null && sameQuery(context.suggestions.query, context.text),
    hasOptions: ({ context }) => searchOptions(context).length > 0,
    hasHighlight: ({ context }) => optionAt(context, context.highlighted) !== undefined,
    isOption: ({ context }, index: number) => optionAt(context, index) !== undefined,
    answersText: ({ context }, answer: Suggestions) => sameQuery(answer.query, context.text),
    isRecent: ({ context }, text: string) => context.recent.some((item) => sameQuery(item, text)),
    hasRecent: ({ context }) => context.recent.length > 0,
  },
  actions: {
    /** Provided by the app: in-app navigation. */
    navigate: (_, _params: { href: string }) => undefined,
    /** Provided by the app: writes the recent searches of this country to the device. */
    persistRecent: (_, _params: { recent: readonly string[] }) => undefined,
    setText: assign((_, text: string) => ({ text, highlighted: -1 })),
    clearText: assign({ text: '', suggestions: null, highlighted: -1 }),
    highlightNext: assign(({ context }) => ({ highlighted: stepHighlight(context.highlighted, searchOptions(context).length, 1) })),
    highlightPrevious: assign(({ context }) => ({ highlighted: stepHighlight(context.highlighted, searchOptions(context).length, -1) })),
    clearHighlight: assign({ highlighted: -1 }),
    storeSuggestions: assign((_, suggestions: Suggestions) => ({ suggestions, highlighted: -1 })),
    dropSuggestions: assign({ suggestions: null, highlighted: -1 }),
    storePopular: assign((_, popular: string[]) => ({ popular })),
    /** A search for the text: recorded first in the recent searches. */
    recordText: assign(({ context }) => {
      const text = normalizeQuery(context.text);
      return { text, recent: addRecent(context.recent, text), highlighted: -1 };
    }),
    /** The option chosen: a search is recorded and becomes the text; a product, brand or category clears it. */
    recordChoice: assign(({ context }, index: number) => {
      const option = optionAt(context, index);
      const search = option ? destination(option).search : null;
      if (search === null) return { text: '', suggestions: null, highlighted: -1 };
      return { text: search, recent: addRecent(context.recent, search), highlighted: -1 };
    }),
    forgetRecent: assign(({ context }, text: string) => {
      const recent = removeRecent(context.recent, text);
      const count = searchOptions({ ...context, recent }).length;
      return { recent, highlighted: Math.min(context.highlighted, count - 1) };
    }),
    forgetAllRecent: assign({ recent: [], highlighted: -1 }),
  },
}).createMachine({
  id: 'searchBox',
  context: ({ input }) => ({
    text: input?.text ?? '',
    suggestions: null,
    popular: [],
    recent: [...(input?.recent ?? [])],
    highlighted: -1,
  }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        'search.focus': [
          { guard: 'textIsEmpty', target: 'open.start' },
          { guard: 'hasSuggestionsForText', target: 'open.ready' },
          { target: 'open.debouncing' },
        ],
        // Arrow keys open the list again after Escape, on its first (or last) option.
        'search.highlightNext': [
          { guard: 'textIsEmpty', target: 'open.start', actions: 'highlightNext' },
          { guard: 'hasSuggestionsForText', target: 'open.ready', actions: 'highlightNext' },
          { target: 'open.debouncing' },
        ],
        'search.highlightPrevious': [
          { guard: 'textIsEmpty', target: 'open.start', actions: 'highlightPrevious' },
          { guard: 'hasSuggestionsForText', target: 'open.ready', actions: 'highlightPrevious' },
          { target: 'open.debouncing' },
        ],
        'search.input': [
          { guard: { type: 'inputIsEmpty', params: ({ event }) => event.text }, target: 'open.start', actions: { type: 'setText', params: ({ event }) => event.text } },
          { target: 'open.debouncing', actions: { type: 'setText', params: ({ event }) => event.text } },
        ],
        // Escape on a closed list clears the text (the combobox pattern).
        'search.escape': { guard: 'hasText', actions: 'clearText' },
        'search.enter': { guard: 'hasText', actions: ['recordText', { type: 'persistRecent', params: ({ context }) => ({ recent: context.recent }) }, { type: 'navigate', params: ({ context }) => ({ href: searchHref(context.text) }) }] },
        'search.submit': { guard: 'hasText', actions: ['recordText', { type: 'persistRecent', params: ({ context }) => ({ recent: context.recent }) }, { type: 'navigate', params: ({ context }) => ({ href: searchHref(context.text) }) }] },
      },
    },
    open: {
      tags: ['open'],
      on: {
        'search.blur': { target: 'closed', actions: 'clearHighlight' },
        'search.escape': { target: 'closed', actions: 'clearHighlight' },
        'search.input': [
          { guard: { type: 'inputIsEmpty', params: ({ event }) => event.text }, target: '.start', actions: { type: 'setText', params: ({ event }) => event.text } },
          // Re-entered on every keystroke: the pause starts again and a request in flight stops.
          { target: '.debouncing', reenter: true, actions: { type: 'setText', params: ({ event }) => event.text } },
        ],
        'search.highlightNext': { guard: 'hasOptions', actions: 'highlightNext' },
        'search.highlightPrevious': { guard: 'hasOptions', actions: 'highlightPrevious' },
        'search.enter': [
          {
            guard: 'hasHighlight',
            target: 'closed',
            actions: [
              { type: 'navigate', params: ({ context }) => ({ href: destination(optionAt(context, context.highlighted) as SearchOption).href }) },
              { type: 'recordChoice', params: ({ context }) => context.highlighted },
              { type: 'persistRecent', params: ({ context }) => ({ recent: context.recent }) },
            ],
          },
          { guard: 'hasText', target: 'closed', actions: ['recordText', { type: 'persistRecent', params: ({ context }) => ({ recent: context.recent }) }, { type: 'navigate', params: ({ context }) => ({ href: searchHref(context.text) }) }] },
        ],
        'search.submit': { guard: 'hasText', target: 'closed', actions: ['clearHighlight', 'recordText', { type: 'persistRecent', params: ({ context }) => ({ recent: context.recent }) }, { type: 'navigate', params: ({ context }) => ({ href: searchHref(context.text) }) }] },
        'search.choose': {
          guard: { type: 'isOption', params: ({ event }) => event.index },
          target: 'closed',
          actions: [
            { type: 'navigate', params: ({ context, event }) => ({ href: destination(optionAt(context, event.index) as SearchOption).href }) },
            { type: 'recordChoice', params: ({ event }) => event.index },
            { type: 'persistRecent', params: ({ context }) => ({ recent: context.recent }) },
          ],
        },
      },
      initial: 'start',
      states: {
        /** Empty text: recent and popular searches. */
        start: {
          invoke: {
            id: 'fetchPopular',
            src: 'fetchPopular',
            onDone: { actions: { type: 'storePopular', params: ({ event }) => event.output } },
            // Popular searches are a nicety: the list stays as it was and the recent ones still show.
            onError: { target: 'start' },
          },
          on: {
            'search.removeRecent': {
              guard: { type: 'isRecent', params: ({ event }) => event.text },
              actions: [{ type: 'forgetRecent', params: ({ event }) => event.text }, { type: 'persistRecent', params: ({ context }) => ({ recent: context.recent }) }],
            },
            'search.clearRecent': { guard: 'hasRecent', actions: ['forgetAllRecent', { type: 'persistRecent', params: ({ context }) => ({ recent: context.recent }) }] },
          },
        },
        debouncing: {
          tags: ['busy'],
          after: { suggestDelay: 'loading' },
        },
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'fetchSuggestions',
            src: 'fetchSuggestions',
            input: ({ context }) => ({ query: normalizeQuery(context.text) }),
            onDone: [
              {
                guard: { type: 'answersText', params: ({ event }: { event: DoneActorEvent<Suggestions> }) => event.output },
                target: 'ready',
                actions: { type: 'storeSuggestions', params: ({ event }: { event: DoneActorEvent<Suggestions> }) => event.output },
              },
              // An answer to some other text is never shown for this one.
              { target: 'unavailable', actions: 'dropSuggestions' },
            ],
            onError: { target: 'unavailable', actions: 'dropSuggestions' },
          },
        },
        ready: {},
        /** No suggestions to offer (the request failed): Enter still searches the text. */
        unavailable: {},
      },
    },
  },
});
