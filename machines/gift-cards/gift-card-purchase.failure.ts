import { GIFT_CARD_ERROR_CODES } from '../../src/contract/gift-cards.ts';
import { serverIssues, type PurchaseIssues } from './gift-card-purchase.rules.ts';

/*
 * Why adding the e-gift card to the bag failed, read from the API client's error (`{ kind, status,
 * body: { code, errors } }`) without importing the client, as the bag reads its own.
 */

export type PurchaseFailure =
  /** The server refused fields (400): they are marked, every value kept. */
  | { kind: 'invalid'; issues: PurchaseIssues }
  /** The bag holds as many e-gift cards as it may (409 `gift_card_bag_limit`). */
  | { kind: 'bag_limit' }
  | { kind: 'signed_out' }
  /** No answer, or one the client could not read: try again, nothing is lost. */
  | { kind: 'network' }
  | { kind: 'failed' };

const record = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});

export function purchaseFailureOf(error: unknown): PurchaseFailure {
  const { kind, status, body } = record(error);
  const { code, errors } = record(body);
  if (code === GIFT_CARD_ERROR_CODES.bagLimit) return { kind: 'bag_limit' };
  if (status === 400) {
    const issues = serverIssues(errors);
    if (Object.keys(issues).length > 0) return { kind: 'invalid', issues };
  }
  if (status === 401) return { kind: 'signed_out' };
  if (kind === 'http' && typeof status === 'number' && status < 500) return { kind: 'failed' };
  return { kind: 'network' };
}
