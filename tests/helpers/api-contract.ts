import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { API_PREFIX } from '../../src/config/constants.ts';
import type { App } from '../../src/server/app.ts';
import type { HttpMethod } from '../../src/web/shared/api/retry.ts';
import { seenPairs } from './api-contract-seen.ts';
import { apiDocument, METHODS, type ApiDocument, type JsonSchema } from './openapi-operations.ts';

/**
 * The response contract: every answer an app gives in the API tests is held to the OpenAPI
 * document (`GET openapi.json`). A status its operation does not document, a content type it does
 * not document for that status, or a JSON body its schema refuses fails the request that got it,
 * in whichever test made it. Each operation × status × content type seen is written down for the
 * run's report (tests/setup/api-contract.ts), which fails a whole run that never exercised a
 * documented pair.
 */

/** One documented answer: an operation, a status and the content type it comes in (`-` for none). */
export interface ContractPair {
  operation: string;
  status: string;
  contentType: string;
}

export const pairKey = (pair: ContractPair) => `${pair.operation} ${pair.status} ${pair.contentType}`;

const NO_CONTENT = '-';

interface DocumentedResponse {
  content?: Record<string, { schema?: JsonSchema }>;
}

interface Route {
  operation: string;
  method: HttpMethod;
  pattern: RegExp;
  /** Literal segments: `cart/bag` beats `cart/{id}` for the same path, as the router's static routes do. */
  literals: number;
  responses: Record<string, DocumentedResponse>;
}

/** Every operation × status × content type the document promises. */
export function documentedPairs(document: ApiDocument): ContractPair[] {
  return Object.values(document.paths).flatMap((methods) =>
    Object.values(methods).flatMap((entry) =>
      Object.entries(entry.responses as Record<string, DocumentedResponse>).flatMap(([status, response]) => {
        const types = Object.keys(response.content ?? {});
        return (types.length === 0 ? [NO_CONTENT] : types).map((contentType) => ({ operation: entry.operationId, status, contentType }));
      }),
    ),
  );
}

function routesOf(document: ApiDocument): Route[] {
  return Object.entries(document.paths)
    .flatMap(([fullPath, methods]) => {
      const segments = fullPath.slice(API_PREFIX.length).replace(/^\/+|\/+$/g, '').split('/');
      const pattern = new RegExp(`^${segments.map((segment) => (/^\{\w+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}$`);
      const literals = segments.filter((segment) => !segment.startsWith('{')).length;
      return METHODS.flatMap((method) => {
        const entry = methods[method.toLowerCase() as Lowercase<HttpMethod>];
        return entry ? [{ operation: entry.operationId, method, pattern, literals, responses: entry.responses as Record<string, DocumentedResponse> }] : [];
      });
    })
    .sort((a, b) => b.literals - a.literals);
}

/**
 * The document's schemas compiled as JSON Schema 2020-12 (OpenAPI 3.1's dialect) with their
 * formats: a component reference (`#/components/schemas/…`) points into one registered schema of
 * the components, so each schema compiles alone.
 */
export function schemaChecker(document: ApiDocument): (schema: JsonSchema, value: unknown) => string[] | undefined {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  addFormats(ajv);
  const local = (schema: unknown) => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"components#/$defs/')) as JsonSchema;
  ajv.addSchema({ $id: 'components', $defs: local(document.components.schemas) });
  const compiled = new Map<JsonSchema, ValidateFunction>();
  return (schema, value) => {
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(local(schema));
      compiled.set(schema, validate);
    }
    return validate(value) ? undefined : (validate.errors ?? []).map((error) => `${error.instancePath || '/'}: ${error.message ?? error.keyword}`);
  };
}

/**
 * Holds an answer to a document: throws what is wrong with it; answers the pair it exercised (null
 * for a path the document does not have: a test's own route, a page).
 */
export type ContractCheck = (method: string, url: string, response: Response) => Promise<string | null>;

export function contractOf(document: ApiDocument): ContractCheck {
  const routes = routesOf(document);
  const check = schemaChecker(document);
  return (method, url, response) => observe(routes, check, method, url, response);
}

let served: Promise<ContractCheck> | null = null;

/** The operation an API request is for; null for a path the document does not have (a test's own route, a page). */
function routeFor(routes: readonly Route[], method: string, url: string): Route | null {
  const pathname = new URL(url, 'http://localhost').pathname;
  if (!pathname.startsWith(`${API_PREFIX}/`)) return null;
  const relative = pathname.slice(API_PREFIX.length).replace(/^\/+|\/+$/g, '');
  return routes.find((route) => route.method === method && route.pattern.test(relative)) ?? null;
}

/** The body as sent, decoded from the `Content-Encoding` the server compressed it with. */
async function bodyText(response: Response): Promise<string> {
  const bytes = Buffer.from(await response.arrayBuffer());
  const encoding = response.headers.get('Content-Encoding');
  if (encoding === 'br') return brotliDecompressSync(bytes).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(bytes).toString('utf8');
  if (encoding === 'deflate') return inflateSync(bytes).toString('utf8');
  return bytes.toString('utf8');
}

async function observe(routes: readonly Route[], check: ReturnType<typeof schemaChecker>, method: string, url: string, response: Response): Promise<string | null> {
  const route = routeFor(routes, method, url);
  if (!route) return null;
  const status = String(response.status);
  const type = response.headers.get('Content-Type')?.split(';')[0]?.trim().toLowerCase() ?? null;
  const where = `${method} ${new URL(url, 'http://localhost').pathname} (${route.operation})`;
  // A range (`5XX`: what any route answers when the server fails) stands for each status in it.
  const key = route.responses[status] ? status : `${status[0] ?? ''}XX`;
  const documented = route.responses[key];
  if (!documented) throw new Error(`response contract: ${where} answered ${status}, which its operation does not document: declare it in the route's endpoint({ errors }) or fix the answer`);
  const types = Object.keys(documented.content ?? {});
  const contentType = type ?? NO_CONTENT;
  if (types.length === 0 ? type !== null : !types.includes(contentType))
    throw new Error(`response contract: ${where} answered ${status} as ${contentType}; the document says ${types.join(', ') || 'no content'}`);
  const pair = pairKey({ operation: route.operation, status: key, contentType });
  const schema = type === null ? undefined : documented.content?.[type]?.schema;
  if (!schema || type !== 'application/json') return pair;
  const text = await bodyText(response.clone());
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    throw new Error(`response contract: ${where} answered ${status} with a body that is not JSON: ${text.slice(0, 200)}`);
  }
  const errors = check(schema, body);
  if (errors) throw new Error(`response contract: ${where} answered ${status} with a body its schema refuses:\n  ${errors.slice(0, 10).join('\n  ')}`);
  return pair;
}

const methodOf = (input: string | Request | URL, init?: RequestInit) => (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
const urlOf = (input: string | Request | URL) => (input instanceof Request ? input.url : String(input));

/**
 * The app with every `app.request()` answer held to the contract before the test sees it. The
 * response the test reads is the app's own; the check reads a clone of its body.
 */
export function checkedApp<A extends App>(app: A): A {
  const request = app.request.bind(app);
  app.request = ((input: string | Request | URL, init?: RequestInit, ...rest: unknown[]) =>
    Promise.resolve((request as (...args: unknown[]) => Response | Promise<Response>)(input, init, ...rest)).then(async (response) => {
      served ??= apiDocument().then(contractOf);
      const pair = await (await served)(methodOf(input, init), urlOf(input), response);
      if (pair) seenPairs.set(pair, (seenPairs.get(pair) ?? 0) + 1);
      return response;
    })) as A['request'];
  return app;
}
