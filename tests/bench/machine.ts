/**
 * What the benches need from the machine they run on (Linux): a free port, and how much CPU time
 * the hypervisor gave other guests (steal). This machine is shared and noisy, so every timing is
 * printed with the steal and load it was taken under.
 */
import { createServer } from 'node:net';
import { readFileSync } from 'node:fs';

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
