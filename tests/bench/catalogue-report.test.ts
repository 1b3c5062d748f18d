import { describe, expect, test } from 'vitest';
import type { MeasuredRow } from './catalogue-rows.ts';
import { budgetRow, cpuShares, pgRow, ratioRow, ratios, times } from './catalogue-report.ts';
import { childrenNamed, parseProcessStat, treeCpuMs, type ProcessStat } from './machine.ts';

/** `/proc/stat`'s first line as `cpuTimes()` reads it: user nice system idle iowait irq softirq steal guest guest_nice, in ticks (1/100 s). */
const IDLE_MACHINE = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0];

function row(overrides: Partial<MeasuredRow> = {}, result: Partial<MeasuredRow['result']> = {}): MeasuredRow {
  return {
    kind: 'measured',
    name: 'listing',
    connections: 10,
    result: { requests: 2_000, rps: 200.4, p50: 4, p99: 30, non2xx: 0, errors: 0, statuses: '2000× 200', ...result },
    load: 1.2,
    cpuMs: { server: 3_000 },
    // 10 s on one core: 1.5 s user, 0.5 s system, 7.5 s idle, 0.5 s steal.
    machine: { before: IDLE_MACHINE, after: [150, 0, 50, 750, 0, 0, 0, 50, 0, 0] },
    peakRss: 600 * 1024 ** 2,
    spread: '60 URLs',
    ...overrides,
  };
}

describe('the PGlite table (budgetRow)', () => {
  test('prints a row in the columns the bench has always printed, and a missed p99 budget at 10 connections fails', () => {
    const failures: string[] = [];
    expect(budgetRow(row(), failures)).toBe('GET products (2 filters + sort)         10      200       4      30        0       1.50   1.2      5     600  p99 ≤ 25 ms @10    FAIL  60 URLs');
    expect(failures).toEqual(['GET products (2 filters + sort) @10: p99 30 ms, non-2xx 0, errors 0 (budget p99 ≤ 25 ms)']);
  });

  test('judges only at 10 connections: the same p99 at 50 is printed without a verdict', () => {
    const failures: string[] = [];
    expect(budgetRow(row({ connections: 50 }), failures)).toContain('  (none)             -  60 URLs');
    expect(failures).toEqual([]);
  });

  test('a queue row (orders) within its budget passes, and an unknown CPU time prints as ?', () => {
    const failures: string[] = [];
    const orders = row({ name: 'placeOrder', cpuMs: { server: null }, spread: '1000 bags' }, { requests: 1_000, rps: 50, p50: 80, p99: 95 });
    expect(budgetRow(orders, failures)).toBe('POST checkout/orders (1 line)           10       50      80      95        0          ?   1.2      5     600  p99 ≤ 100 ms @10   pass  1000 bags');
    expect(failures).toEqual([]);
  });

  test('non-2xx answers fail a row inside its p99 budget and print the statuses', () => {
    const failures: string[] = [];
    const line = budgetRow(row({}, { p99: 10, non2xx: 3, statuses: '1997× 200, 3× 503' }), failures);
    expect(line).toContain(' FAIL  60 URLs (1997× 200, 3× 503)');
    expect(failures).toEqual(['GET products (2 filters + sort) @10: p99 10 ms, non-2xx 3, errors 0 (budget p99 ≤ 25 ms)']);
  });

  test('an endpoint that answered 404 everywhere is reported missing, not measured', () => {
    const failures: string[] = [];
    expect(budgetRow({ kind: 'unavailable', name: 'search', missing: true, summary: '60× 404' }, failures)).toBe(`${'GET search?q='.padEnd(36)} NOT AVAILABLE: every URL answered 404 (endpoint missing?)`);
    expect(failures).toEqual(['GET search?q=: endpoint missing (404)']);
  });
});

describe('where a PostgreSQL row spent its CPU (cpuShares)', () => {
  const pgRowOf = (cpuMs: MeasuredRow['cpuMs']) => row({ cpuMs }, { requests: 1_000 });

  test('adds the groups per request, names the largest, and turns it into what the cores allow', () => {
    const shares = cpuShares(pgRowOf({ node: 2_000, pg: 1_000, lb: 500, gen: 500 }), 2);
    expect(shares.perRequestMs).toBe(4);
    expect(shares.most).toBe('node');
    // Two cores, 4 ms of CPU per request: 500 requests per second at most.
    expect(shares.capRps).toBe(500);
  });

  test('counts steal as busy, and what the machine used beyond the bench as other work', () => {
    // The machine: 2 s busy (user + system) and 0.5 s steal of 10 s; the bench's processes used 1.5 s of the 2.
    const shares = cpuShares(pgRowOf({ node: 1_000, pg: 300, lb: 100, gen: 100 }), 2);
    expect(shares.busyPercent).toBeCloseTo(25, 5);
    expect(shares.othersPercent).toBeCloseTo(5, 5);
    expect(shares.most).toBe('node');
  });

  test('the database can be the largest', () => {
    expect(cpuShares(pgRowOf({ node: 100, pg: 900, lb: 10, gen: 10 }), 2).most).toBe('pg');
  });

  test('an unknown group leaves the sum, cap and other work unknown rather than undercounted', () => {
    const shares = cpuShares(pgRowOf({ node: 1_000, pg: null, lb: 100, gen: 100 }), 2);
    expect(shares).toMatchObject({ perRequestMs: null, capRps: null, most: null, othersPercent: null });
    expect(pgRow(pgRowOf({ node: 1_000, pg: null, lb: 100, gen: 100 }), 2, 'one', [])).toContain('  1.00      ?   0.10   0.10      ?    ?');
  });

  test('a PostgreSQL row with non-2xx answers is a failure named by its run', () => {
    const failures: string[] = [];
    pgRow(row({ cpuMs: { node: 1, pg: 1, lb: 1, gen: 1 } }, { non2xx: 2, statuses: '2× 500' }), 2, 'TWO server processes', failures);
    expect(failures).toEqual(['TWO server processes: GET products (2 filters + sort) @10: non-2xx 2 (2× 500), errors 0']);
  });
});

describe('two processes against one (ratios)', () => {
  test('matches rows by endpoint and connections, skipping a row only one run measured', () => {
    const one = [row({ connections: 10 }, { rps: 100, p99: 40 }), row({ connections: 50 }, { rps: 120, p99: 200 }), row({ name: 'search' }, { rps: 80, p99: 20 })];
    const two = [row({ connections: 50 }, { rps: 180, p99: 120 }), row({ connections: 10 }, { rps: 150, p99: 30 }), { kind: 'unavailable' as const, name: 'search' as const, missing: false, summary: '1× 500' }];
    expect(ratios(one, two)).toEqual([
      { name: 'listing', connections: 10, rps: [100, 150], p99: [40, 30] },
      { name: 'listing', connections: 50, rps: [120, 180], p99: [200, 120] },
    ]);
  });

  test('prints two over one, and no ratio of a zero', () => {
    expect(times(100, 150)).toBe('1.50×');
    expect(times(0, 5)).toBe('-');
    expect(ratioRow({ name: 'listing', connections: 10, rps: [100, 150], p99: [40, 30] })).toBe(`${'GET products (2 filters + sort)'.padEnd(36)}    10      100      150   1.50×      40      30   0.75×`);
  });
});

describe('reading /proc (parseProcessStat, treeCpuMs, childrenNamed)', () => {
  test('reads ppid and CPU times past a command name holding spaces and parentheses', () => {
    // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime …
    const line = '4242 (postgres: x (y) ) S 100 4242 4242 0 -1 4194560 10 0 0 0 250 50 30 20 20 0 1 0 100 1000 100';
    expect(parseProcessStat(line)).toEqual({ ppid: 100, comm: 'postgres: x (y) ', cpuMs: 3_000, reapedChildrenMs: 500 });
    expect(parseProcessStat('not a stat line')).toBeNull();
  });

  const stat = (ppid: number, comm: string, cpuMs: number, reapedChildrenMs = 0): ProcessStat => ({ ppid, comm, cpuMs, reapedChildrenMs });
  const processes = new Map<number, ProcessStat>([
    [10, stat(1, 'postgres', 100, 40)],
    [11, stat(10, 'postgres', 200)],
    [12, stat(10, 'postgres', 300)],
    // A grandchild is not the postmaster's backend: not counted.
    [13, stat(12, 'postgres', 1_000)],
    [20, stat(99, 'haproxy', 7)],
    [21, stat(99, 'node', 8)],
    [22, stat(5, 'haproxy', 9)],
  ]);

  test('a postmaster and its backends, live and ended', () => {
    expect(treeCpuMs(10, processes)).toBe(100 + 40 + 200 + 300);
    expect(treeCpuMs(77, processes)).toBeNull();
  });

  test('finds only the named children of the given parent', () => {
    expect(childrenNamed(99, 'haproxy', processes)).toEqual([20]);
  });
});
