/**
 * `npm test`: every stage, stopping at the first that fails, with each stage's time (and the
 * machine's load and steal over it) printed as it ends and a table at the end. A fresh clone must
 * pass it within 45 minutes on a 2-core machine (CI stops at 90): the table says where the time goes.
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { cpuTimes, stealBetween } from '../bench/machine.ts';

/**
 * Stages of one group run at once. The static checks are one process each on one core (the type
 * checker, ESLint's typed rules, the catalogs), so on two cores they share the wall time; every
 * later stage keeps both cores busy by itself. The scale-out suite comes after e2e, whose build
 * lets it check the rendered page's price too.
 */
const GROUPS: readonly (readonly string[])[] = [['typecheck', 'lint', 'i18n:check'], ['unit'], ['test:pg'], ['test:clock'], ['e2e'], ['test:scale'], ['size']];
const BUDGET_S = 45 * 60;

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function machine(before: ReturnType<typeof cpuTimes>): string {
  const steal = stealBetween(before, cpuTimes());
  const stealText = steal === null ? 'n/a' : `${steal.toFixed(1)} %`;
  return `load ${loadavg()[0]?.toFixed(1) ?? '?'}, steal ${stealText}`;
}

interface Row {
  stage: string;
  seconds: number;
  status: string;
  machine: string;
}

/** One stage; alone it writes straight to the terminal, in a group its output comes whole when it ends. */
function run(stage: string, alone: boolean): Promise<Row> {
  const started = Date.now();
  const before = cpuTimes();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', stage], { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code, signal) => {
      if (!alone) process.stdout.write(`\n▶ npm run ${stage} (output)\n${Buffer.concat(output).toString('utf8')}`);
      const seconds = (Date.now() - started) / 1000;
      const status = code === 0 ? 'passed' : `failed (exit ${code ?? signal ?? '?'})`;
      const row = { stage, seconds, status, machine: machine(before) };
      console.log(`■ ${stage}: ${status} in ${seconds.toFixed(1)} s (${row.machine})`);
      resolve(row);
    });
  });
}

const rows: Row[] = [];
const startedAt = Date.now();
const startTimes = cpuTimes();
let failed: string | null = null;

for (const group of GROUPS) {
  console.log(`\n▶ npm run ${group.join(' & ')}`);
  const results = await Promise.all(group.map((stage) => run(stage, group.length === 1)));
  rows.push(...results);
  const failure = results.find((row) => row.status !== 'passed');
  if (failure) {
    failed = failure.stage;
    break;
  }
}

const total = (Date.now() - startedAt) / 1000;
console.log('\n| stage | seconds | result | machine |\n|---|---:|---|---|');
for (const row of rows) console.log(`| ${row.stage} | ${row.seconds.toFixed(1)} | ${row.status} | ${row.machine} |`);
console.log(`| **total** | ${total.toFixed(1)} | ${failed ? `stopped at ${failed}` : 'passed'} | ${machine(startTimes)} |`);
if (!failed && total > BUDGET_S) console.log(`warning: ${total.toFixed(0)} s is over the ${BUDGET_S} s the suite is meant to take on this machine`);
process.exit(failed ? 1 : 0);
