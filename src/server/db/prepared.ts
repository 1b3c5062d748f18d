import { messages, PGlite, protocol } from '@electric-sql/pglite';
import type { Pool } from 'pg';
import type { Db } from './client.ts';
import { literal } from './rows.ts';

/**
 * A read answering one row of one `json` column, prepared once per connection under its name: its
 * plan is made once, then each call sends only the name and the parameters. For the reads every
 * page view makes (`cart/items-count`, in the header of every page). The text's parameters are
 * `$1`… with casts (`$1::text`), which name their types for PREPARE.
 */
export interface PreparedRead {
  name: string;
  text: string;
}

type Param = string | number;

/** The statements each PGlite session has prepared (one session per database: the one process that owns it). */
const preparedOn = new WeakMap<PGlite, Map<string, Promise<unknown>>>();

/**
 * The JSON value `statement` answers for `params` (null: no row, or SQL null). On PGlite the
 * `EXECUTE` goes as one simple-protocol message through `execProtocolRaw`, under the two locks
 * `exec` takes (so it never runs inside another request's transaction), and only the first
 * field of the first data row is read: `exec` parses every message into row objects and makes a
 * second call for its sync. On PostgreSQL node-postgres prepares the named statement on each
 * connection at its first use. `cart/items-count`, A/B on the server at 10 connections (CPU per
 * request, 3 alternations): 0.27–0.29 ms through a PL/pgSQL function and `exec`, 0.21–0.22 ms
 * prepared (docs/decisions/018-header-count-prepared-statement.md).
 */
export async function readPreparedJson<T>(db: Db, statement: PreparedRead, params: readonly Param[]): Promise<T | null> {
  const client: unknown = (db as { $client?: unknown }).$client;
  if (!(client instanceof PGlite)) {
    const result = await (client as Pool).query<{ r: T | null }>({ name: statement.name, text: statement.text, values: [...params] });
    return result.rows[0]?.r ?? null;
  }
  const literals = params.map(literal);
  if (literals.some((l) => l === null)) throw new TypeError(`${statement.name}: a parameter cannot be written as a literal`);
  await prepare(client, statement);
  const message = protocol.serialize.query(`execute ${statement.name}(${literals.join(', ')})`);
  await client._checkReady();
  const answer = await client._runExclusiveTransaction(() => client._runExclusiveQuery(() => client.execProtocolRaw(message, { syncToFs: false })));
  const field = firstField(answer);
  return field === null ? null : (JSON.parse(field) as T);
}

function prepare(client: PGlite, statement: PreparedRead): Promise<unknown> {
  let prepared = preparedOn.get(client);
  if (!prepared) preparedOn.set(client, (prepared = new Map()));
  let done = prepared.get(statement.name);
  if (!done) {
    const map = prepared;
    done = client.exec(`prepare ${statement.name} as ${statement.text}`).catch((error: unknown) => {
      // The next call tries again.
      map.delete(statement.name);
      throw error;
    });
    prepared.set(statement.name, done);
  }
  return done;
}

const DATA_ROW = 0x44; // 'D'
const ERROR_RESPONSE = 0x45; // 'E'
const utf8 = new TextDecoder();

/** The first field of the first DataRow of a backend answer as text (null: no row, or SQL null); an ErrorResponse is thrown as the error `exec` would throw. */
function firstField(answer: Uint8Array): string | null {
  const view = new DataView(answer.buffer, answer.byteOffset, answer.byteLength);
  let field: string | null = null;
  let seenRow = false;
  for (let at = 0; at + 5 <= answer.length; ) {
    const type = answer[at];
    const length = view.getInt32(at + 1);
    if (type === ERROR_RESPONSE) throw databaseError(answer.subarray(at + 5, at + 1 + length), length);
    if (type === DATA_ROW && !seenRow) {
      seenRow = true;
      const size = view.getInt32(at + 7);
      field = size < 0 ? null : utf8.decode(answer.subarray(at + 11, at + 11 + size));
    }
    at += 1 + length;
  }
  return field;
}

/** An ErrorResponse's fields (a type byte and a C string each, then a zero byte) as PGlite's DatabaseError. */
function databaseError(body: Uint8Array, length: number): InstanceType<typeof messages.DatabaseError> {
  const fields = new Map<string, string>();
  for (let at = 0; at < body.length && body[at] !== 0; ) {
    const end = body.indexOf(0, at + 1);
    fields.set(String.fromCharCode(body[at] ?? 0), utf8.decode(body.subarray(at + 1, end)));
    at = end + 1;
  }
  const error = new messages.DatabaseError(fields.get('M') ?? 'database error', length, 'error');
  error.code = fields.get('C');
  error.severity = fields.get('S');
  error.detail = fields.get('D');
  return error;
}
