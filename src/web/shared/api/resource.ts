import type * as v from 'valibot';
import type { HttpMethod } from './retry.ts';

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** Sent as `Idempotency-Key`; makes a POST or PATCH safe to retry. */
  idempotencyKey?: string;
  headers?: Record<string, string>;
  /** Called with the headers of each answer (any status): a screen reads the server's `Date` to correct a skewed clock. */
  onHeaders?: (headers: Headers) => void;
}

export type RequestFn = <S extends v.GenericSchema>(
  method: HttpMethod,
  path: string,
  schema: S,
  options?: RequestOptions & { body?: unknown },
) => Promise<v.InferOutput<S>>;

type Id = string | number;

/** The six operations of spec §7 on one resource path. */
export interface Resource {
  index<S extends v.GenericSchema>(schema: S, options?: RequestOptions): Promise<v.InferOutput<S>>;
  show<S extends v.GenericSchema>(id: Id, schema: S, options?: RequestOptions): Promise<v.InferOutput<S>>;
  create<S extends v.GenericSchema>(body: unknown, schema: S, options?: RequestOptions): Promise<v.InferOutput<S>>;
  update<S extends v.GenericSchema>(id: Id, body: unknown, schema: S, options?: RequestOptions): Promise<v.InferOutput<S>>;
  replace<S extends v.GenericSchema>(id: Id, body: unknown, schema: S, options?: RequestOptions): Promise<v.InferOutput<S>>;
  delete<S extends v.GenericSchema>(id: Id, schema: S, options?: RequestOptions): Promise<v.InferOutput<S>>;
}

/** `brands/` → `brands`; `/cart/items-count/` → `cart/items-count`. */
export function trimPath(path: string): string {
  return path.replace(/^\/+|\/+$/g, '');
}

export function createResource(request: RequestFn, path: string): Resource {
  const base = trimPath(path);
  const item = (id: Id) => `${base}/${encodeURIComponent(String(id))}`;
  return {
    index: (schema, options) => request('GET', base, schema, options),
    show: (id, schema, options) => request('GET', item(id), schema, options),
    create: (body, schema, options) => request('POST', base, schema, { ...options, body }),
    update: (id, body, schema, options) => request('PATCH', item(id), schema, { ...options, body }),
    replace: (id, body, schema, options) => request('PUT', item(id), schema, { ...options, body }),
    delete: (id, schema, options) => request('DELETE', item(id), schema, options),
  };
}
