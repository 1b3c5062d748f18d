import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/*
 * The SQL functions, from ./functions/*.sql, in file-name order: repeatable, applied at every start
 * after the migrations and under the same start-up lock (client.ts `migrate`, which the server calls
 * inside `exclusively`), so processes starting together on one PostgreSQL apply them one after the
 * other, never concurrently (two concurrent `create or replace` of one function fail with "tuple
 * concurrently updated"). Every statement is `create or replace`: applying a file twice changes
 * nothing (docs/decisions/029-sql-functions-repeatable.md).
 */

const folder = new URL('./functions/', import.meta.url);

/** Each file's text, in name order; the server bundle copies the folder beside it (src/server/bundle.ts). */
export function functionFiles(): { name: string; text: string }[] {
  const dir = fileURLToPath(folder);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, text: readFileSync(new URL(name, folder), 'utf8') }));
}
