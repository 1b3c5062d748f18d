import { appendFileSync } from 'node:fs';
import path from 'node:path';

/**
 * What a test file's apps answered, by operation × status × content type (tests/helpers/api-contract.ts),
 * kept apart from the contract's checker so that every test file's setup can write it down without
 * loading the server.
 */

/** Where the test workers write what they saw; set by the report's global setup (tests/setup/api-contract.ts). */
export const API_CONTRACT_DIR_ENV = 'BEAUTY_PASS_API_CONTRACT_DIR';

/** Pairs (`pairKey`) this test file's apps answered, with how many answers each. */
export const seenPairs = new Map<string, number>();

/**
 * Writes the pairs this test file's apps answered (and that the file ran, with none) for the run's
 * report. Called once per test file, after its tests.
 */
export function writeSeenPairs(testFile: string | undefined): void {
  const dir = process.env[API_CONTRACT_DIR_ENV];
  if (!dir || !testFile) return;
  appendFileSync(path.join(dir, `${process.pid}.jsonl`), `${JSON.stringify({ file: path.relative(process.cwd(), testFile), pairs: Object.fromEntries(seenPairs) })}\n`);
  seenPairs.clear();
}
