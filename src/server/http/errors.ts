import type { ApiErrorBody } from '../../contract/site.ts';

export type FieldError = { field: string; message: string };

/** An error the client caused or may expect: answered with its status and message as JSON. */
export type ApiErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429;

/** Extra fields of an error body: its `code`, a support `referenceId`, or fields a screen needs (a not-linked Google account's names). */
export type ApiErrorExtra = Omit<Record<string, unknown>, 'message' | 'status' | 'errors'> & { code?: string; referenceId?: string };

export class ApiError extends Error {
  constructor(
    readonly status: ApiErrorStatus,
    message: string,
    readonly errors?: FieldError[],
    readonly extra?: ApiErrorExtra,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  body(): ApiErrorBody {
    return { ...this.extra, message: this.message, status: this.status, ...(this.errors ? { errors: this.errors } : {}) };
  }
}

export const NOT_FOUND_MESSAGE = 'Resource not found!';

export function notFound(message = NOT_FOUND_MESSAGE): ApiError {
  return new ApiError(404, message);
}

export function invalidRequest(errors: FieldError[]): ApiError {
  return new ApiError(400, 'Invalid request', errors);
}
