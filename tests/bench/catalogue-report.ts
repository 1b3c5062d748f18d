/**
 * The catalogue bench's tables: the PGlite run's, judged against the budgets, and the PostgreSQL
 * run's two (one process, two behind HAProxy) with where each row's CPU went and the ratio of the
 * two. Pure functions of the measured rows, so the tables are tested without a server.
 */
import { busyMsBetween, stealBetween, totalMsBetween } from './machine.ts';
import { LABELS, P99_BUDGET_MS, type MeasuredRow, type RowOutcome } from './catalogue-rows.ts';

/** The widest label, `GET booking-service/available-slots`, and a space. */
export const LABEL_WIDTH = 36;
export const pad = (text: string | number, width: number) => String(text).padEnd(width);
export const padLeft = (text: string | number, width: number) => String(text).padStart(width);

/** CPU time of one group per request, in ms with two decimals; `?` when unknown. */
export function cpuPerRequest(row: MeasuredRow, group: string): string {
  const ms = row.cpuMs[group];
  return ms === null || ms === undefined || row.result.requests === 0 ? '?' : (ms / row.result.requests).toFixed(2);
}

/** The run's steal in whole percent; `?` without /proc. */
export function stealOf(row: MeasuredRow): string {
  const steal = stealBetween(row.machine.before, row.machine.after);
  return steal === null ? '?' : steal.toFixed(0);
}

function peakMbOf(row: MeasuredRow): string {
  return row.peakRss === null ? '?' : (row.peakRss / 1024 ** 2).toFixed(0);
}

function unavailableText(row: Extract<RowOutcome, { kind: 'unavailable' }>): string {
  return row.missing ? 'NOT AVAILABLE: every URL answered 404 (endpoint missing?)' : `answers not all 2xx: ${row.summary}`;
}

// --- PGlite: one process, judged against the budgets ---------------------------------------

export const BUDGET_HEADER = `${pad('endpoint', LABEL_WIDTH)} ${padLeft('conns', 5)} ${padLeft('req/s', 8)} ${padLeft('p50 ms', 7)} ${padLeft('p99 ms', 7)} ${padLeft('non-2xx', 8)} ${padLeft('cpu ms/req', 10)} ${padLeft('load', 5)} ${padLeft('steal%', 6)} ${padLeft('peak MB', 7)}  ${pad('budget', 18)} result`;

/**
 * A row of the PGlite table (CPU of the group `server`), judged at 10 connections against its p99
 * budget; a missed budget, an error or an endpoint that did not answer is added to `failures`.
 */
export function budgetRow(row: RowOutcome, failures: string[]): string {
  if (row.kind === 'unavailable') {
    failures.push(`${LABELS[row.name]}: ${row.missing ? 'endpoint missing (404)' : row.summary}`);
    return `${pad(LABELS[row.name], LABEL_WIDTH)} ${unavailableText(row)}`;
  }
  const { name, connections, result } = row;
  const limit = P99_BUDGET_MS[name];
  const judged = connections === 10 && limit !== null;
  const pass = (limit === null || result.p99 <= limit) && result.non2xx === 0 && result.errors === 0;
  if (judged && !pass) failures.push(`${LABELS[name]} @${connections}: p99 ${result.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors} (budget p99 ≤ ${limit} ms)`);
  const verdict = judged ? (pass ? 'pass' : 'FAIL') : result.non2xx + result.errors > 0 ? 'errors' : '-';
  return `${pad(LABELS[name], LABEL_WIDTH)} ${padLeft(connections, 5)} ${padLeft(result.rps.toFixed(0), 8)} ${padLeft(result.p50, 7)} ${padLeft(result.p99, 7)} ${padLeft(result.non2xx + result.errors, 8)} ${padLeft(cpuPerRequest(row, 'server'), 10)} ${padLeft(row.load.toFixed(1), 5)} ${padLeft(stealOf(row), 6)} ${padLeft(peakMbOf(row), 7)}  ${pad(judged ? `p99 ≤ ${limit} ms @10` : '(none)', 18)} ${verdict}  ${row.spread}${result.non2xx > 0 ? ` (${result.statuses})` : ''}`;
}

// --- PostgreSQL: one process and two, and the ratio ----------------------------------------

/** The groups of processes the PostgreSQL run reads CPU time of, in the columns' order. */
export const PG_GROUPS = ['node', 'pg', 'lb', 'gen'] as const;

/** Above this share of the machine's CPU busy (steal included) during a run, the machine's cores were its limit. */
export const CPU_BOUND_PERCENT = 90;

export interface CpuShares {
  /** CPU time of every group per request, summed, in ms; null when one is unknown. */
  perRequestMs: number | null;
  /** The group that used the most CPU per request. */
  most: string | null;
  /** Requests per second the cores would allow at that CPU per request, if the bench's processes had them alone. */
  capRps: number | null;
  /** Share of the machine's CPU busy during the run (all processes, and steal), in percent. */
  busyPercent: number | null;
  /** Share of the machine's CPU taken by processes outside the bench during the run, in percent. */
  othersPercent: number | null;
}

/** Where a row's CPU went, on a machine of `cores` cores. */
export function cpuShares(row: MeasuredRow, cores: number): CpuShares {
  const groups = PG_GROUPS.map((group) => [group, row.cpuMs[group]] as const);
  const known = groups.every(([, ms]) => typeof ms === 'number');
  const ours = known ? groups.reduce((sum, [, ms]) => sum + (ms ?? 0), 0) : null;
  const perRequestMs = ours === null || row.result.requests === 0 ? null : ours / row.result.requests;
  const most = known ? (groups.reduce((best, entry) => ((entry[1] ?? 0) > (best[1] ?? 0) ? entry : best))[0] ?? null) : null;
  const { before, after } = row.machine;
  const busy = busyMsBetween(before, after);
  const steal = stealBetween(before, after);
  const totalMs = totalMsBetween(before, after);
  const busyPercent = busy === null || steal === null || !totalMs ? null : (100 * busy) / totalMs + steal;
  const othersPercent = busy === null || ours === null || !totalMs ? null : Math.max(0, (100 * (busy - ours)) / totalMs);
  return { perRequestMs, most, capRps: perRequestMs ? (cores * 1000) / perRequestMs : null, busyPercent, othersPercent };
}

const orQuestion = (value: number | null, digits: number) => (value === null ? '?' : value.toFixed(digits));

export const PG_HEADER = `${pad('endpoint', LABEL_WIDTH)} ${padLeft('conns', 5)} ${padLeft('req/s', 7)} ${padLeft('p50 ms', 7)} ${padLeft('p99 ms', 7)} ${padLeft('non-2xx', 7)} ${PG_GROUPS.map((g) => padLeft(g, 6)).join(' ')} ${padLeft('cap/s', 6)} ${padLeft('most', 4)} ${padLeft('busy%', 5)} ${padLeft('other%', 6)} ${padLeft('load', 5)} ${padLeft('steal%', 6)} ${padLeft('peak MB', 7)}`;

export const PG_LEGEND = [
  '(node, pg, lb, gen: CPU ms per request of the server processes, PostgreSQL, HAProxy and the load generator (this process);',
  ' cap/s: requests per second the cores would allow at that CPU per request if these processes had them alone; most: which used most;',
  ` busy%: the machine's CPU busy during the run, steal included (≥ ${CPU_BOUND_PERCENT}: the cores were the limit); other%: taken by processes outside the bench;`,
  ' load: 1-minute load average when the run began; peak MB: the largest server process\'s peak resident memory so far)',
];

/** A row of a PostgreSQL table; an error or an endpoint that did not answer is added to `failures`, prefixed with `mode`. */
export function pgRow(row: RowOutcome, cores: number, mode: string, failures: string[]): string {
  if (row.kind === 'unavailable') {
    failures.push(`${mode}: ${LABELS[row.name]}: ${row.missing ? 'endpoint missing (404)' : row.summary}`);
    return `${pad(LABELS[row.name], LABEL_WIDTH)} ${unavailableText(row)}`;
  }
  const { result } = row;
  if (result.non2xx + result.errors > 0) failures.push(`${mode}: ${LABELS[row.name]} @${row.connections}: non-2xx ${result.non2xx} (${result.statuses}), errors ${result.errors}`);
  const shares = cpuShares(row, cores);
  return `${pad(LABELS[row.name], LABEL_WIDTH)} ${padLeft(row.connections, 5)} ${padLeft(result.rps.toFixed(0), 7)} ${padLeft(result.p50, 7)} ${padLeft(result.p99, 7)} ${padLeft(result.non2xx + result.errors, 7)} ${PG_GROUPS.map((g) => padLeft(cpuPerRequest(row, g), 6)).join(' ')} ${padLeft(orQuestion(shares.capRps, 0), 6)} ${padLeft(shares.most ?? '?', 4)} ${padLeft(orQuestion(shares.busyPercent, 0), 5)} ${padLeft(orQuestion(shares.othersPercent, 0), 6)} ${padLeft(row.load.toFixed(1), 5)} ${padLeft(stealOf(row), 6)} ${padLeft(peakMbOf(row), 7)}  ${row.spread}${result.non2xx > 0 ? ` (${result.statuses})` : ''}`;
}

export interface Ratio {
  name: MeasuredRow['name'];
  connections: number;
  rps: [number, number];
  p99: [number, number];
}

/** The rows measured in both runs, matched by endpoint and connections, in the first run's order. */
export function ratios(one: readonly RowOutcome[], two: readonly RowOutcome[]): Ratio[] {
  const out: Ratio[] = [];
  for (const a of one) {
    if (a.kind !== 'measured') continue;
    const b = two.find((row): row is MeasuredRow => row.kind === 'measured' && row.name === a.name && row.connections === a.connections);
    if (b) out.push({ name: a.name, connections: a.connections, rps: [a.result.rps, b.result.rps], p99: [a.result.p99, b.result.p99] });
  }
  return out;
}

/** `b / a` with two decimals; `-` when `a` is 0. */
export function times(a: number, b: number): string {
  return a === 0 ? '-' : `${(b / a).toFixed(2)}×`;
}

export const RATIO_HEADER = `${pad('endpoint', LABEL_WIDTH)} ${padLeft('conns', 5)} ${padLeft('req/s 1', 8)} ${padLeft('req/s 2', 8)} ${padLeft('2 / 1', 7)} ${padLeft('p99 1', 7)} ${padLeft('p99 2', 7)} ${padLeft('2 / 1', 7)}`;

export function ratioRow(ratio: Ratio): string {
  const [rps1, rps2] = ratio.rps;
  const [p991, p992] = ratio.p99;
  return `${pad(LABELS[ratio.name], LABEL_WIDTH)} ${padLeft(ratio.connections, 5)} ${padLeft(rps1.toFixed(0), 8)} ${padLeft(rps2.toFixed(0), 8)} ${padLeft(times(rps1, rps2), 7)} ${padLeft(p991, 7)} ${padLeft(p992, 7)} ${padLeft(times(p991, p992), 7)}`;
}
