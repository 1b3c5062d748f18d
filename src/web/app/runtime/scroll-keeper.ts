import type { NavigateOptions } from 'wouter';

/*
 * Where the shopper was on each page of the session, so that Back and Forward return there: after
 * Show More and a product page, Back finds the listing's same products at the same place. The
 * browser's own restoration cannot do it in a single-page app: it scrolls as soon as the address
 * changes, before the page it returns to has rendered (a listing's pages come from a payload or a
 * request), so it lands short. Here every in-app entry carries a key in its history state, the
 * position of each key is kept as the shopper scrolls, and a Back scrolls once the page is tall
 * enough and nothing in it is loading. A new page opens at its top; a new entry of the same page
 * (a filter, a sort) keeps the place. Loaded after hydration, in a chunk of its own
 * (runtime-router.tsx): no first screen carries it, and before it loads the browser does as it did.
 */

/** The key's name in a history entry's state. */
const ENTRY_KEY = 'scrollEntry';

/** How long a Back waits at most for its page to settle before scrolling as far as it can. */
export const RESTORE_LIMIT_MS = 5_000;

/** What the keeper uses of the browser's window (component tests pass a fake). */
export interface ScrollWindow {
  readonly history: { readonly state: unknown; scrollRestoration: ScrollRestoration };
  readonly location: { readonly pathname: string; readonly href: string };
  readonly scrollY: number;
  readonly innerHeight: number;
  readonly document: { readonly documentElement: { readonly scrollHeight: number }; querySelector(selectors: string): Element | null };
  scrollTo(x: number, y: number): void;
  requestAnimationFrame(callback: () => void): number;
  cancelAnimationFrame(handle: number): void;
  addEventListener(type: string, listener: () => void, options?: AddEventListenerOptions): void;
  removeEventListener(type: string, listener: () => void, options?: EventListenerOptions): void;
}

export interface ScrollKeeper {
  /**
   * An in-app navigation (wouter's, through the runtime router's `aroundNav`): the entry it makes
   * gets a key (a replaced entry keeps its own), and a new page starts at its top.
   */
  navigate(go: (to: string, options?: NavigateOptions) => void, to: string, options?: NavigateOptions): void;
  stop(): void;
}

let made = 0;
function newKey(): string {
  made += 1;
  return `${Date.now().toString(36)}.${made.toString(36)}.${Math.random().toString(36).slice(2, 8)}`;
}

function stateObject(state: unknown): Record<string, unknown> {
  return state !== null && typeof state === 'object' ? (state as Record<string, unknown>) : {};
}

/** The key of the entry whose state this is: its own, or (an entry this app did not make: a fragment, the first page) its address. */
function keyOf(state: unknown, href: string): string {
  const key = stateObject(state)[ENTRY_KEY];
  return typeof key === 'string' ? key : `url:${href}`;
}

/** Frames in a row that a page returned to must stay settled before its place is final. */
const STEADY_FRAMES = 3;

/** What the shopper does that takes over from a pending restoration: they have started to move themselves. */
const INPUTS = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

export function startScrollKeeper(win: ScrollWindow, { limitMs = RESTORE_LIMIT_MS, now = () => Date.now() }: { limitMs?: number; now?: () => number } = {}): ScrollKeeper {
  const positions = new Map<string, number>();
  /** The entry the browser is on now (after a Back, the one it returned to). */
  const entryKey = () => keyOf(win.history.state, win.location.href);
  /** A Back waiting for its page: scroll events meanwhile are the page growing, not the shopper. */
  let pending: { frame: number } | null = null;
  const previousMode = win.history.scrollRestoration;
  win.history.scrollRestoration = 'manual';

  const stopRestoring = () => {
    if (pending) win.cancelAnimationFrame(pending.frame);
    pending = null;
  };

  const restore = (y: number) => {
    const since = now();
    let steady = 0;
    const step = () => {
      const room = Math.max(0, win.document.documentElement.scrollHeight - win.innerHeight);
      // As soon as the page is tall enough, the place is shown; it is kept until the page has
      // settled: tall enough, and nothing in it saying it is loading (skeletons are aria-busy),
      // for a few frames in a row (a listing may show what it had, then load what the address asks).
      if (room >= y) win.scrollTo(0, y);
      steady = room >= y && win.document.querySelector('main [aria-busy="true"]') === null ? steady + 1 : 0;
      if (steady >= STEADY_FRAMES || now() - since > limitMs) {
        win.scrollTo(0, Math.min(y, room));
        pending = null;
        positions.set(entryKey(), win.scrollY);
        return;
      }
      if (pending) pending.frame = win.requestAnimationFrame(step);
    };
    pending = { frame: win.requestAnimationFrame(step) };
  };

  const onScroll = () => {
    if (!pending) positions.set(entryKey(), win.scrollY);
  };
  // In the capture phase, before the router's own listener renders the page it returns to.
  const onPopState = () => {
    stopRestoring();
    const y = positions.get(entryKey());
    if (y !== undefined) restore(y);
  };
  // A page left for another document (a full page load) gets the browser's restoration back for
  // its Back; a page shown again from the back-forward cache is the keeper's again.
  const onPageHide = () => {
    win.history.scrollRestoration = 'auto';
  };
  const onPageShow = () => {
    win.history.scrollRestoration = 'manual';
  };

  win.addEventListener('scroll', onScroll, { passive: true });
  win.addEventListener('popstate', onPopState, { capture: true });
  win.addEventListener('pagehide', onPageHide);
  win.addEventListener('pageshow', onPageShow);
  for (const input of INPUTS) win.addEventListener(input, stopRestoring, { capture: true, passive: true });

  return {
    navigate(go, to, options) {
      stopRestoring();
      const leaving = entryKey();
      positions.set(leaving, win.scrollY);
      const replace = options?.replace === true;
      const from = win.location.pathname;
      go(to, { ...options, state: { ...stateObject(options?.state), [ENTRY_KEY]: replace ? leaving : newKey() } });
      // A new page opens at its top; a new entry of the same page (a filter, a sort, Show More) keeps the place.
      if (!replace && win.location.pathname !== from) win.scrollTo(0, 0);
    },
    stop() {
      stopRestoring();
      win.removeEventListener('scroll', onScroll);
      win.removeEventListener('popstate', onPopState, { capture: true });
      win.removeEventListener('pagehide', onPageHide);
      win.removeEventListener('pageshow', onPageShow);
      for (const input of INPUTS) win.removeEventListener(input, stopRestoring, { capture: true });
      win.history.scrollRestoration = previousMode;
    },
  };
}
