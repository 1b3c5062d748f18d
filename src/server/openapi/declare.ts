import type { Context, MiddlewareHandler } from 'hono';
import { describeRoute, resolver, uniqueSymbol, type DescribeRouteOptions } from 'hono-openapi';
import type * as v from 'valibot';
import { parseInput, parseJsonBody } from '../http/validate.ts';
import { errorContent } from './document.ts';

/**
 * How a route declares itself: one `endpoint({...})` (what it answers) and one input middleware per
 * source (`query`, `params`, `jsonBody`), with the contract's valibot schemas. hono-openapi reads
 * both from the route's handlers to write the OpenAPI document (src/server/openapi/document.ts).
 */

/** The operations of spec §7. */
export type Operation = 'index' | 'show' | 'create' | 'update' | 'replace' | 'delete';

/** Error statuses an operation may answer, each with the shared error body (`ApiErrorBodySchema`). */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 422 | 429 | 503;

export interface EndpointDoc {
  /** Stable key, `{resource}.{operation}`: the document's `operationId`, which tests and the docs key on. */
  id: string;
  operation: Operation;
  /**
   * One line for developers. Deliberately English and untranslated: API docs for engineers, like
   * the field names beside them, not shopper-facing text.
   */
  description: string;
  /** Status of a successful answer. */
  status: 200 | 201 | 202 | 204;
  /** `Content-Type` of a successful answer; default JSON, null when it has no body (204). */
  contentType?: 'application/json' | 'image/svg+xml' | null;
  /** Schema of a successful JSON answer. */
  response?: v.GenericSchema;
  /** A singular resource (`user`, `sessions` of spec §7): shown, changed or deleted without an id. */
  singular?: true;
  /** Needs a session (access token cookies or Bearer); without one the answer is 401. */
  auth?: true;
  /** The errors it answers besides the 400 of its input (added by the input middlewares), with why. */
  errors?: Partial<Record<ErrorStatus, string>>;
  /** Its other successful answers, with why: an idempotent replay (200), a challenge to answer first (202), a cached copy still good (304). */
  otherAnswers?: Partial<Record<200 | 202 | 304, { description: string; response?: v.GenericSchema }>>;
}

const JSON_TYPE = 'application/json';

/** Input schemas describe what the client sends (before transforms); a transform JSON Schema cannot express is left open. */
export const INPUT_CONVERSION = { options: { typeMode: 'input', target: 'draft-2020-12', errorMode: 'ignore' } } as const;
/** Response schemas describe what the server sends. */
const OUTPUT_CONVERSION = { options: { typeMode: 'output', target: 'draft-2020-12', errorMode: 'ignore' } } as const;


/** The route's answers: its success (status, type, schema), its errors, its security. */
export function endpoint(doc: EndpointDoc): MiddlewareHandler {
  const contentType = doc.contentType === undefined ? JSON_TYPE : doc.contentType;
  const success =
    contentType === null
      ? { description: 'No content' }
      : {
          description: 'OK',
          content: { [contentType]: doc.response ? { schema: resolver(doc.response, OUTPUT_CONVERSION) } : contentType === 'image/svg+xml' ? { schema: { type: 'string' as const } } : {} },
        };
  const others = Object.fromEntries(
    Object.entries(doc.otherAnswers ?? {}).map(([status, answer]) => [
      status,
      status === '304' ? { description: answer.description } : { description: answer.description, content: { [JSON_TYPE]: answer.response ? { schema: resolver(answer.response, OUTPUT_CONVERSION) } : {} } },
    ]),
  );
  const errors: Record<string, ReturnType<typeof errorContent>> = {};
  if (doc.auth) errors['401'] = errorContent('No session, or an expired one.');
  for (const [status, why] of Object.entries(doc.errors ?? {})) errors[status] = errorContent(why);
  const spec: DescribeRouteOptions = {
    operationId: doc.id,
    description: doc.description,
    summary: doc.description.split(/(?<=\.)\s/)[0],
    tags: [doc.id.split('.')[0] ?? doc.id],
    ...(doc.auth ? { security: [{ sessionCookie: [] }, { bearer: [] }] } : {}),
    responses: { [String(doc.status)]: success, ...others, ...errors },
  };
  // Extensions: spec §7's operation kind, its success status among its other answers, and a
  // singular resource, which the naming test checks.
  return describeRoute(Object.assign(spec, { 'x-operation': doc.operation, 'x-success': doc.status, ...(doc.singular ? { 'x-singular': true } : {}) }));
}

type InputTarget = 'query' | 'param' | 'json';

/**
 * A validator hono-openapi documents (the `uniqueSymbol` entry is what its own `validator` carries)
 * but that validates with `parseInput`: the per-field 400 bodies, the NUL and lone-surrogate
 * refusal, the 64 KB limit and "is not valid JSON" stay exactly as the API has always answered.
 */
function inputMiddleware<S extends v.GenericSchema, T extends InputTarget>(target: T, schema: S, read: (c: Context) => Promise<v.InferOutput<S>> | v.InferOutput<S>) {
  const middleware: MiddlewareHandler<{ Variables: object }, string, { out: { [K in T]: v.InferOutput<S> } }> = async (c, next) => {
    c.req.addValidatedData(target, (await read(c)) as object);
    await next();
  };
  return Object.assign(middleware, { [uniqueSymbol]: { target, ...resolver(schema, INPUT_CONVERSION), options: INPUT_CONVERSION } });
}

/** The query string, validated (`c.req.valid('query')`). */
export const query = <S extends v.GenericSchema>(schema: S) => inputMiddleware('query', schema, (c) => parseInput(schema, c.req.query(), 'query'));
/** The path parameters, validated (`c.req.valid('param')`). */
export const params = <S extends v.GenericSchema>(schema: S) => inputMiddleware('param', schema, (c) => parseInput(schema, c.req.param(), 'param'));
/** The JSON body, validated (`c.req.valid('json')`); the idempotency layer read the same cached text. */
export const jsonBody = <S extends v.GenericSchema>(schema: S) => inputMiddleware('json', schema, (c) => parseJsonBody(c, schema));
