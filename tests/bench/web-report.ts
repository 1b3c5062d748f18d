/**
 * The pure half of `npm run bench:web` (tests/bench/web.ts): medians of Lighthouse runs, the
 * budgets of issue 11 and the table. No I/O, so tests/bench/web-report.test.ts covers it.
 */

/** What one Lighthouse run of one page measured, and how busy the machine was meanwhile. */
export interface RunMetrics {
  /** Performance score, 0–100. */
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Bytes transferred for the page (Lighthouse's `total-byte-weight`). */
  transferredBytes: number;
  /** Share of CPU time the hypervisor gave other guests during the run, in percent; null without /proc/stat. */
  stealPercent: number | null;
  /** Highest 1-minute load average seen during the run. */
  load: number;
}

export type Metric = 'score' | 'fcpMs' | 'lcpMs' | 'tbtMs' | 'cls' | 'transferredBytes';

/** One page's medians, metric by metric (each metric's own median, as Lighthouse CI reports them). */
export interface PageSummary {
  page: string;
  url: string;
  runs: number;
  median: Record<Metric, number>;
  /** Steal over all the page's runs together (mean of the runs), null when unknown. */
  stealPercent: number | null;
  /** Highest load average during any of the page's runs. */
  load: number;
}

/** Issue 11: a page passes when each of these medians holds. */
export interface Budget {
  metric: Metric;
  /** The metric as the table heads it. */
  name: string;
  label: string;
  /** `min`: the median must be at least `limit`; `max`: at most. */
  kind: 'min' | 'max';
  limit: number;
}

export const BUDGETS: readonly Budget[] = [
  { metric: 'score', name: 'score', label: 'score ≥ 98', kind: 'min', limit: 98 },
  { metric: 'lcpMs', name: 'LCP', label: 'LCP ≤ 1.5 s', kind: 'max', limit: 1500 },
  { metric: 'cls', name: 'CLS', label: 'CLS ≤ 0.02', kind: 'max', limit: 0.02 },
  { metric: 'tbtMs', name: 'TBT', label: 'TBT ≤ 100 ms', kind: 'max', limit: 100 },
];

/** Median of a non-empty list: the middle value, or the mean of the two middle ones. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

const METRICS: readonly Metric[] = ['score', 'fcpMs', 'lcpMs', 'tbtMs', 'cls', 'transferredBytes'];

export function summarize(page: string, url: string, runs: readonly RunMetrics[]): PageSummary {
  if (runs.length === 0) throw new Error(`${page}: no runs to summarize`);
  const medians = Object.fromEntries(METRICS.map((metric) => [metric, median(runs.map((run) => run[metric]))])) as Record<Metric, number>;
  const steals = runs.map((run) => run.stealPercent).filter((steal): steal is number => steal !== null);
  return {
    page,
    url,
    runs: runs.length,
    median: medians,
    stealPercent: steals.length === runs.length ? steals.reduce((sum, steal) => sum + steal, 0) / steals.length : null,
    load: Math.max(...runs.map((run) => run.load)),
  };
}

/** The budgets a page's medians miss, as sentences naming the page, the median and the budget. */
export function missedBudgets(summary: PageSummary, budgets: readonly Budget[] = BUDGETS): string[] {
  return budgets
    .filter(({ metric, kind, limit }) => (kind === 'min' ? summary.median[metric] < limit : summary.median[metric] > limit))
    .map(({ metric, name, label }) => `${summary.page}: median ${name} ${exact(metric, summary.median[metric])} misses ${label}`);
}

/** A median as a budget message states it: to the unit that decided it (1501 ms, not 1.50 s). */
function exact(metric: Metric, value: number): string {
  if (metric === 'fcpMs' || metric === 'lcpMs') return `${Math.round(value)} ms`;
  return metric === 'cls' ? String(Number(value.toFixed(4))) : formatMetric(metric, value);
}

/** A metric as the table shows it: seconds to two decimals for LCP and FCP, like Lighthouse's report. */
export function formatMetric(metric: Metric, value: number): string {
  switch (metric) {
    case 'score':
      return value.toFixed(0);
    case 'fcpMs':
    case 'lcpMs':
      return `${(value / 1000).toFixed(2)} s`;
    case 'tbtMs':
      return `${value.toFixed(0)} ms`;
    case 'cls':
      return value.toFixed(3);
    case 'transferredBytes':
      return (value / 1024).toFixed(0);
  }
}

const COLUMNS = ['page', 'score', 'FCP', 'LCP', 'TBT', 'CLS', 'transferred KB', 'steal%', 'load', 'result'] as const;

/** The summary table: one row per page, medians, the machine's steal and load, pass or the budgets missed. */
export function formatTable(summaries: readonly PageSummary[], budgets: readonly Budget[] = BUDGETS): string {
  const rows = summaries.map((summary) => {
    const missed = budgets.filter((budget) => missedBudgets(summary, [budget]).length > 0);
    return [
      summary.page,
      formatMetric('score', summary.median.score),
      formatMetric('fcpMs', summary.median.fcpMs),
      formatMetric('lcpMs', summary.median.lcpMs),
      formatMetric('tbtMs', summary.median.tbtMs),
      formatMetric('cls', summary.median.cls),
      formatMetric('transferredBytes', summary.median.transferredBytes),
      summary.stealPercent === null ? '?' : summary.stealPercent.toFixed(1),
      summary.load.toFixed(2),
      missed.length === 0 ? 'pass' : `FAIL (${missed.map((budget) => budget.name).join(', ')})`,
    ];
  });
  const widths = COLUMNS.map((column, i) => Math.max(column.length, ...rows.map((row) => (row[i] as string).length)));
  // Text left-aligned, numbers right-aligned, so the columns of figures line up on the decimal point.
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => (i === 0 || i === cells.length - 1 ? cell.padEnd(widths[i] as number) : cell.padStart(widths[i] as number)))
      .join(' | ')
      .trimEnd();
  return [line(COLUMNS), widths.map((width) => '-'.repeat(width)).join('-|-'), ...rows.map(line)].join('\n');
}
