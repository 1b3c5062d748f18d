/**
 * Debian packages the test tools need (Chromium and its fonts, PostgreSQL, faketime, HAProxy),
 * installed with apt-get when missing: nothing else can be downloaded on this machine. As root
 * directly, otherwise through sudo.
 */
import { execFileSync, spawnSync } from 'node:child_process';

/** Installs `packages`, waiting for another apt-get on the machine to finish first; prints the time taken. */
export function aptInstall(packages: readonly string[], { recommends = false }: { recommends?: boolean } = {}): void {
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = asRoot ? [] : ['sudo'];
  const started = Date.now();
  console.log(`apt-get: installing ${packages.join(', ')}`);
  const run = (args: string[]) => {
    const [command, ...rest] = [...sudo, 'apt-get', '-o', 'DPkg::Lock::Timeout=300', ...args];
    execFileSync(command ?? 'apt-get', rest, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  };
  run(['update', '-qq']);
  run(['install', '-y', '-qq', ...(recommends ? [] : ['--no-install-recommends']), ...packages]);
  console.log(`apt-get: installed ${packages.join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** A command's path on PATH, or null. */
export function commandPath(name: string): string | null {
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim() ? found.stdout.trim() : null;
}
