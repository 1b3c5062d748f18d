import type { ApiErrorBody } from '../../contract/site.ts';

export type FieldError = { field: string; message: string };

/** An error the client caused or may expect: answered with its status and message as JSON. */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 404 | 409 | 413 | 415 | 422,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  body(): ApiErrorBody {
    return { message: this.message, status: this.status, ...(this.errors ? { errors: this.errors } : {}) };
  }
}

export const NOT_FOUND_MESSAGE = 'Resource not found!';

export function notFound(message = NOT_FOUND_MESSAGE): ApiError {
  return new ApiError(404, message);
}

export function invalidRequest(errors: FieldError[]): ApiError {
  return new ApiError(400, 'Invalid request', errors);
}
