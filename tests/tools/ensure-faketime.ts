/**
 * Makes sure Debian's `faketime` (libfaketime's wrapper) is on this machine for
 * `npm run test:clock`, installing the package with apt-get when missing.
 */
import { aptInstall, commandPath } from './apt.ts';

export function ensureFaketime(): void {
  if (commandPath('faketime')) {
    console.log('ensure-faketime: faketime is present');
    return;
  }
  aptInstall(['faketime']);
  if (!commandPath('faketime')) {
    console.error('ensure-faketime: faketime is still missing after apt-get');
    process.exit(1);
  }
}
