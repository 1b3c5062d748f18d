/**
 * `npm run test:clock`: the date-sensitive tests at instants that cross a date line somewhere, so
 * a test that takes "today" from the machine's clock or zone where the server takes the store's
 * fails here and not on some afternoon in CI. Each instant is one `vitest run` of the tests tagged
 * `clock` under libfaketime (Debian's `faketime`: the whole process tree, forked workers and PGlite
 * included, starts at the instant and keeps ticking) or under another TZ at the real clock. Instants
 * run one after the other: parallel runs would only compete for the same cores.
 *
 * The clock guard (tests/tools/clock-guard.test.ts) runs in every run and must pass: if the
 * preload did not reach the workers, the run fails instead of passing at the real time.
 *
 * `npm run test:clock -- bangkok auckland` runs only the instants whose label contains a word.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DAY_MS, MINUTE_MS, offsetMinutes } from '../../src/contract/calendar-day.ts';
import { ensureFaketime } from './ensure-faketime.ts';

/**
 * The tests that take "today" or a time of day from the machine's clock or zone as the server does
 * (the store's today for the bag, checkout, offers, gift cards' send day and rewards; Beauty Pass
 * years and points expiry on orders; booking windows; the machines that count days) carry the
 * vitest tag `clock` (`{ tags: ['clock'] }` on a test, `@module-tag clock` on a file): tag a test
 * when it takes a date from the clock. Only those run here, not whole suites, so that ten instants
 * fit in a few minutes on two cores (the full `npm test` must stay under 45). Tests whose server
 * clock is injected at a fixed instant, the fuzz suites and the loyalty job's schedule simulation
 * (which sets its own instants) prove nothing more under faketime and stay untagged.
 */
const TAG = 'clock';
const TAGGED = new RegExp(`@module-tag ${TAG}\\b|tags: \\[[^\\]]*'${TAG}'`);

/** The test files that hold a tagged test: vitest then loads only these, not all two hundred. */
function taggedFiles(): string[] {
  // tests/pg runs under its own config (`npm run test:pg`); e2e specs are not `.test.` files.
  return readdirSync('tests', { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !file.startsWith('tests/pg/') && TAGGED.test(readFileSync(file, 'utf8')))
    .sort();
}

interface Instant {
  label: string;
  /** Where faketime starts the clock; none: the real clock. */
  at?: Date;
  /** The process's TZ; none: the machine's. */
  tz?: string;
}

const HOUR_MS = 60 * MINUTE_MS;

/** The next `count` instants after `from` at which `timeZone`'s offset from UTC changes (daylight saving starts or ends). */
function offsetChanges(timeZone: string, from: number, count: number): number[] {
  const found: number[] = [];
  let before = Math.floor(from / HOUR_MS) * HOUR_MS;
  // Every zone here changes on a whole hour, and at most twice a year: two years of hours suffice.
  for (let at = before + HOUR_MS; found.length < count && at < from + 2 * 366 * DAY_MS; at += HOUR_MS) {
    if (offsetMinutes(at, timeZone) !== offsetMinutes(before, timeZone) && at > from) found.push(at);
    before = at;
  }
  return found;
}

const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Instants relative to `now`: today's, and the next year end, daylight-saving changes and 29 February. */
function instantsAt(now: number): Instant[] {
  const today = dayOf(now);
  const year = new Date(now).getUTCFullYear();
  // 23:59 on 31 December in Bangkok (UTC+7, no daylight saving): the year ends during the run.
  const yearEnd = Date.UTC(year, 11, 31, 16, 59);
  const bangkok = yearEnd > now ? yearEnd : Date.UTC(year + 1, 11, 31, 16, 59);
  let leapYear = year + ((4 - (year % 4)) % 4);
  while (Date.UTC(leapYear, 1, 29, 10, 30) <= now || new Date(Date.UTC(leapYear, 1, 29)).getUTCMonth() !== 1) leapYear += 4;
  const switches = (zone: string, place: string) =>
    offsetChanges(zone, now, 2).map((at) => {
      const ahead = offsetMinutes(at, zone) > offsetMinutes(at - HOUR_MS, zone);
      // A minute before the switch: the run crosses it (03:00 → 02:00 when it ends, 02:00 → 03:00 when it starts).
      return { label: `${place} daylight saving ${ahead ? 'starts' : 'ends'} ${dayOf(at + offsetMinutes(at, zone) * MINUTE_MS)}`, at: new Date(at - MINUTE_MS) };
    });
  return [
    { label: `16:30 UTC ${today} (already tomorrow from Singapore east)`, at: new Date(`${today}T16:30:00Z`) },
    { label: `23:50 UTC ${today} (tomorrow everywhere in the region)`, at: new Date(`${today}T23:50:00Z`) },
    { label: `last minute of ${new Date(bangkok).getUTCFullYear()} in Bangkok`, at: new Date(bangkok) },
    ...switches('Australia/Sydney', 'Australia'),
    ...switches('Pacific/Auckland', 'New Zealand'),
    { label: `29 February ${leapYear}`, at: new Date(Date.UTC(leapYear, 1, 29, 10, 30)) },
    { label: 'TZ=Pacific/Auckland, real clock', tz: 'Pacific/Auckland' },
    { label: 'TZ=America/Los_Angeles, real clock', tz: 'America/Los_Angeles' },
  ];
}

/** `faketime` reads its timestamp with `date -d`: spelled in UTC, the machine's zone cannot shift it. */
const faketimeStamp = (at: Date) => `${at.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

function checkPreload(at: Date): void {
  const probe = spawnSync('faketime', [faketimeStamp(at), process.execPath, '-e', 'process.stdout.write(String(Date.now()))'], {
    encoding: 'utf8',
    env: { ...process.env, FAKETIME_DONT_FAKE_MONOTONIC: '1' },
  });
  const seen = Number(probe.stdout);
  if (probe.status !== 0 || !(seen >= at.getTime() && seen < at.getTime() + 5 * MINUTE_MS)) {
    console.error(`test-clock: faketime does not move Node's clock (asked ${at.toISOString()}, Node read ${Number.isFinite(seen) ? new Date(seen).toISOString() : probe.stdout}${probe.stderr})`);
    process.exit(1);
  }
}

interface JsonReport {
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  success: boolean;
  testResults: { name: string; status: string; assertionResults: { fullName: string; status: string }[] }[];
}

interface Outcome {
  label: string;
  start: string;
  files: number;
  tests: number;
  passed: number;
  failed: number;
  guard: boolean;
  ok: boolean;
  seconds: number;
}

function runOnce(instant: Instant, files: string[], dir: string, index: number): Promise<Outcome> {
  const reportFile = join(dir, `report-${index}.json`);
  const logFile = join(dir, `run-${index}.log`);
  // --no-isolate: a worker imports the server once for all its files (88 s → 127 s with isolation, measured
  // here under load); every file still opens its own database.
  // A file's database takes 3 s to open on an idle machine and over 60 s (the usual hook limit) when
  // other suites share the two cores: a slow start is no date bug.
  const vitest = ['node_modules/vitest/vitest.mjs', 'run', '--no-isolate', '--hookTimeout=180000', '--reporter=dot', '--reporter=json', `--outputFile.json=${reportFile}`, `--tags-filter=${TAG}`, ...files];
  const env: NodeJS.ProcessEnv = { ...process.env };
  let command = process.execPath;
  let args = vitest;
  if (instant.at) {
    command = 'faketime';
    args = [faketimeStamp(instant.at), process.execPath, ...vitest];
    env['FAKETIME_DONT_FAKE_MONOTONIC'] = '1';
    env['TEST_CLOCK_INSTANT'] = instant.at.toISOString();
  }
  if (instant.tz) {
    env['TZ'] = instant.tz;
    env['TEST_CLOCK_TZ'] = instant.tz;
  }
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = (Date.now() - started) / 1000;
      const text = Buffer.concat(output).toString('utf8');
      writeFileSync(logFile, text);
      let report: JsonReport | null = null;
      try {
        report = JSON.parse(readFileSync(reportFile, 'utf8')) as JsonReport;
      } catch {
        report = null;
      }
      const guardFile = report?.testResults.find((file) => file.name.endsWith('tests/tools/clock-guard.test.ts'));
      const guard = (guardFile?.assertionResults ?? []).some((test) => test.status === 'passed') && guardFile?.assertionResults.every((test) => test.status !== 'failed') === true;
      const ok = code === 0 && report?.success === true && report.numFailedTests === 0 && guard;
      const outcome: Outcome = {
        label: instant.label,
        start: instant.at ? iso(instant.at.getTime()) : `real clock, TZ=${instant.tz ?? ''}`,
        files: report?.testResults.length ?? 0,
        tests: report?.numTotalTests ?? 0,
        passed: report?.numPassedTests ?? 0,
        failed: report?.numFailedTests ?? 0,
        guard,
        ok,
        seconds,
      };
      if (!ok) {
        // What vitest printed about the failures, and where the whole log is.
        console.log(text.split('\n').slice(-150).join('\n'));
        if (!guard) console.log(`test-clock: the clock guard did not pass: the workers did not run at ${outcome.start}, so nothing was proven`);
        console.log(`test-clock: full log ${logFile}`);
      }
      resolve(outcome);
    });
  });
}

async function main(): Promise<void> {
  ensureFaketime();
  const filters = process.argv.slice(2).map((word) => word.toLowerCase());
  const instants = instantsAt(Date.now()).filter((instant) => filters.length === 0 || filters.some((word) => instant.label.toLowerCase().includes(word)));
  if (instants.length === 0) {
    console.error(`test-clock: no instant matches ${filters.join(', ')}`);
    process.exit(1);
  }
  const firstFaked = instants.find((instant) => instant.at)?.at;
  if (firstFaked) checkPreload(firstFaked);
  const dir = mkdtempSync(join(tmpdir(), 'test-clock-'));
  const files = taggedFiles();
  console.log(`test-clock: the tests tagged ${TAG} in ${files.length} files at ${instants.length} instants, one after the other`);
  const outcomes: Outcome[] = [];
  const started = Date.now();
  for (const [index, instant] of instants.entries()) {
    console.log(`test-clock: ${instant.label} (${instant.at ? `from ${iso(instant.at.getTime())}` : `TZ=${instant.tz ?? ''}`}) …`);
    const outcome = await runOnce(instant, files, dir, index);
    outcomes.push(outcome);
    console.log(`test-clock: ${outcome.ok ? 'passed' : 'FAILED'} ${instant.label}: ${outcome.passed}/${outcome.tests} tests in ${outcome.files} files, ${outcome.seconds.toFixed(1)} s`);
  }
  const rows = outcomes.map((o) => [o.label, o.start, String(o.files), `${o.passed}/${o.tests}`, o.ok ? 'pass' : o.guard ? 'FAIL' : 'FAIL (clock not faked)', o.seconds.toFixed(1)]);
  const header = ['instant', 'clock starts', 'files', 'tests', 'result', 'seconds'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  console.log(['', line(header), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...rows.map(line)].join('\n'));
  const failed = outcomes.filter((o) => !o.ok).length;
  console.log(`\ntest-clock: ${outcomes.length - failed}/${outcomes.length} instants passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (failed === 0) rmSync(dir, { recursive: true, force: true });
  process.exit(failed === 0 ? 0 : 1);
}

await main();
