import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DATABASE_IMAGES_ENV, writeMigratedImage } from '../helpers/memory-database.ts';

/** One directory of database images per run (tests/helpers/memory-database.ts), gone after it. */
export default async function setup(): Promise<() => void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'beauty-pass-database-images-'));
  process.env[DATABASE_IMAGES_ENV] = dir;
  await writeMigratedImage(dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
