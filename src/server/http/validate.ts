import type { Context } from 'hono';
import * as v from 'valibot';
import { WHOLE_NUMBER_PATTERN } from '../../contract/site-input.ts';
import { ApiError, invalidRequest, type FieldError } from './errors.ts';

export type InputSource = 'query' | 'param' | 'body' | 'header';

/** Every issue of a failed parse as `{ field: 'query.page', message }`, one entry per field. */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[], source: InputSource): FieldError[] {
  const byField = new Map<string, string>();
  for (const issue of issues) {
    const path = v.getDotPath(issue);
    const field = path ? `${source}.${path}` : source;
    if (!byField.has(field)) byField.set(field, issue.message);
  }
  return [...byField].map(([field, message]) => ({ field, message }));
}

/** Text PostgreSQL cannot store: U+0000, or a lone UTF-16 surrogate (not a character at all: JSON allows `"\udfff"`, jsonb refuses it). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** Dotted path of the first string (key or value) PostgreSQL cannot store, or null. */
function nulPath(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return unstorable(value) ? path : null;
  if (typeof value !== 'object' || value === null || depth > 64) return null;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (unstorable(key)) return itemPath;
    const found = nulPath(item, itemPath, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Parses with a contract schema or throws a 400 naming each bad field. PostgreSQL text cannot
 * hold U+0000 nor a lone surrogate, so either anywhere in the input is refused here instead of
 * failing in the database.
 */
export function parseInput<TSchema extends v.GenericSchema>(schema: TSchema, input: unknown, source: InputSource): v.InferOutput<TSchema> {
  const nul = nulPath(input, '');
  if (nul !== null) throw invalidRequest([{ field: nul ? `${source}.${nul}` : source, message: 'must not contain NUL characters or broken Unicode' }]);
  const result = v.safeParse(schema, input);
  if (!result.success) throw invalidRequest(fieldErrors(result.issues, source));
  return result.output;
}

/** Largest JSON body any route accepts; bigger bodies are refused before parsing. */
export const MAX_BODY_BYTES = 64 * 1024;

/** The raw body text (cached by Hono, so the idempotency layer and the route read the same bytes). */
export async function readBodyText(c: Context): Promise<string> {
  const length = Number(c.req.header('content-length') ?? 0);
  if (length > MAX_BODY_BYTES) throw new ApiError(413, 'Request body too large');
  const text = await c.req.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw new ApiError(413, 'Request body too large');
  return text;
}

/** The JSON body parsed and validated; malformed JSON is a 400, never a 500. */
export async function parseJsonBody<TSchema extends v.GenericSchema>(c: Context, schema: TSchema): Promise<v.InferOutput<TSchema>> {
  const text = await readBodyText(c);
  let value: unknown;
  try {
    value = text.trim() === '' ? undefined : JSON.parse(text);
  } catch {
    throw invalidRequest([{ field: 'body', message: 'is not valid JSON' }]);
  }
  if (value === undefined) throw invalidRequest([{ field: 'body', message: 'is required' }]);
  return parseInput(schema, value, 'body');
}

/** A number in a path segment (`:productId`), as a number. */
export const PathNumberSchema = v.pipe(v.string(), v.regex(WHOLE_NUMBER_PATTERN, 'must be a positive whole number'), v.transform(Number));

/** `:id` path parameters. */
export const IdParamSchema = v.object({
  id: v.pipe(PathNumberSchema, v.minValue(1, 'must be a positive whole number')),
});
