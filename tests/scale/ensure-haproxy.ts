/**
 * Makes sure Debian's HAProxy is on this machine for `npm run test:scale`, installing the
 * `haproxy` package with apt-get when missing (as tests/tools/ensure-postgres.ts does for
 * PostgreSQL). The suite runs its own HAProxy with its own configuration; the system service the
 * package sets up is never used.
 */
import { execFileSync, spawnSync } from 'node:child_process';

/** The haproxy binary's path, or null when none is installed. */
export function haproxyBinary(): string | null {
  const override = process.env['HAPROXY_BIN'];
  if (override) return override;
  const found = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim() ? found.stdout.trim() : null;
}

export function ensureHaproxy(log: (line: string) => void = console.log): string {
  const found = haproxyBinary();
  if (found) return found;
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = asRoot ? [] : ['sudo'];
  log('ensure-haproxy: installing haproxy with apt-get');
  const started = Date.now();
  const run = (args: string[]) => {
    const [command, ...rest] = [...sudo, ...args];
    execFileSync(command ?? 'apt-get', rest, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  };
  // Another apt-get on this machine (a Chromium or PostgreSQL install) holds the lock for a while: wait for it.
  run(['apt-get', '-o', 'DPkg::Lock::Timeout=300', 'update', '-qq']);
  run(['apt-get', '-o', 'DPkg::Lock::Timeout=300', 'install', '-y', '-qq', '--no-install-recommends', 'haproxy']);
  const installed = haproxyBinary();
  if (!installed) throw new Error('ensure-haproxy: haproxy is still missing after apt-get; set HAPROXY_BIN to its path');
  log(`ensure-haproxy: installed ${installed} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return installed;
}
