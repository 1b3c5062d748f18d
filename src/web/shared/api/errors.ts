import { ApiErrorBodySchema, type ApiErrorBody } from '../../../contract/site.ts';
import * as v from 'valibot';

export type ApiErrorKind = 'http' | 'network' | 'invalid-response' | 'aborted';

/** The only error the API client throws, so callers branch on `kind` instead of sniffing fetch errors. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** HTTP status for kind `http`, null otherwise. */
  readonly status: number | null;
  /** The server's error body when it sent one in the contract's shape. */
  readonly body: ApiErrorBody | null;
  /** Per-field validation messages from `body.errors`, [] otherwise. */
  readonly fields: { field: string; message: string }[];
  /** The error body as it arrived: some answers carry more than the common shape (a not-linked Google account's names). */
  readonly data: unknown;

  constructor(
    kind: ApiErrorKind,
    message: string,
    extra: { status?: number | null; body?: ApiErrorBody | null; cause?: unknown; data?: unknown } = {},
  ) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.kind = kind;
    this.status = extra.status ?? null;
    this.body = extra.body ?? null;
    this.fields = this.body?.errors ?? [];
    this.data = extra.data ?? null;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Non-2xx answer: the body may be JSON in our shape, another JSON, an HTML error page or nothing. */
export function httpError(label: string, status: number, data: unknown): ApiError {
  const parsed = v.safeParse(ApiErrorBodySchema, data);
  const body = parsed.success ? parsed.output : null;
  return new ApiError('http', `${label}: ${status}${body ? ` ${body.message}` : ''}`, { status, body, data });
}

/** Names the first issue's path so a log line says which field of the response broke the contract. */
export function invalidResponseError(label: string, issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]): ApiError {
  const first = issues[0];
  const path = v.getDotPath(first) ?? '(root)';
  return new ApiError('invalid-response', `${label}: invalid response at ${path}: ${first.message}`, { cause: issues });
}
