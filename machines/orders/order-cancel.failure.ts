import { ORDER_CANCEL_ERROR_CODES } from '../../src/contract/checkout.ts';

/** Why cancelling failed, in the words the view needs: past cancelling (the server's 409), signed out, or anything else (try again). */
export type OrderCancelFailure = 'notCancellable' | 'signedOut' | 'failed';

/** Reads the API client's error (status and the contract's error body) without importing it. */
export function cancelFailureOf(error: unknown): OrderCancelFailure {
  const { status, body } = (error ?? {}) as { status?: unknown; body?: { code?: unknown } | null };
  if (status === 401) return 'signedOut';
  if (body?.code === ORDER_CANCEL_ERROR_CODES.notCancellable || status === 404) return 'notCancellable';
  return 'failed';
}
