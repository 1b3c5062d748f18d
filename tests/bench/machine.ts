/**
 * What the benches need from the machine they run on (Linux): a free port, and how much CPU time
 * the hypervisor gave other guests (steal). This machine is shared and noisy, so every timing is
 * printed with the steal and load it was taken under.
 */
import { createServer } from 'node:net';
import { readdirSync, readFileSync } from 'node:fs';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The machine's CPU time counters (first line of /proc/stat), in ticks; null without /proc. */
export function cpuTimes(): number[] | null {
  try {
    return readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number) ?? null;
  } catch {
    return null;
  }
}

/**
 * Share of the machine's CPU time taken by the hypervisor for other guests between two readings
 * of `cpuTimes()`, in percent; null when either is missing or no time passed. Timings on a virtual
 * machine track it: a run with steal well above a few percent measures the neighbours too.
 */
export function stealBetween(before: readonly number[] | null, after: readonly number[] | null): number | null {
  if (!before || !after) return null;
  const delta = after.map((value, i) => value - (before[i] ?? 0));
  const total = delta.reduce((sum, value) => sum + value, 0);
  // Fields: user nice system idle iowait irq softirq steal guest guest_nice.
  return total > 0 ? (100 * (delta[7] ?? 0)) / total : null;
}

/** USER_HZ: 100 on Linux for every architecture Node runs on. */
const CLOCK_TICKS = 100;

/** What the benches read of one process's `/proc/<pid>/stat`, CPU times in ms. */
export interface ProcessStat {
  ppid: number;
  comm: string;
  /** Its own user + system time. */
  cpuMs: number;
  /** User + system time of its children that ended and were waited for (cutime + cstime). */
  reapedChildrenMs: number;
}

/** Parses a `/proc/<pid>/stat` line; null when it is not one. */
export function parseProcessStat(line: string): ProcessStat | null {
  // The command name sits in parentheses and may hold spaces or parentheses of its own: split at the last one.
  const open = line.indexOf('(');
  const close = line.lastIndexOf(')');
  if (open < 0 || close < open) return null;
  // Fields after the name, from the state (field 3): ppid is field 4, utime 14, stime 15, cutime 16, cstime 17.
  const fields = line.slice(close + 2).trim().split(/\s+/);
  const at = (field: number) => Number(fields[field - 3]);
  const values = [at(4), at(14), at(15), at(16), at(17)];
  if (values.some((value) => !Number.isFinite(value))) return null;
  const [ppid = 0, utime = 0, stime = 0, cutime = 0, cstime = 0] = values;
  return { ppid, comm: line.slice(open + 1, close), cpuMs: ((utime + stime) * 1000) / CLOCK_TICKS, reapedChildrenMs: ((cutime + cstime) * 1000) / CLOCK_TICKS };
}

function readStat(pid: number): ProcessStat | null {
  try {
    return parseProcessStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return null;
  }
}

/** CPU time one process has used (Linux), in ms; null elsewhere or once it has ended. */
export function processCpuMs(pid: number | undefined): number | null {
  return pid === undefined ? null : (readStat(pid)?.cpuMs ?? null);
}

/** Every live process's stat, by pid (Linux); empty without /proc. */
export function allProcesses(): Map<number, ProcessStat> {
  const out = new Map<number, ProcessStat>();
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return out;
  }
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readStat(Number(name));
    if (stat) out.set(Number(name), stat);
  }
  return out;
}

/**
 * CPU time in ms of a process and its direct children, live or ended: what a PostgreSQL postmaster
 * and its backends have used (a backend that ended moved its time into the postmaster's reaped
 * children's time, so a connection closed during a run is still counted). Null when `root` is gone.
 */
export function treeCpuMs(root: number, processes: ReadonlyMap<number, ProcessStat> = allProcesses()): number | null {
  const own = processes.get(root);
  if (!own) return null;
  let total = own.cpuMs + own.reapedChildrenMs;
  for (const stat of processes.values()) if (stat.ppid === root) total += stat.cpuMs;
  return total;
}

/** Pids of the live children of `parent` whose command name is `comm` (HAProxy started by the bench). */
export function childrenNamed(parent: number, comm: string, processes: ReadonlyMap<number, ProcessStat> = allProcesses()): number[] {
  return [...processes].filter(([, stat]) => stat.ppid === parent && stat.comm === comm).map(([pid]) => pid);
}

/**
 * CPU time every process of the machine used between two readings of `cpuTimes()`, in ms summed
 * over the cores (user, nice, system, irq, softirq: not idle, iowait or steal); null when either
 * is missing. Less what the bench's own processes used, it is what other work took meanwhile.
 */
export function busyMsBetween(before: readonly number[] | null, after: readonly number[] | null): number | null {
  if (!before || !after) return null;
  const delta = (i: number) => (after[i] ?? 0) - (before[i] ?? 0);
  return ((delta(0) + delta(1) + delta(2) + delta(5) + delta(6)) * 1000) / CLOCK_TICKS;
}

/** All the machine's CPU time between two readings of `cpuTimes()` (idle and steal too), in ms summed over the cores; null when either is missing. */
export function totalMsBetween(before: readonly number[] | null, after: readonly number[] | null): number | null {
  if (!before || !after) return null;
  return (after.reduce((sum, value, i) => sum + value - (before[i] ?? 0), 0) * 1000) / CLOCK_TICKS;
}

/** Peak resident memory of a process so far (VmHWM, Linux), in bytes; null elsewhere or once it has ended. */
export function peakRssBytes(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmHWM:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}
