/**
 * What the scale suite found: each assertion as a named check (passed or failed, with the figures
 * that decided it), and the table of figures printed at the end. A failed check never stops the
 * run: the later scenarios still run and report, and the suite exits 1 at the end.
 */

export interface Check {
  scenario: string;
  name: string;
  ok: boolean;
  detail: string;
}

export interface FigureRow {
  scenario: string;
  requests: number;
  failures: number;
  statuses: string;
  p50: number | null;
  p99: number | null;
  seconds: number;
  /** Answers per process (`s1 40, s2 41, s3 39`). */
  spread: string;
}

export class Report {
  readonly checks: Check[] = [];
  readonly figures: FigureRow[] = [];
  readonly notes: string[] = [];

  constructor(private readonly log: (line: string) => void = console.log) {}

  check(scenario: string, name: string, ok: boolean, detail = ''): boolean {
    this.checks.push({ scenario, name, ok, detail });
    this.log(`  ${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? `: ${detail}` : ''}`);
    return ok;
  }

  /** A check that compares a figure with what it must be. */
  equal(scenario: string, name: string, actual: unknown, expected: unknown): boolean {
    const ok = JSON.stringify(actual) === JSON.stringify(expected);
    return this.check(scenario, name, ok, ok ? JSON.stringify(actual) : `got ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
  }

  /** A scenario that threw: every check it had not reached yet is lost, so the failure is a check of its own. */
  crashed(scenario: string, error: unknown): void {
    this.check(scenario, 'ran to the end', false, error instanceof Error ? (error.stack ?? error.message).split('\n').slice(0, 6).join(' | ') : String(error));
  }

  figure(row: FigureRow): void {
    this.figures.push(row);
  }

  note(line: string): void {
    this.notes.push(line);
    this.log(`  note: ${line}`);
  }

  failed(): Check[] {
    return this.checks.filter((c) => !c.ok);
  }

  /** The figures table, then the failed checks (if any), as printed at the end of a run. */
  summary(): string {
    const header = ['scenario', 'requests', 'failures', 'p50 ms', 'p99 ms', 's', 'statuses', 'per process'];
    const rows = this.figures.map((f) => [f.scenario, String(f.requests), String(f.failures), ms(f.p50), ms(f.p99), f.seconds.toFixed(1), f.statuses, f.spread]);
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
    const line = (cells: string[]) => cells.map((c, i) => (i >= 1 && i <= 5 ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join('  ');
    const failed = this.failed();
    return [
      line(header),
      line(widths.map((w) => '-'.repeat(w))),
      ...rows.map(line),
      '',
      `${this.checks.length - failed.length} of ${this.checks.length} checks passed`,
      ...failed.map((c) => `FAIL [${c.scenario}] ${c.name}: ${c.detail}`),
      ...(this.notes.length ? ['', ...this.notes.map((n) => `note: ${n}`)] : []),
    ].join('\n');
  }
}

const ms = (value: number | null) => (value === null ? '-' : value.toFixed(0));

/** The value at quantile `q` (0–1) of `values`, or null when empty. */
export function quantile(values: readonly number[], q: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? null;
}

/** `201×30, 409×2`: a count per key, in key order. */
export function tally(values: readonly (string | number)[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(String(value), (counts.get(String(value)) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, n]) => `${key}×${n}`)
    .join(', ');
}
