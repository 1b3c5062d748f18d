/**
 * Makes sure Debian's HAProxy is on this machine for `npm run test:scale`, installing the
 * `haproxy` package with apt-get when missing (as tests/tools/ensure-postgres.ts does for
 * PostgreSQL). The suite runs its own HAProxy with its own configuration; the system service the
 * package sets up is never used.
 */
import { aptInstall, commandPath } from '../tools/apt.ts';

/** The haproxy binary's path, or null when none is installed. */
export function haproxyBinary(): string | null {
  return process.env['HAPROXY_BIN'] || commandPath('haproxy');
}

export function ensureHaproxy(): string {
  const found = haproxyBinary();
  if (found) return found;
  aptInstall(['haproxy']);
  const installed = haproxyBinary();
  if (!installed) throw new Error('ensure-haproxy: haproxy is still missing after apt-get; set HAPROXY_BIN to its path');
  return installed;
}
