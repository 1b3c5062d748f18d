/**
 * Every test runs under a console guard (installed by tests/setup/vitest.setup.ts): whatever it
 * logs with `console.error` or `console.warn` fails it, unless the test declared that message
 * first with `expectConsoleError` / `expectConsoleWarn`. So React's warnings (a state update
 * outside `act`, a key missing, a hydration mismatch) and our own error logs cannot scroll past
 * unread, and a test that provokes an error on purpose says so where it does it.
 *
 * A declaration must be met: a test that declares a message and never logs it fails too, so a
 * declaration cannot outlive the behaviour it described.
 */
import { format } from 'node:util';

export type ConsoleLevel = 'error' | 'warn';

/** A message as the console would have printed it (`%s` substituted, objects inspected). */
export interface Logged {
  level: ConsoleLevel;
  message: string;
  args: unknown[];
}

/** What a test declared it will log; `calls` fills in as it does, for assertions on the arguments. */
export interface ExpectedLog {
  level: ConsoleLevel;
  pattern: string | RegExp;
  /** The arguments of every call this declaration took, in order. */
  readonly calls: unknown[][];
}

const matches = (pattern: string | RegExp, message: string) => (typeof pattern === 'string' ? message.includes(pattern) : pattern.test(message));

/** Longest message quoted in a failure: a React warning with a component stack runs long. */
const QUOTE_LIMIT = 1_500;
const quote = (message: string) => (message.length > QUOTE_LIMIT ? `${message.slice(0, QUOTE_LIMIT)}… (${message.length - QUOTE_LIMIT} more characters)` : message);

/**
 * The guard's verdict on what a test logged, given what it declared: each logged message goes to
 * the first declaration of its level that matches it; the problems are the messages nothing
 * declared and the declarations nothing met. Pure, so tests/tools/console-guard.test.ts checks it.
 */
export function settle(logged: readonly Logged[], expected: readonly ExpectedLog[]): string[] {
  const met = new Set<ExpectedLog>();
  const unexpected: Logged[] = [];
  for (const entry of logged) {
    const declaration = expected.find((candidate) => candidate.level === entry.level && matches(candidate.pattern, entry.message));
    if (declaration) met.add(declaration);
    else unexpected.push(entry);
  }
  return [
    ...unexpected.map((entry) => `unexpected console.${entry.level}: ${quote(entry.message)}`),
    ...expected.filter((declaration) => !met.has(declaration)).map((declaration) => `expected console.${declaration.level} matching ${String(declaration.pattern)} was never logged`),
  ];
}

/** What the current test logged and declared (one test at a time runs in a worker). */
let logged: Logged[] = [];
let expected: ExpectedLog[] = [];

function declare(level: ConsoleLevel, pattern: string | RegExp): ExpectedLog {
  const declaration: ExpectedLog = { level, pattern, calls: [] };
  expected.push(declaration);
  return declaration;
}

/**
 * Declares that this test logs a `console.error` matching `pattern` (a substring, or a RegExp
 * tested on the formatted message), once or more; it is then kept off the output. Returns the
 * declaration, whose `calls` hold the arguments of each matching call.
 */
export function expectConsoleError(pattern: string | RegExp): ExpectedLog {
  return declare('error', pattern);
}

/** `expectConsoleError` for `console.warn`. */
export function expectConsoleWarn(pattern: string | RegExp): ExpectedLog {
  return declare('warn', pattern);
}

/** Replaces `console.error` and `console.warn` with recorders. Once per worker, from the setup file. */
export function installConsoleGuard(): void {
  for (const level of ['error', 'warn'] as const) {
    console[level] = (...args: unknown[]) => {
      const message = format(...args);
      logged.push({ level, message, args });
      const declaration = expected.find((candidate) => candidate.level === level && matches(candidate.pattern, message));
      declaration?.calls.push(args);
    };
  }
}

/** The problems of what was logged since the last check (the setup's afterEach throws them), and a fresh start. */
export function takeConsoleProblems(): string[] {
  const problems = settle(logged, expected);
  logged = [];
  expected = [];
  return problems;
}
