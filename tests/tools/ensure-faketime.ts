/**
 * Makes sure Debian's `faketime` (libfaketime's wrapper) is on this machine for
 * `npm run test:clock`, installing the package with apt-get when missing, as the Chromium and
 * PostgreSQL helpers do.
 */
import { execFileSync, spawnSync } from 'node:child_process';

function faketimeOnPath(): boolean {
  return spawnSync('sh', ['-c', 'command -v faketime'], { encoding: 'utf8' }).status === 0;
}

export function ensureFaketime(): void {
  if (faketimeOnPath()) {
    console.log('ensure-faketime: faketime is present');
    return;
  }
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = asRoot ? [] : ['sudo'];
  console.log('ensure-faketime: installing faketime with apt-get');
  const started = Date.now();
  const run = (args: string[]) => {
    const [command, ...rest] = [...sudo, ...args];
    execFileSync(command ?? 'apt-get', rest, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  };
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', '--no-install-recommends', 'faketime']);
  if (!faketimeOnPath()) {
    console.error('ensure-faketime: faketime is still missing after apt-get');
    process.exit(1);
  }
  console.log(`ensure-faketime: installed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
