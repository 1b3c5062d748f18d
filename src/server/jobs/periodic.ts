import { measuredJobRun } from '../http/metrics.ts';

/** A background job of the server: run at start (catching up what came due while it was down), then every interval. */
export interface PeriodicJob<T> {
  /** Stops the timer and waits for a run in progress to reach its end (each job stops at a safe point). */
  stop(): Promise<void>;
  /** One run now, after the one in progress if any. */
  runOnce(): Promise<T>;
}

export interface PeriodicJobOptions {
  /** The job's name in the logs and the metrics (`job_runs_total{job}`). */
  name: string;
  intervalMs: number;
  log: (line: string) => void;
}

/**
 * Runs `run` at once, then every `intervalMs`, one run at a time (a tick while one runs is skipped),
 * with its runs, failures and lag in the metrics. `stopping()` tells a long run to stop between two
 * units of its work.
 */
export function startPeriodicJob<T>({ name, intervalMs, log }: PeriodicJobOptions, run: (stopping: () => boolean) => Promise<T>): PeriodicJob<T> {
  let running: Promise<T> | null = null;
  let stopped = false;
  const start = (): Promise<T> => {
    running ??= measuredJobRun(name, () => run(() => stopped)).finally(() => {
      running = null;
    });
    return running;
  };
  const tick = () => {
    if (running || stopped) return;
    start().catch((error: unknown) => log(`${name.replace(/_/g, ' ')}: run failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`));
  };
  const timer = setInterval(tick, intervalMs);
  // Never what keeps a finished process alive.
  timer.unref();
  tick();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
    async runOnce() {
      // The run in progress first: a second at once would only find its work taken.
      await running?.catch(() => undefined);
      return start();
    },
  };
}
