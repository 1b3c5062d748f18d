import fc from 'fast-check';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createActor } from 'xstate';
import { CHECK_FAILURE_MESSAGE, navigationGuardMachine, type CheckFailureReport } from '../../machines/runtime/navigation-guard.machine.ts';
import { navigationGuardModel } from '../../machines/runtime/navigation-guard.model.ts';
import {
  compileExemptions,
  isExempted,
  judgeNavigation,
  MAX_PATTERN_LENGTH,
  MAX_TESTED_PATH_LENGTH,
  unsafePatternReason,
  type InvalidEntry,
} from '../../machines/runtime/navigation-guard.rules.ts';
import { coverage } from '../../machines/model/graph.ts';

const EXEMPTED = [
  { type: 'absolute', value: '/' },
  { type: 'startsWith', value: '/categories' },
  { type: 'regex', value: '^/search(\\?.*)?$' },
  { type: 'regex', value: '^/products/[a-z0-9-]+$' },
];

function start(exemptedPaths: readonly unknown[] = EXEMPTED) {
  const failures: CheckFailureReport[] = [];
  const invalid: InvalidEntry[][] = [];
  const actor = createActor(
    navigationGuardMachine.provide({
      actions: { reportCheckFailure: (_, report) => void failures.push(report), reportInvalidEntries: (_, entries) => void invalid.push(entries) },
    }),
  ).start();
  actor.send({ type: 'navigation.configure', exemptedPaths });
  const go = (origin: string, target: string, matched: { origin?: boolean; target?: boolean } = {}) => {
    actor.send({ type: 'navigation.request', origin, target, originMatched: matched.origin ?? true, targetMatched: matched.target ?? true });
    return actor.getSnapshot().value;
  };
  return { actor, go, failures, invalid };
}

describe('navigationGuard machine', () => {
  test('starts idle; an exempted target stays in-app (absolute, startsWith, regex)', () => {
    const { actor, go } = start();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(go('/categories/makeup', '/')).toBe('inApp');
    expect(go('/', '/categories/makeup/face')).toBe('inApp');
    expect(go('/', '/products/rouge-lipstick')).toBe('inApp');
    expect(actor.getSnapshot().context.verdict).toBe('exempted');
  });

  test('a target that is not exempted is a full page load, from any state', () => {
    const { go } = start();
    expect(go('/', '/about')).toBe('fullPage');
    expect(go('/about', '/products/Not_A_Slug')).toBe('fullPage');
    expect(go('/', '/categories/makeup')).toBe('inApp');
    expect(go('/categories/makeup', '/privacy')).toBe('fullPage');
  });

  test('"absolute" is the exact path, not a prefix', () => {
    const { go } = start([{ type: 'absolute', value: '/privacy' }]);
    expect(go('/', '/privacy')).toBe('inApp');
    expect(go('/', '/privacy/more')).toBe('fullPage');
  });

  test('no matched page for the origin or the target → full page, even when exempted', () => {
    const { go } = start();
    expect(go('/', '/categories/x', { target: false })).toBe('fullPage');
    expect(go('/unknown', '/categories/x', { origin: false })).toBe('fullPage');
    expect(go('/', '/categories/x')).toBe('inApp');
  });

  test('the same path (only the query changes) stays in-app without a check', () => {
    const { actor, go } = start([]);
    expect(go('/categories/makeup', '/categories/makeup?sort=price')).toBe('inApp');
    expect(actor.getSnapshot().context.verdict).toBe('samePath');
  });

  test('without a layout yet nothing is exempted', () => {
    const actor = createActor(navigationGuardMachine).start();
    actor.send({ type: 'navigation.request', origin: '/', target: '/categories/makeup', originMatched: true, targetMatched: true });
    expect(actor.getSnapshot().value).toBe('fullPage');
  });

  test('a failure while checking is reported with target, origin and exempted paths, and navigation continues in-app', () => {
    const { go, failures } = start();
    expect(go('/', '/brands/%E0%A4%A')).toBe('inApp');
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ message: CHECK_FAILURE_MESSAGE, target: '/brands/%E0%A4%A', origin: '/', exemptedPaths: EXEMPTED });
    expect(failures[0]?.error).toBeInstanceOf(URIError);
    expect(CHECK_FAILURE_MESSAGE).toBe('Something went wrong while checking for exempted routes.');
  });

  test('invalid entries are reported once per configuration and ignored', () => {
    const { actor, go, invalid } = start([{ type: 'regex', value: '(a+)+$' }, { type: 'regex', value: '[' }, { type: 'glob', value: '*' }, null, { type: 'startsWith', value: '/ok' }]);
    expect(invalid).toHaveLength(1);
    const reasons = invalid[0]?.map((entry) => entry.reason) ?? [];
    expect(reasons[0]).toBe('nested quantifier');
    expect(reasons[1]).toMatch(/Invalid regular expression/);
    expect(reasons[2]).toMatch(/^not an entry/);
    expect(reasons[3]).toMatch(/^not an entry/);
    expect(reasons).toHaveLength(4);
    expect(actor.getSnapshot().context.rules).toHaveLength(1);
    go('/', '/a');
    go('/', '/ok/b');
    expect(invalid).toHaveLength(1);
    expect(go('/', '/ok/c')).toBe('inApp');
  });

  test('paths are compared decoded, as the CMS writes them', () => {
    const { go } = start([{ type: 'absolute', value: "/brands/l'oréal" }]);
    expect(go('/', "/brands/l'or%C3%A9al")).toBe('inApp');
  });

  test('the model reaches every state and transition', () => {
    const result = coverage(navigationGuardModel);
    expect(result.states.missing).toEqual([]);
    expect(result.transitions.missing).toEqual([]);
  });
});

describe('safe patterns', () => {
  afterEach(() => vi.restoreAllMocks());

  test.each([
    ['(a+)+$', 'nested quantifier'],
    ['(a*)*', 'nested quantifier'],
    ['(?:\\w+\\s?)+$', 'nested quantifier'],
    ['((ab)+c)*', 'nested quantifier'],
    ['(a|aa)+', 'nested quantifier'],
    ['(x{1,5}){2,}', 'nested quantifier'],
    ['(a)\\1', 'backreference'],
    ['(?<n>a)\\k<n>', 'backreference'],
    ['(abc', 'unbalanced parenthesis'],
    ['abc)', 'unbalanced parenthesis'],
    ['', 'empty pattern'],
    ['a'.repeat(MAX_PATTERN_LENGTH + 1), `longer than ${MAX_PATTERN_LENGTH} characters`],
  ])('%s is refused: %s', (pattern, reason) => {
    expect(unsafePatternReason(pattern)).toBe(reason);
  });

  test.each(['^/search(\\?.*)?$', '^/products/[a-z0-9-]+$', '^/(en|th)/promo', '^/a(bc)?d*$', '[(+)]+', '\\(a+\\)+', '(ab){2}', '^/x(?:y)+$'])('%s is accepted', (pattern) => {
    expect(unsafePatternReason(pattern)).toBeNull();
    expect(compileExemptions([{ type: 'regex', value: pattern }]).rules).toHaveLength(1);
  });

  test('a pathological pattern on a long path returns at once: the regex is never run', () => {
    // Steps, not wall time: count the runs of the CMS pattern itself (our own helpers use regexes too).
    const original = RegExp.prototype.test;
    let patternRuns = 0;
    vi.spyOn(RegExp.prototype, 'test').mockImplementation(function (this: RegExp, input: string) {
      if (this.source === '(a+)+$') patternRuns += 1;
      return original.call(this, input);
    });
    const { rules, invalid } = compileExemptions([{ type: 'regex', value: '(a+)+$' }]);
    expect(rules).toEqual([]);
    expect(invalid).toHaveLength(1);
    const verdict = judgeNavigation(rules, { origin: '/', target: `/${'a'.repeat(50_000)}!`, originMatched: true, targetMatched: true });
    expect(verdict.kind).toBe('notExempted');
    expect(patternRuns).toBe(0);
  });

  test('regex rules are never tested against a path longer than the cap', () => {
    const { rules } = compileExemptions([{ type: 'regex', value: '^/a' }]);
    const seen: number[] = [];
    const original = RegExp.prototype.test;
    vi.spyOn(RegExp.prototype, 'test').mockImplementation(function (this: RegExp, input: string) {
      if (this.source === '^\\/a') seen.push(input.length);
      return original.call(this, input);
    });
    expect(isExempted(rules, `/a${'b'.repeat(MAX_TESTED_PATH_LENGTH)}`)).toBe(false);
    expect(isExempted(rules, '/ab')).toBe(true);
    expect(seen).toEqual([3]);
  });

  test('property: the checker never throws and every pattern it accepts compiles or is reported', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (pattern) => {
        const { rules, invalid } = compileExemptions([{ type: 'regex', value: pattern }]);
        expect(rules.length + invalid.length).toBe(1);
      }),
    );
  });
});
