import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { searchBoxConnect } from '../../machines/search/search-box.connect.ts';
import { searchBoxMachine } from '../../machines/search/search-box.machine.ts';
import { SUGGEST_DELAY_MS } from '../../machines/search/search-box.rules.ts';
import type { Suggestions } from '../../src/contract/search.ts';
import { suggestionsFixture } from '../../machines/search/search-box.model.ts';

function start() {
  const navigations: string[] = [];
  let answer: (value: Suggestions) => void = () => undefined;
  const clock = new SimulatedClock();
  const machine = searchBoxMachine.provide({
    actors: {
      fetchSuggestions: fromPromise<Suggestions, { query: string }>(() => new Promise((resolve) => (answer = resolve))),
      fetchPopular: fromPromise<string[]>(() => Promise.resolve([])),
    },
    actions: { navigate: (_, { href }) => void navigations.push(href), persistRecent: () => undefined },
  });
  const actor = createActor(machine, { input: { recent: ['lipstick'] }, clock }).start();
  const sent: unknown[] = [];
  const send = (event: Parameters<typeof actor.send>[0]) => {
    sent.push(event);
    actor.send(event);
  };
  const flush = async () => {
    for (let tick = 0; tick < 5; tick += 1) await Promise.resolve();
  };
  return { clock, navigations, sent, flush, answer: (value: Suggestions) => answer(value), view: () => searchBoxConnect(actor.getSnapshot(), send) };
}

describe('searchBoxConnect', () => {
  test('focus opens the start list; the keys it handles follow the machine', () => {
    const { view, sent } = start();
    // Closed and empty: an arrow opens the box, Escape has nothing to clear.
    expect(view()).toMatchObject({ status: 'closed', handles: { highlightNext: true, highlightPrevious: true, escape: false } });
    view().focus();
    expect(view()).toMatchObject({ status: 'start', recent: ['lipstick'], handles: { highlightNext: true, escape: true } });
    view().escape();
    expect(view().status).toBe('closed');
    expect(sent).toEqual([{ type: 'search.focus' }, { type: 'search.escape' }]);
  });

  test('typing asks for suggestions after the delay (busy meanwhile); choosing one navigates', async () => {
    const { view, clock, answer, flush, navigations, sent } = start();
    view().focus();
    view().input('fun');
    expect(view()).toMatchObject({ status: 'debouncing', text: 'fun' });
    clock.increment(SUGGEST_DELAY_MS);
    expect(view()).toMatchObject({ status: 'loading', busy: true });
    answer(suggestionsFixture('fun'));
    await flush();
    expect(view()).toMatchObject({ status: 'ready', busy: false, expanded: true });
    view().highlightNext();
    expect(view().highlighted).toBe(0);
    view().choose(0);
    expect(navigations).toHaveLength(1);
    expect(sent.slice(0, 4)).toEqual([{ type: 'search.focus' }, { type: 'search.input', text: 'fun' }, { type: 'search.highlightNext' }, { type: 'search.choose', index: 0 }]);
  });

  test('submit, enter and the recent-search intents send their events', () => {
    const { view, sent } = start();
    view().focus();
    view().removeRecent('lipstick');
    view().clearRecent();
    view().highlightPrevious();
    view().input('mascara');
    view().enter();
    view().submit();
    view().blur();
    expect(sent.map((event) => (event as { type: string }).type)).toEqual([
      'search.focus',
      'search.removeRecent',
      'search.clearRecent',
      'search.highlightPrevious',
      'search.input',
      'search.enter',
      'search.submit',
      'search.blur',
    ]);
  });
});
