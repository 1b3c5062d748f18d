import { describe, expect, test } from 'vitest';
import { cpuTimes, stealBetween } from './machine.ts';
import { BUDGETS, formatTable, median, missedBudgets, summarize, type RunMetrics } from './web-report.ts';

function run(overrides: Partial<RunMetrics> = {}): RunMetrics {
  return { score: 99, fcpMs: 900, lcpMs: 1200, tbtMs: 40, cls: 0.01, transferredBytes: 150 * 1024, stealPercent: 1, load: 0.5, ...overrides };
}

describe('median', () => {
  test('is the middle of an odd count, whatever the order', () => {
    expect(median([5, 1, 4, 2, 3])).toBe(3);
    expect(median([3_600, 3_500, 9_000, 3_400, 100])).toBe(3_500);
  });

  test('is the mean of the two middle values of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  test('does not reorder its input', () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });

  test('refuses no values instead of inventing one', () => {
    expect(() => median([])).toThrow('median of no values');
  });
});

describe('summarize', () => {
  test('takes each metric’s own median, one lucky run does not carry the page', () => {
    const runs = [run({ score: 100, lcpMs: 900 }), run({ score: 70, lcpMs: 4_000 }), run({ score: 72, lcpMs: 3_800 }), run({ score: 71, lcpMs: 3_900 }), run({ score: 99, lcpMs: 1_000 })];
    const summary = summarize('home', 'http://x/', runs);
    expect(summary.median.score).toBe(72);
    expect(summary.median.lcpMs).toBe(3_800);
    expect(summary.runs).toBe(5);
  });

  test('reports the mean steal and the highest load of the runs; steal is unknown if any run lacks it', () => {
    expect(summarize('home', 'u', [run({ stealPercent: 1, load: 0.5 }), run({ stealPercent: 5, load: 3.2 })])).toMatchObject({ stealPercent: 3, load: 3.2 });
    expect(summarize('home', 'u', [run({ stealPercent: 1 }), run({ stealPercent: null })]).stealPercent).toBeNull();
  });
});

describe('budgets (issue 11: score ≥ 98, LCP ≤ 1.5 s, CLS ≤ 0.02, TBT ≤ 100 ms)', () => {
  test('a page exactly at every limit passes', () => {
    expect(missedBudgets(summarize('home', 'u', [run({ score: 98, lcpMs: 1_500, cls: 0.02, tbtMs: 100 })]))).toEqual([]);
  });

  test.each([
    ['score', { score: 97 }, 'home: median score 97 misses score ≥ 98'],
    ['LCP', { lcpMs: 1_501 }, 'home: median LCP 1501 ms misses LCP ≤ 1.5 s'],
    ['CLS', { cls: 0.021 }, 'home: median CLS 0.021 misses CLS ≤ 0.02'],
    ['TBT', { tbtMs: 101 }, 'home: median TBT 101 ms misses TBT ≤ 100 ms'],
  ] as const)('just past the %s budget misses it, and only it', (_, overrides, message) => {
    expect(missedBudgets(summarize('home', 'u', [run(overrides)]))).toEqual([message]);
  });

  test('FCP and transferred bytes are printed, not judged', () => {
    expect(missedBudgets(summarize('home', 'u', [run({ fcpMs: 9_000, transferredBytes: 10 * 1024 ** 2 })]))).toEqual([]);
    expect(BUDGETS.map((budget) => budget.metric)).toEqual(['score', 'lcpMs', 'cls', 'tbtMs']);
  });
});

describe('formatTable', () => {
  const pages = [
    summarize('home', 'u', [run()]),
    summarize('category listing', 'u', [run({ score: 67, fcpMs: 2_345, lcpMs: 4_700, tbtMs: 287, cls: 0.105, transferredBytes: 512_000, stealPercent: 12.34, load: 2.5 })]),
  ];
  const lines = formatTable(pages).split('\n');

  test('heads the columns page | score | FCP | LCP | TBT | CLS | transferred KB | steal% | load | result', () => {
    expect(lines[0]?.split('|').map((cell) => cell.trim())).toEqual(['page', 'score', 'FCP', 'LCP', 'TBT', 'CLS', 'transferred KB', 'steal%', 'load', 'result']);
  });

  test('one row per page with its medians, steal and load, and the budgets it misses', () => {
    expect(lines).toHaveLength(4);
    expect(lines[2]?.split('|').map((cell) => cell.trim())).toEqual(['home', '99', '0.90 s', '1.20 s', '40 ms', '0.010', '150', '1.0', '0.50', 'pass']);
    expect(lines[3]?.split('|').map((cell) => cell.trim())).toEqual(['category listing', '67', '2.35 s', '4.70 s', '287 ms', '0.105', '500', '12.3', '2.50', 'FAIL (score, LCP, CLS, TBT)']);
  });

  test('columns line up: every row puts its separators where the header does', () => {
    const bars = (line: string) => [...line].flatMap((char, i) => (char === '|' ? [i] : []));
    expect(bars(lines[2] as string)).toEqual(bars(lines[0] as string));
    expect(bars(lines[3] as string)).toEqual(bars(lines[0] as string));
  });

  test('prints ? for a steal it could not read', () => {
    expect(formatTable([summarize('home', 'u', [run({ stealPercent: null })])]).split('\n')[2]).toMatch(/\| +\? \|/);
  });
});

describe('steal time', () => {
  test('is the steal share of all ticks between two readings of /proc/stat', () => {
    // user nice system idle iowait irq softirq steal
    expect(stealBetween([100, 0, 50, 800, 0, 0, 0, 50], [190, 0, 60, 880, 0, 0, 0, 70])).toBe(10);
  });

  test('is unknown without readings or without time passing', () => {
    expect(stealBetween(null, [1])).toBeNull();
    expect(stealBetween([1, 2], [1, 2])).toBeNull();
  });

  test('reads this machine’s counters where /proc exists', () => {
    const times = cpuTimes();
    if (times) expect(times.length).toBeGreaterThanOrEqual(8);
  });
});
