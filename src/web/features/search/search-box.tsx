import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useActorRef } from '@xstate/react';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import type { Suggestions } from '../../../contract/search.ts';
import { searchBoxMachine } from '../../../../machines/search/search-box.machine.ts';
import { SEARCH_QUERY_MAX } from '../../../contract/patterns.ts';
import { useOptionalApi } from '../../shared/api/api-provider.tsx';
import { useFeatureCatalog } from '../../shared/i18n/use-feature-catalog.ts';
import { searchMessages } from './messages.ts';
import { useSite } from '../../shared/site/site-provider.tsx';
import { createSearchApi, type SearchApi } from './search-api.ts';
import { searchBoxConnect } from '../../../../machines/search/search-box.connect.ts';
import { localRecentSearches, type RecentSearchStore } from './recent-searches.ts';
import { SuggestionPopup } from './suggestion-list.tsx';
import { useView } from '../../shared/hooks/use-view.ts';

export interface SearchBoxProps {
  /** What was typed into the header's plain form before this chunk arrived. */
  initialText?: string;
  /** The plain form had focus: this box takes it over. */
  autoFocus?: boolean;
  /** The search calls; by default built from the app's API client. */
  api?: SearchApi;
  /** Where recent searches live; by default localStorage. */
  store?: RecentSearchStore;
  /** Pause after typing before suggestions are asked for (the machine's `suggestDelay`). */
  suggestDelay?: number;
}

/** Without an API client (some tests, the sandbox) the box still searches: it just suggests nothing. */
const noApi: SearchApi = {
  suggestions: () => Promise.reject(new Error('search: no API client')),
  popularQueries: () => Promise.reject(new Error('search: no API client')),
};

/** The keys the combobox answers, and the view-model's intent for each. */
const KEY_INTENTS = { ArrowDown: 'highlightNext', ArrowUp: 'highlightPrevious', Enter: 'enter', Escape: 'escape' } as const;
type KeyIntent = (typeof KEY_INTENTS)[keyof typeof KEY_INTENTS];

/** The header search box: a WAI-ARIA combobox whose behaviour is `searchBoxMachine`. */
export default function SearchBox({ initialText = '', autoFocus = false, api, store, suggestDelay }: SearchBoxProps) {
  useFeatureCatalog(searchMessages);
  const { t } = useLingui();
  const { country } = useSite();
  const [, navigate] = useLocation();
  const appApi = useOptionalApi(createSearchApi);
  const searchApi = api ?? appApi ?? noApi;
  const recentStore = useMemo(() => store ?? localRecentSearches(), [store]);

  // The machine is made once; what it calls is read through refs, so a new render never replaces it.
  const effects = useRef({ navigate, searchApi, recentStore, country });
  useLayoutEffect(() => {
    effects.current = { navigate, searchApi, recentStore, country };
  });
  const [machine] = useState(() =>
    searchBoxMachine.provide({
      actors: {
        fetchSuggestions: fromPromise<Suggestions, { query: string }>(({ input, signal }) => effects.current.searchApi.suggestions(input.query, { signal })),
        fetchPopular: fromPromise<string[]>(({ signal }) => effects.current.searchApi.popularQueries({ signal })),
      },
      actions: {
        navigate: (_, { href }) => effects.current.navigate(href),
        persistRecent: (_, { recent }) => effects.current.recentStore.write(effects.current.country, recent),
      },
      ...(suggestDelay === undefined ? {} : { delays: { suggestDelay } }),
    }),
  );
  // Read once: the machine keeps the list from then on and writes every change back.
  const [recent] = useState(() => recentStore.read(country));
  const actor = useActorRef(machine, { input: { recent, text: initialText } });
  const view = useView(actor, searchBoxConnect);

  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const listboxId = useId();
  const optionId = (index: number) => `${listboxId}-option-${index}`;
  const count = view.options.length;
  const activeId = view.expanded && view.highlighted >= 0 ? optionId(view.highlighted) : undefined;

  // A layout effect: between the swap and a later effect a keystroke would land on the page, not here.
  useLayoutEffect(() => {
    if (!autoFocus || !inputRef.current) return;
    const input = inputRef.current;
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
    // Mount-time only: the plain form's focus is handed over once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  const focusInput = () => inputRef.current?.focus();

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Keys that finish an input method's composition (Chinese, Thai) are not ours.
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    const intent: KeyIntent | undefined = KEY_INTENTS[event.key as keyof typeof KEY_INTENTS];
    if (!intent) return;
    // Enter never submits the form by itself: the machine decides between the option and the text.
    if (intent === 'enter' || view.handles[intent]) event.preventDefault();
    view[intent]();
  };

  /** Focus leaving the box and its popup closes it; moving between them does not. */
  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && event.currentTarget.contains(next)) return;
    view.blur();
  };

  /** Escape on a button of the popup closes it and returns to the text. */
  const onFormKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Escape' || event.target === inputRef.current) return;
    event.preventDefault();
    // Focus first: focusing a closed box would open it again.
    focusInput();
    view.escape();
  };

  return (
    <form
      role="search"
      className="search-box"
      data-state={view.state}
      action="/search"
      onSubmit={(event) => {
        event.preventDefault();
        view.submit();
      }}
      onBlur={onBlur}
      onKeyDown={onFormKeyDown}
    >
      <label htmlFor={inputId} className="visually-hidden">
        {t`Search products, brands and categories`}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        className="search-box__input"
        name="q"
        type="text"
        role="combobox"
        aria-expanded={view.expanded}
        aria-controls={listboxId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        aria-busy={view.busy}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        enterKeyHint="search"
        maxLength={SEARCH_QUERY_MAX}
        placeholder={t`Search products, brands and categories`}
        value={view.text}
        onChange={(event) => view.input(event.target.value)}
        onFocus={view.focus}
        onKeyDown={onKeyDown}
      />
      <SuggestionPopup
        view={view}
        listboxId={listboxId}
        optionId={optionId}
        onChoose={view.choose}
        onRemoveRecent={view.removeRecent}
        onClearRecent={view.clearRecent}
        focusInput={focusInput}
      />
      {/* After the popup: Tab from the text reaches the recent searches' buttons first. */}
      <button type="submit" className="search-box__submit">
        <span className="visually-hidden">{t`Search`}</span>
      </button>
      <div role="status" className="visually-hidden">
        {view.status === 'unavailable' ? <Trans>Suggestions are not available right now.</Trans> : null}
        {view.hint === 'noSuggestions' ? <Trans>No suggestions.</Trans> : null}
        {view.expanded && !view.busy ? <Plural value={count} one="# suggestion available." other="# suggestions available." /> : null}
      </div>
    </form>
  );
}
