import { BOOKING_REFUSALS, type BookingRefusal } from '../../src/contract/reservations.ts';

/**
 * What a failed booking call means: a refusal the server named (409 `code`), the thing asked
 * about is gone (404: an unknown hold or booking), or anything else (offline, 5xx), worth a retry.
 */
export type BookingCallFailure = BookingRefusal | 'notFound' | 'failed';

interface ErrorShape {
  status?: unknown;
  body?: { code?: unknown } | null;
}

const isRefusal = (code: unknown): code is BookingRefusal => typeof code === 'string' && (BOOKING_REFUSALS as readonly string[]).includes(code);

/** Reads the API client's error (`ApiError`: status and the contract's error body) without importing it. */
export function bookingFailureOf(error: unknown): BookingCallFailure {
  const { status, body } = (typeof error === 'object' && error !== null ? error : {}) as ErrorShape;
  if (status === 409 && isRefusal(body?.code)) return body.code;
  return status === 404 ? 'notFound' : 'failed';
}

/** Only a failure the server did not explain can go better on a second try; a refusal stays one. */
export function isRetryable(failure: BookingCallFailure | null): boolean {
  return failure === 'failed';
}
