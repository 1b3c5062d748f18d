import { closeSync, existsSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/** A second process on the same PGlite directory corrupts it, so one process owns a data dir at a time. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`Data directory ${dataDir} is in use by process ${pid}; stop it or set DATA_DIR`);
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  file: string;
  release(): void;
}

/** A process as `/proc/<pid>/stat` tells it on Linux: its state letter and its start time (clock ticks after boot). */
interface ProcessStat {
  state: string;
  startTime: string;
}

function processStat(pid: number): ProcessStat | null | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    // No such process; or no /proc on this system (undefined: ask the kernel another way).
    return existsSync('/proc/self/stat') ? null : undefined;
  }
  // The command name (field 2) is in parentheses and may hold spaces: count fields after its end.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const state = fields[0];
  const startTime = fields[19];
  return state && startTime ? { state, startTime } : undefined;
}

/**
 * Whether `pid` is a running process, and the same one that wrote `startTime` when given. A zombie
 * (killed, not yet reaped by its parent) runs nothing and holds nothing: dead. A pid the kernel has
 * given to a newer process since (a recycled pid) started at another time: dead too.
 */
export function isAlive(pid: number, startTime?: string): boolean {
  const stat = processStat(pid);
  if (stat === null) return false;
  if (stat) return stat.state !== 'Z' && stat.state !== 'X' && (startTime === undefined || stat.startTime === startTime);
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** What a lock file holds: the owner's pid and, where the system tells it, the owner's start time. */
function readOwner(file: string): { pid: number; startTime?: string } | null {
  try {
    const [pidText, startTime] = readFileSync(file, 'utf8').trim().split(/\s+/);
    const pid = Number.parseInt(pidText ?? '', 10);
    if (!Number.isInteger(pid) || pid <= 0) return null;
    return startTime ? { pid, startTime } : { pid };
  } catch {
    return null;
  }
}

/**
 * Creates `DATA_DIR/.lock` exclusively (`wx`) holding our pid and start time. A lock whose owner
 * is alive (this process included: a second server in the same process is refused too) fails at
 * once; a lock left by a dead process, a zombie, or a pid since given to another process is taken
 * over (decision: docs/decisions/022-data-dir-lock.md).
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const file = path.join(dataDir, '.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      const startTime = processStat(process.pid)?.startTime;
      writeSync(fd, startTime ? `${process.pid} ${startTime}\n` : `${process.pid}\n`);
      closeSync(fd);
      let released = false;
      return {
        file,
        release() {
          if (released) return;
          released = true;
          // Only remove the lock if it is still ours.
          if (readOwner(file)?.pid === process.pid) unlinkSync(file);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(file);
      if (owner !== null && isAlive(owner.pid, owner.startTime)) throw new DataDirLockedError(dataDir, owner.pid);
      // Stale (dead pid) or unreadable (a crash between open and write): take it over.
      try {
        unlinkSync(file);
      } catch (unlinkError) {
        if ((unlinkError as NodeJS.ErrnoException).code !== 'ENOENT') throw unlinkError;
      }
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}
