import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/dom';
import { afterAll, afterEach, beforeEach, expect } from 'vitest';
import { writeSeenPairs } from '../helpers/api-contract-seen.ts';
import { installConsoleGuard, takeConsoleProblems } from '../helpers/console-guard.ts';

// Component tests (jsdom): tell React that this is a test environment whose updates go through
// `act` (Testing Library's render, events and waitFor do), as React's testing guide asks. React
// then warns about an update it was not told about instead of printing "The current testing
// environment is not configured to support act(...)" about its own set-up; Testing Library turns
// the flag off only while `waitFor` polls. Vitest runs without globals here, so Testing Library's
// own `beforeAll` that would set it never runs.
if (typeof document !== 'undefined') {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  // Testing Library's default wait (1 s) is shorter than one lazy chunk's first import or one
  // idle callback on a shared 2-core machine under load; a wait that ends by a condition met
  // costs nothing more when the machine is quiet.
  configure({ asyncUtilTimeout: 5000 });
}

// jsdom has no requestIdleCallback. The page's idle parts (use-idle.ts: the header's bag count,
// the wish list's session) then come at once, from the effect that asks for them, so they render
// and settle within that render's `act` like the rest of it, as parts shown once hydrated do (a
// timer or a microtask would land in a later test step, outside it).
if (typeof window !== 'undefined' && typeof window.requestIdleCallback !== 'function') {
  window.requestIdleCallback = (callback) => {
    callback({ didTimeout: false, timeRemaining: () => 50 });
    return 0;
  };
  window.cancelIdleCallback = () => undefined;
}

// An unexpected console.error or console.warn fails the test that logged it (tests/helpers/console-guard.ts).
// Installed again before each test: a `vi.spyOn(console, …)` left by an earlier test (Vitest does
// not restore mocks here) would otherwise swallow every later test's messages unseen.
installConsoleGuard();
beforeEach(installConsoleGuard);

function failOnConsoleProblems(): void {
  const problems = takeConsoleProblems();
  if (problems.length > 0) {
    throw new Error(`${problems.join('\n\n')}\n\n(declare a message the test provokes on purpose with expectConsoleError / expectConsoleWarn from tests/helpers/console-guard.ts)`);
  }
}

// Registered before any test file's hooks, so it runs after them (Vitest runs after-hooks in
// reverse): what an unmount in the file's cleanup logs is this test's too.
afterEach(failOnConsoleProblems);
// What is logged after a file's last test (a timer, a late promise) fails the file.
afterAll(failOnConsoleProblems);

// The answers this file's apps gave, for the run's response contract report (tests/setup/api-contract.ts).
afterAll(() => writeSeenPairs(expect.getState().testPath));
