import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_CONTRACT_DIR_ENV } from '../helpers/api-contract-seen.ts';
import { documentedPairs, pairKey } from '../helpers/api-contract.ts';
import { apiDocument } from '../helpers/openapi-operations.ts';

/**
 * The response contract's report (tests/helpers/api-contract.ts): after the run, each documented
 * operation × status × content type with how the API tests met it. A run of every API test file
 * fails when a documented pair was never exercised: the document promises an answer no test has
 * seen. (What no document promises fails at once, in the test that saw it.) A run of some files
 * only prints the report.
 */

/** The files that make up the API suite: when every one of them ran, the report is binding. */
const SUITE = ['tests/api', 'tests/security'];

function testFilesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.test\.tsx?$/.test(name))
    .map((name) => path.join(dir, name));
}

export default function setup(): () => Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'beauty-pass-api-contract-'));
  process.env[API_CONTRACT_DIR_ENV] = dir;
  return async () => {
    try {
      const records = readdirSync(dir).flatMap((name) =>
        readFileSync(path.join(dir, name), 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as { file: string; pairs: Record<string, number> }),
      );
      const ran = new Set(records.map((record) => record.file));
      const seenBy = new Map<string, Set<string>>();
      let answers = 0;
      for (const record of records)
        for (const [pair, count] of Object.entries(record.pairs)) {
          seenBy.set(pair, (seenBy.get(pair) ?? new Set()).add(record.file));
          answers += count;
        }
      const suite = SUITE.flatMap(testFilesUnder);
      const missingFiles = suite.filter((file) => !ran.has(file));
      const documented = documentedPairs(await apiDocument());
      // A range (`5XX`, what any route answers when the server fails) is one promise of the whole API: seen on one operation, it holds.
      const rangesSeen = new Set([...seenBy.keys()].map((key) => key.split(' ')[1]).filter((status) => status?.endsWith('XX')));
      const never = documented.filter((pair) => !seenBy.has(pairKey(pair)) && !(pair.status.endsWith('XX') && rangesSeen.has(pair.status)));
      const operations = new Set(documented.map((pair) => pair.operation)).size;
      console.log(
        `\nresponse contract: ${operations} operations, ${documented.length} documented operation × status × content type pairs; ${documented.length - never.length} exercised by ${answers} answers in ${ran.size} test files, ${never.length} never`,
      );
      if (never.length > 0) console.log(`never exercised:\n${never.map((pair) => `  ${pairKey(pair)}`).join('\n')}`);
      if (missingFiles.length > 0) {
        console.log(`(${missingFiles.length} of the ${suite.length} API test files did not run: the report is for information only)`);
        return;
      }
      if (never.length > 0) {
        // Vitest reports an error thrown here but still exits 0: the exit code is the failure.
        console.error(`response contract: ${never.length} documented answers were never exercised by the API tests (listed above): test them, or stop documenting them`);
        process.exitCode = 1;
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}
