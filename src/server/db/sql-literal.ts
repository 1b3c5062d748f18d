import { sql, type SQL } from 'drizzle-orm';

/*
 * The only place a value is written into SQL text (eslint.config.js refuses `sql.raw` anywhere else):
 * the schema's check constraints, which drizzle-kit writes into migrations as text, name the code's
 * own constants (a status list, a quantity limit), never a request's value. Every other value
 * travels as a bound parameter (./query.ts).
 */

/** A constant list of codes as an SQL `in` list (`'a', 'b'`); refuses anything but plain codes. */
export function inList(values: readonly string[]): SQL {
  for (const value of values) if (!/^[a-z0-9_]+$/.test(value)) throw new Error(`not a plain code for a check constraint: ${JSON.stringify(value)}`);
  return sql.raw(values.map((value) => `'${value}'`).join(', '));
}

/** A constant integer written into a check constraint. */
export function integerLiteral(value: number): SQL {
  if (!Number.isSafeInteger(value)) throw new Error(`not an integer for a check constraint: ${value}`);
  return sql.raw(String(value));
}
