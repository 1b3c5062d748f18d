// @vitest-environment node
import { describe, expect, test } from 'vitest';
import { startScrollKeeper, type ScrollWindow } from '../../src/web/app/runtime/scroll-keeper.ts';

/**
 * A browser window as the scroll keeper sees it: a history of entries with their states, a page of
 * some height that scrolls (clamped as a browser clamps it), events, and animation frames the test
 * runs one at a time. What a real browser does with it: tests/e2e/catalogue.spec.ts.
 */
function fakeWindow(start: string) {
  const entries: { url: string; state: unknown }[] = [{ url: start, state: null }];
  let index = 0;
  let frames = new Map<number, () => void>();
  let lastFrame = 0;
  const listeners = new Map<string, Set<() => void>>();
  const page = { height: 3000, busy: false, y: 0 };
  const entry = () => entries[index] ?? { url: '/', state: null };
  const win: ScrollWindow = {
    history: {
      get state() {
        return entry().state;
      },
      scrollRestoration: 'auto',
    },
    location: {
      get pathname() {
        return entry().url.split('?')[0] ?? '/';
      },
      get href() {
        return `http://store.test${entry().url}`;
      },
    },
    get scrollY() {
      return page.y;
    },
    innerHeight: 800,
    document: {
      documentElement: {
        get scrollHeight() {
          return page.height;
        },
      },
      querySelector: (selectors: string) => (selectors.includes('aria-busy') && page.busy ? ({} as Element) : null),
    },
    scrollTo(_x, y) {
      page.y = Math.max(0, Math.min(y, page.height - win.innerHeight));
    },
    requestAnimationFrame(callback) {
      lastFrame += 1;
      frames.set(lastFrame, callback);
      return lastFrame;
    },
    cancelAnimationFrame(handle) {
      frames.delete(handle);
    },
    addEventListener(type, listener) {
      if (!listeners.has(type)) listeners.set(type, new Set());
      listeners.get(type)?.add(listener);
    },
    removeEventListener(type, listener) {
      listeners.get(type)?.delete(listener);
    },
  };
  const fire = (type: string) => listeners.get(type)?.forEach((listener) => listener());
  return {
    win,
    page,
    /** wouter's navigate over this history. */
    go(to: string, options?: { replace?: boolean; state?: unknown }) {
      if (options?.replace) entries[index] = { url: to, state: options.state ?? null };
      else {
        entries.splice(index + 1, entries.length, { url: to, state: options?.state ?? null });
        index += 1;
      }
    },
    /** The shopper scrolls (the browser then fires `scroll`). */
    scroll(y: number) {
      win.scrollTo(0, y);
      fire('scroll');
    },
    back() {
      index -= 1;
      fire('popstate');
    },
    input(type: string) {
      fire(type);
    },
    /** Runs the animation frames asked for so far (each may ask for the next). */
    frame() {
      const due = frames;
      frames = new Map();
      due.forEach((callback) => callback());
    },
    listenerCount: () => [...listeners.values()].reduce((sum, set) => sum + set.size, 0),
  };
}

/** Frames enough for a settled page (the keeper waits for a few in a row). */
function settle(browser: ReturnType<typeof fakeWindow>) {
  for (let frame = 0; frame < 4; frame += 1) browser.frame();
}

describe('the scroll keeper', () => {
  test('Back after Show More and a product page scrolls to where the shopper left the listing, once it is tall enough and loaded', () => {
    const browser = fakeWindow('/categories/makeup');
    const keeper = startScrollKeeper(browser.win);
    expect(browser.win.history.scrollRestoration).toBe('manual');
    browser.page.height = 6000;
    browser.scroll(1200);
    // Show More replaces the entry: the same entry, the same place.
    keeper.navigate(browser.go, '/categories/makeup?page=2', { replace: true });
    expect(browser.win.scrollY).toBe(1200);
    browser.scroll(2500);
    // A product page opens at its top.
    keeper.navigate(browser.go, '/products/glow-serum');
    expect(browser.win.scrollY).toBe(0);
    browser.page.height = 2000;
    browser.scroll(600);

    // Back: the listing first shows what it had (one page, tall enough already), then loads the
    // two pages the address asks for (a skeleton: short and busy), then shows them.
    browser.page.height = 3500;
    browser.back();
    browser.frame();
    // Tall enough: the place is shown at once...
    expect(browser.win.scrollY).toBe(2500);
    browser.page.height = 1500;
    browser.page.busy = true;
    // ...but not final: the page shrinks while it loads, the browser moves the scroll, and that is not the shopper's place.
    browser.scroll(700);
    browser.frame();
    browser.page.height = 6000;
    browser.frame();
    expect(browser.win.scrollY).toBe(2500);
    browser.page.busy = false;
    settle(browser);
    expect(browser.win.scrollY).toBe(2500);
    // Settled: the place is the shopper's again.
    browser.scroll(4000);
    keeper.navigate(browser.go, '/products/glow-serum');
    browser.back();
    settle(browser);
    expect(browser.win.scrollY).toBe(4000);

    keeper.stop();
    expect(browser.win.history.scrollRestoration).toBe('auto');
    expect(browser.listenerCount()).toBe(0);
  });

  test('a new entry of the same page (a filter, a sort) keeps the place; Back to it returns to its own', () => {
    const browser = fakeWindow('/categories/makeup');
    const keeper = startScrollKeeper(browser.win);
    browser.page.height = 5000;
    browser.scroll(900);
    keeper.navigate(browser.go, '/categories/makeup?brands=luma');
    expect(browser.win.scrollY).toBe(900);
    browser.scroll(200);
    browser.back();
    settle(browser);
    expect(browser.win.scrollY).toBe(900);
  });

  test('the shopper scrolling while the page loads takes over: nothing jumps afterwards', () => {
    const browser = fakeWindow('/categories/makeup');
    const keeper = startScrollKeeper(browser.win);
    browser.page.height = 5000;
    browser.scroll(3000);
    keeper.navigate(browser.go, '/products/glow-serum');
    browser.page.busy = true;
    browser.back();
    browser.frame();
    browser.input('wheel');
    browser.scroll(100);
    browser.page.busy = false;
    browser.frame();
    expect(browser.win.scrollY).toBe(100);
  });

  test('a page that never settles is scrolled as far as it goes after the limit', () => {
    let now = 0;
    const browser = fakeWindow('/categories/makeup');
    const keeper = startScrollKeeper(browser.win, { limitMs: 5_000, now: () => now });
    browser.page.height = 5000;
    browser.scroll(3000);
    keeper.navigate(browser.go, '/products/glow-serum');
    browser.page.height = 2500;
    browser.page.busy = true;
    browser.back();
    browser.frame();
    expect(browser.win.scrollY).toBe(0);
    now = 5_001;
    browser.frame();
    expect(browser.win.scrollY).toBe(1700);
  });

  test('an entry the app did not make (the fragment the skip link opens) keeps its place under its address', () => {
    const browser = fakeWindow('/');
    const keeper = startScrollKeeper(browser.win);
    browser.go('/#main');
    browser.page.height = 4000;
    browser.scroll(500);
    keeper.navigate(browser.go, '/products/glow-serum');
    browser.back();
    settle(browser);
    // `/#main` was scrolled under its address: that place comes back.
    expect(browser.win.scrollY).toBe(500);
  });

  test('an entry it has no place for (made before it started) is left where the browser puts it', () => {
    const browser = fakeWindow('/categories/makeup');
    browser.go('/products/glow-serum');
    const keeper = startScrollKeeper(browser.win);
    browser.page.height = 4000;
    browser.scroll(700);
    browser.back();
    browser.frame();
    expect(browser.win.scrollY).toBe(700);
    keeper.stop();
  });
});
