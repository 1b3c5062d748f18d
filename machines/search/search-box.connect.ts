import type { EventFromLogic, SnapshotFrom } from 'xstate';
import type { searchBoxMachine } from './search-box.machine.ts';
import { normalizeQuery, searchOptions, type SearchOption, type SearchOptionGroup } from './search-box.rules.ts';

export type SearchBoxSnapshot = SnapshotFrom<typeof searchBoxMachine>;

export type SearchBoxStatus = 'closed' | 'start' | 'debouncing' | 'loading' | 'ready' | 'unavailable';

export interface OptionGroupView {
  group: SearchOptionGroup;
  /** Options of the group with their index in the whole list (what the machine highlights and chooses). */
  options: { option: SearchOption; index: number }[];
}

/** What the combobox renders, derived from the machine only: views never decide a rule themselves. */
export interface SearchBoxView {
  status: SearchBoxStatus;
  /** `data-state` of the box: the machine's state path. */
  state: string;
  text: string;
  options: SearchOption[];
  groups: OptionGroupView[];
  highlighted: number;
  /** The listbox is shown (aria-expanded): open with something to choose. */
  expanded: boolean;
  /** Suggestions are on their way (maybe with older ones listed). */
  busy: boolean;
  /** A quiet line instead of a list: no suggestion for the text, or none available now. */
  hint: 'noSuggestions' | 'unavailable' | 'loading' | null;
  recent: readonly string[];
}

function statusOf(snapshot: SearchBoxSnapshot): SearchBoxStatus {
  if (snapshot.matches('closed')) return 'closed';
  for (const status of ['start', 'debouncing', 'loading', 'ready', 'unavailable'] as const) {
    if (snapshot.matches({ open: status })) return status;
  }
  return 'closed';
}

function groupOptions(options: SearchOption[]): OptionGroupView[] {
  const groups: OptionGroupView[] = [];
  options.forEach((option, index) => {
    const last = groups[groups.length - 1];
    if (last && last.group === option.group) last.options.push({ option, index });
    else groups.push({ group: option.group, options: [{ option, index }] });
  });
  return groups;
}

export function searchBoxView(snapshot: SearchBoxSnapshot): SearchBoxView {
  const status = statusOf(snapshot);
  const { context } = snapshot;
  const options = status === 'closed' || status === 'unavailable' ? [] : searchOptions(context);
  const typed = normalizeQuery(context.text) !== '';
  let hint: SearchBoxView['hint'] = null;
  if (status === 'unavailable') hint = 'unavailable';
  else if (status === 'ready' && options.length === 0) hint = 'noSuggestions';
  else if (status === 'loading' && options.length === 0) hint = 'loading';
  return {
    status,
    state: status === 'closed' ? 'closed' : `open.${status}`,
    text: context.text,
    options,
    groups: groupOptions(options),
    highlighted: context.highlighted,
    expanded: options.length > 0,
    busy: snapshot.hasTag('busy') && typed,
    hint,
    recent: status === 'start' ? context.recent : [],
  };
}

type SearchBoxEvent = EventFromLogic<typeof searchBoxMachine>;

/** The view-model with its intents: what the combobox renders and what it can ask. */
export interface SearchBoxApi extends SearchBoxView {
  /** Arrows and Escape the machine acts on now: the view keeps the browser from acting on them too. */
  handles: { highlightNext: boolean; highlightPrevious: boolean; escape: boolean };
  focus(): void;
  blur(): void;
  input(text: string): void;
  highlightNext(): void;
  highlightPrevious(): void;
  /** Enter: the highlighted option, or a search for the text (the machine decides). */
  enter(): void;
  escape(): void;
  submit(): void;
  choose(index: number): void;
  removeRecent(text: string): void;
  clearRecent(): void;
}

export function searchBoxConnect(snapshot: SearchBoxSnapshot, send: (event: SearchBoxEvent) => void): SearchBoxApi {
  return {
    ...searchBoxView(snapshot),
    handles: {
      highlightNext: snapshot.can({ type: 'search.highlightNext' }),
      highlightPrevious: snapshot.can({ type: 'search.highlightPrevious' }),
      escape: snapshot.can({ type: 'search.escape' }),
    },
    focus: () => send({ type: 'search.focus' }),
    blur: () => send({ type: 'search.blur' }),
    input: (text) => send({ type: 'search.input', text }),
    highlightNext: () => send({ type: 'search.highlightNext' }),
    highlightPrevious: () => send({ type: 'search.highlightPrevious' }),
    enter: () => send({ type: 'search.enter' }),
    escape: () => send({ type: 'search.escape' }),
    submit: () => send({ type: 'search.submit' }),
    choose: (index) => send({ type: 'search.choose', index }),
    removeRecent: (text) => send({ type: 'search.removeRecent', text }),
    clearRecent: () => send({ type: 'search.clearRecent' }),
  };
}
