import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { settle, type ExpectedLog, type Logged } from '../helpers/console-guard.ts';

const error = (message: string): Logged => ({ level: 'error', message, args: [message] });
const warn = (message: string): Logged => ({ level: 'warn', message, args: [message] });
const declared = (level: ExpectedLog['level'], pattern: string | RegExp): ExpectedLog => ({ level, pattern, calls: [] });

describe('settle: the console guard’s verdict', () => {
  test('nothing logged, nothing declared: no problem', () => {
    expect(settle([], [])).toEqual([]);
  });

  test('an undeclared error or warning is a problem, quoted', () => {
    expect(settle([error('An update to Header inside a test was not wrapped in act(...)'), warn('key missing')], [])).toEqual([
      'unexpected console.error: An update to Header inside a test was not wrapped in act(...)',
      'unexpected console.warn: key missing',
    ]);
  });

  test('a declaration covers every message it matches (substring or RegExp), of its level only', () => {
    expect(settle([error('Fatal app error: x'), error('Fatal app error: y')], [declared('error', 'Fatal app error')])).toEqual([]);
    expect(settle([error('Notifications did not load')], [declared('error', /^Notifications/)])).toEqual([]);
    expect(settle([warn('Fatal app error')], [declared('error', 'Fatal app error')])).toEqual([
      'unexpected console.warn: Fatal app error',
      'expected console.error matching Fatal app error was never logged',
    ]);
  });

  test('a declaration nothing met is a problem: it cannot outlive what it described', () => {
    expect(settle([], [declared('warn', /Deployment check/)])).toEqual(['expected console.warn matching /Deployment check/ was never logged']);
  });

  test('a very long message (a component stack) is cut in the failure', () => {
    const [problem] = settle([error('x'.repeat(5_000))], []);
    expect(problem).toMatch(/x{1500}… \(3500 more characters\)$/);
  });
});

interface JsonReport {
  testResults: { assertionResults: { title: string; status: string; failureMessages: string[] }[] }[];
}

describe('the guard in a real Vitest run (tests/tools/fixtures/console-guard)', () => {
  test('fails the tests that log what they did not declare, or declare what they never log; passes the rest', () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const out = mkdtempSync(path.join(tmpdir(), 'console-guard-'));
    try {
      const report = path.join(out, 'report.json');
      spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--config', 'tests/tools/fixtures/console-guard/vitest.config.ts', '--reporter=json', `--outputFile=${report}`], {
        cwd: root,
        encoding: 'utf8',
        timeout: 120_000,
      });
      const { testResults } = JSON.parse(readFileSync(report, 'utf8')) as JsonReport;
      const results = new Map(testResults.flatMap((file) => file.assertionResults).map((result) => [result.title, result]));
      const outcome = (title: string) => ({ status: results.get(title)?.status, message: results.get(title)?.failureMessages.join('\n') ?? '' });

      expect([...results.keys()]).toHaveLength(7);
      expect(outcome('fails: an unexpected console.error')).toMatchObject({ status: 'failed', message: expect.stringContaining('unexpected console.error: Something broke: the layout') });
      expect(outcome('fails: an unexpected console.warn')).toMatchObject({ status: 'failed', message: expect.stringContaining('unexpected console.warn: Deprecated prop') });
      expect(outcome('passes: a declared console.error, whose calls the test can read').status).toBe('passed');
      expect(outcome('fails: a declared console.warn that is never logged')).toMatchObject({ status: 'failed', message: expect.stringContaining('expected console.warn matching Deployment check was never logged') });
      const other = outcome('fails: a declared error does not cover another one');
      expect(other).toMatchObject({ status: 'failed', message: expect.stringContaining('unexpected console.error: another one') });
      expect(other.message).not.toContain('unexpected console.error: expected one');
      // The act environment is on for jsdom tests: React names an update it was not told about.
      expect(outcome('fails: a React state update outside act')).toMatchObject({ status: 'failed', message: expect.stringContaining('An update to Label inside a test was not wrapped in act(...)') });
      expect(outcome('passes: the same update inside act').status).toBe('passed');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 120_000);
});
