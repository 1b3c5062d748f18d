import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { searchBoxMachine, type SearchBoxInput } from '../../machines/search/search-box.machine.ts';
import { suggestionsFixture } from '../../machines/search/search-box.model.ts';
import { addRecent, normalizeQuery, RECENT_MAX, searchOptions, SUGGEST_DELAY_MS } from '../../machines/search/search-box.rules.ts';
import type { Suggestions } from '../../src/contract/search.ts';

interface Request {
  query: string;
  signal: AbortSignal;
  resolve(value: Suggestions): void;
  reject(error: unknown): void;
}

/** A search box whose requests the test settles by hand, on a clock the test moves. */
function start(input: SearchBoxInput = {}, popular: () => Promise<string[]> = () => Promise.resolve(['lipstick', 'mascara'])) {
  const requests: Request[] = [];
  const navigations: string[] = [];
  const saved: string[][] = [];
  const clock = new SimulatedClock();
  const machine = searchBoxMachine.provide({
    actors: {
      fetchSuggestions: fromPromise<Suggestions, { query: string }>(
        ({ input: { query }, signal }) => new Promise((resolve, reject) => requests.push({ query, signal, resolve, reject })),
      ),
      fetchPopular: fromPromise(popular),
    },
    actions: {
      navigate: (_, { href }) => void navigations.push(href),
      persistRecent: (_, { recent }) => void saved.push([...recent]),
    },
  });
  const actor = createActor(machine, { input, clock }).start();
  const state = () => actor.getSnapshot();
  const type = (text: string) => actor.send({ type: 'search.input', text });
  return { actor, state, type, clock, requests, navigations, saved };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const optionTexts = (context: Parameters<typeof searchOptions>[0]) =>
  searchOptions(context).map((option) => ('text' in option ? option.text : option.name));

describe('debounce', () => {
  test('asks once, for the last text, after the named delay has passed since the last keystroke', () => {
    const box = start();
    box.actor.send({ type: 'search.focus' });
    box.type('f');
    box.clock.increment(SUGGEST_DELAY_MS - 1);
    box.type('fu');
    box.clock.increment(SUGGEST_DELAY_MS - 1);
    box.type('fun');
    expect(box.requests).toEqual([]);
    expect(box.state().matches({ open: 'debouncing' })).toBe(true);
    box.clock.increment(SUGGEST_DELAY_MS);
    expect(box.requests.map((request) => request.query)).toEqual(['fun']);
    expect(box.state().matches({ open: 'loading' })).toBe(true);
  });

  test('the delay can be changed by the app (tests make it zero)', () => {
    const box = start();
    const quick = createActor(searchBoxMachine.provide({ delays: { suggestDelay: 5 } }), { input: {}, clock: box.clock }).start();
    quick.send({ type: 'search.input', text: 'lip' });
    box.clock.increment(5);
    expect(quick.getSnapshot().matches({ open: 'loading' })).toBe(true);
    quick.stop();
  });

  test('sends the text normalised (NFKC, trimmed, single spaces)', () => {
    const box = start();
    box.type('  ｆｏｕｎｄａｔｉｏｎ   brush ');
    box.clock.increment(SUGGEST_DELAY_MS);
    expect(box.requests[0]?.query).toBe('foundation brush');
  });

  test('clearing the text shows the start list and asks nothing', () => {
    const box = start();
    box.type('fun');
    box.type('');
    box.clock.increment(SUGGEST_DELAY_MS * 2);
    expect(box.requests).toEqual([]);
    expect(box.state().matches({ open: 'start' })).toBe(true);
  });
});

describe('answers', () => {
  test('an answer for the current text is shown', async () => {
    const box = start();
    box.type('Fundation');
    box.clock.increment(SUGGEST_DELAY_MS);
    box.requests[0]?.resolve(suggestionsFixture('fundation'));
    await flush();
    expect(box.state().matches({ open: 'ready' })).toBe(true);
    // Did you mean first, then terms, products, brands and categories.
    expect(optionTexts(box.state().context)).toEqual(['foundation', 'foundation brush', 'Velvet Matte Foundation', 'Glow Lab', 'Foundation']);
  });

  test('a newer text aborts the request in flight, and its late answer is ignored', async () => {
    const box = start();
    box.type('fou');
    box.clock.increment(SUGGEST_DELAY_MS);
    const first = box.requests[0];
    box.type('foun');
    expect(first?.signal.aborted).toBe(true);
    box.clock.increment(SUGGEST_DELAY_MS);
    const second = box.requests[1];
    expect(second?.query).toBe('foun');
    // The older request answers last: it must not replace the newer one.
    second?.resolve({ ...suggestionsFixture('foun'), terms: [{ text: 'foundation' }] });
    first?.resolve({ ...suggestionsFixture('fou'), terms: [{ text: 'fountain pen' }] });
    await flush();
    expect(box.state().context.suggestions?.query).toBe('foun');
    expect(optionTexts(box.state().context)).toContain('foundation');
    expect(optionTexts(box.state().context)).not.toContain('fountain pen');
  });

  test('an answer whose query does not echo the text is never shown', async () => {
    const box = start();
    box.type('foun');
    box.clock.increment(SUGGEST_DELAY_MS);
    box.requests[0]?.resolve(suggestionsFixture('lip'));
    await flush();
    expect(box.state().matches({ open: 'unavailable' })).toBe(true);
    expect(box.state().context.suggestions).toBeNull();
    expect(searchOptions(box.state().context)).toEqual([]);
  });

  test('the echo may differ in case and spacing (the server lower-cases)', async () => {
    const box = start();
    box.type('Velvet  Matte');
    box.clock.increment(SUGGEST_DELAY_MS);
    box.requests[0]?.resolve(suggestionsFixture('velvet matte'));
    await flush();
    expect(box.state().matches({ open: 'ready' })).toBe(true);
  });

  test('older suggestions stay listed while the next ones load, with no highlight', async () => {
    const box = start();
    box.type('fou');
    box.clock.increment(SUGGEST_DELAY_MS);
    box.requests[0]?.resolve(suggestionsFixture('fou'));
    await flush();
    box.actor.send({ type: 'search.highlightNext' });
    expect(box.state().context.highlighted).toBe(0);
    box.type('foun');
    expect(box.state().hasTag('busy')).toBe(true);
    expect(box.state().context.highlighted).toBe(-1);
    expect(searchOptions(box.state().context)).toHaveLength(4);
  });
});

describe('failure', () => {
  test('a failed request offers no suggestions, and Enter still searches the text', async () => {
    const box = start();
    box.actor.send({ type: 'search.focus' });
    box.type('fundation');
    box.clock.increment(SUGGEST_DELAY_MS);
    box.requests[0]?.reject(new Error('503'));
    await flush();
    expect(box.state().matches({ open: 'unavailable' })).toBe(true);
    expect(box.state().can({ type: 'search.highlightNext' })).toBe(false);
    box.actor.send({ type: 'search.enter' });
    expect(box.navigations).toEqual(['/search?q=fundation']);
    expect(box.state().value).toBe('closed');
  });

  test('failed popular searches leave the recent ones', async () => {
    const box = start({ recent: ['mascara'] }, () => Promise.reject(new Error('503')));
    box.actor.send({ type: 'search.focus' });
    await flush();
    expect(box.state().matches({ open: 'start' })).toBe(true);
    expect(optionTexts(box.state().context)).toEqual(['mascara']);
  });
});

describe('start list', () => {
  test('focus on an empty box lists recent then popular searches, without repeating one', async () => {
    const box = start({ recent: ['Mascara', 'serum'] });
    expect(box.state().value).toBe('closed');
    box.actor.send({ type: 'search.focus' });
    await flush();
    expect(box.state().hasTag('open')).toBe(true);
    expect(optionTexts(box.state().context)).toEqual(['Mascara', 'serum', 'lipstick']);
  });

  test('focus on a box that already has suggestions for its text shows them without asking again', async () => {
    const box = start();
    box.type('fou');
    box.clock.increment(SUGGEST_DELAY_MS);
    box.requests[0]?.resolve(suggestionsFixture('fou'));
    await flush();
    box.actor.send({ type: 'search.blur' });
    box.actor.send({ type: 'search.focus' });
    expect(box.state().matches({ open: 'ready' })).toBe(true);
    expect(box.requests).toHaveLength(1);
  });
});

describe('keyboard', () => {
  test('arrows move the highlight and wrap; Escape closes, then clears the text', async () => {
    const box = start({ recent: ['serum'] });
    box.actor.send({ type: 'search.focus' });
    await flush();
    const next = () => box.actor.send({ type: 'search.highlightNext' });
    const previous = () => box.actor.send({ type: 'search.highlightPrevious' });
    next();
    expect(box.state().context.highlighted).toBe(0);
    next();
    next();
    expect(box.state().context.highlighted).toBe(2);
    next();
    expect(box.state().context.highlighted).toBe(0);
    previous();
    expect(box.state().context.highlighted).toBe(2);

    box.type('fou');
    box.actor.send({ type: 'search.escape' });
    expect(box.state().value).toBe('closed');
    expect(box.state().context.text).toBe('fou');
    box.actor.send({ type: 'search.escape' });
    expect(box.state().context.text).toBe('');
    expect(box.state().can({ type: 'search.escape' })).toBe(false);
  });

  test('ArrowDown on a closed empty box opens it on the first option', async () => {
    const box = start({ recent: ['serum'] });
    box.actor.send({ type: 'search.focus' });
    await flush();
    box.actor.send({ type: 'search.escape' });
    box.actor.send({ type: 'search.highlightNext' });
    expect(box.state().matches({ open: 'start' })).toBe(true);
    expect(box.state().context.highlighted).toBe(0);
  });

  test('Enter chooses the highlighted option; the search button searches the text', async () => {
    const box = start();
    box.type('fundation');
    box.clock.increment(SUGGEST_DELAY_MS);
    box.requests[0]?.resolve(suggestionsFixture('fundation'));
    await flush();
    box.actor.send({ type: 'search.highlightNext' });
    box.actor.send({ type: 'search.highlightNext' });
    box.actor.send({ type: 'search.highlightNext' });
    box.actor.send({ type: 'search.enter' });
    expect(box.navigations).toEqual(['/products/velvet-matte-foundation']);
    // A product is not a search: nothing recorded, and the text is cleared.
    expect(box.state().context.recent).toEqual([]);
    expect(box.state().context.text).toBe('');

    box.type('fundation');
    box.clock.increment(SUGGEST_DELAY_MS);
    box.requests[1]?.resolve(suggestionsFixture('fundation'));
    await flush();
    box.actor.send({ type: 'search.highlightNext' });
    box.actor.send({ type: 'search.submit' });
    expect(box.navigations[1]).toBe('/search?q=fundation');
  });

  test('Enter on an empty box with nothing highlighted does nothing', () => {
    const box = start();
    box.actor.send({ type: 'search.focus' });
    expect(box.state().can({ type: 'search.enter' })).toBe(false);
    box.type('   ');
    expect(box.state().can({ type: 'search.enter' })).toBe(false);
    expect(box.navigations).toEqual([]);
  });
});

describe('choosing', () => {
  async function withSuggestions() {
    const box = start();
    box.type('fundation');
    box.clock.increment(SUGGEST_DELAY_MS);
    box.requests[0]?.resolve(suggestionsFixture('fundation'));
    await flush();
    return box;
  }

  test.each([
    [0, '/search?q=foundation', ['foundation']],
    [1, '/search?q=foundation%20brush', ['foundation brush']],
    [2, '/products/velvet-matte-foundation', []],
    [3, '/brands/glow-lab', []],
    [4, '/categories/makeup/face/foundation', []],
  ])('option %i goes to %s and records %j', async (index, href, recent) => {
    const box = await withSuggestions();
    box.actor.send({ type: 'search.choose', index });
    expect(box.navigations).toEqual([href]);
    expect(box.state().context.recent).toEqual(recent);
    expect(box.state().value).toBe('closed');
  });

  test('an index outside the list is refused', async () => {
    const box = await withSuggestions();
    expect(box.state().can({ type: 'search.choose', index: 5 })).toBe(false);
    expect(box.state().can({ type: 'search.choose', index: -1 })).toBe(false);
  });
});

describe('recent searches', () => {
  test('a search goes first, a repeat moves up, and at most RECENT_MAX are kept; each change is saved', () => {
    const box = start({ recent: ['serum', 'mascara'] });
    for (const text of ['lipstick', 'Serum']) {
      box.type(text);
      box.actor.send({ type: 'search.enter' });
    }
    expect(box.state().context.recent).toEqual(['Serum', 'lipstick', 'mascara']);
    expect(box.saved).toEqual([
      ['lipstick', 'serum', 'mascara'],
      ['Serum', 'lipstick', 'mascara'],
    ]);
    let recent: string[] = [];
    for (let i = 0; i < RECENT_MAX + 3; i++) recent = addRecent(recent, `query ${i}`);
    expect(recent).toHaveLength(RECENT_MAX);
    expect(recent[0]).toBe(`query ${RECENT_MAX + 2}`);
  });

  test('one is removed, then all are cleared; both are saved', async () => {
    const box = start({ recent: ['serum', 'mascara', 'toner'] });
    box.actor.send({ type: 'search.focus' });
    await flush();
    box.actor.send({ type: 'search.removeRecent', text: 'MASCARA' });
    expect(box.state().context.recent).toEqual(['serum', 'toner']);
    expect(box.state().can({ type: 'search.removeRecent', text: 'mascara' })).toBe(false);
    box.actor.send({ type: 'search.clearRecent' });
    expect(box.state().context.recent).toEqual([]);
    expect(box.saved).toEqual([['serum', 'toner'], []]);
    expect(box.state().can({ type: 'search.clearRecent' })).toBe(false);
    expect(optionTexts(box.state().context)).toEqual(['lipstick', 'mascara']);
  });

  test('removing the highlighted last option keeps a highlight inside the list', async () => {
    const box = start({ recent: ['serum', 'toner'] }, () => Promise.resolve([]));
    box.actor.send({ type: 'search.focus' });
    await flush();
    box.actor.send({ type: 'search.highlightPrevious' });
    expect(box.state().context.highlighted).toBe(1);
    box.actor.send({ type: 'search.removeRecent', text: 'toner' });
    expect(box.state().context.highlighted).toBe(0);
  });

  test('the text recorded is the normalised one', () => {
    const box = start();
    box.type('  lip   gloss ');
    box.actor.send({ type: 'search.submit' });
    expect(box.state().context.recent).toEqual(['lip gloss']);
    expect(box.navigations).toEqual(['/search?q=lip%20gloss']);
    expect(normalizeQuery('x'.repeat(300))).toHaveLength(200);
  });
});
