import { REWARD_REFUSALS, type RewardRefusal } from '../../src/contract/beauty-pass.ts';

interface ErrorShape {
  status?: unknown;
  body?: { code?: unknown } | null;
}

function shapeOf(error: unknown): ErrorShape {
  return typeof error === 'object' && error !== null ? (error as ErrorShape) : {};
}

const isRefusal = (code: unknown): code is RewardRefusal => typeof code === 'string' && (REWARD_REFUSALS as readonly string[]).includes(code);

/**
 * What a failed redemption means, from the API client's error (`ApiError`: status and the
 * contract's error body) without importing it: a refusal the server named (409 `code`, or 401 for
 * a shopper who is not signed in), or anything else (offline, 5xx), worth a retry.
 */
export function rewardFailureOf(error: unknown): RewardRefusal | 'failed' {
  const { status, body } = shapeOf(error);
  if (status === 401) return 'sign_in';
  if (status === 409 && isRefusal(body?.code)) return body.code;
  return 'failed';
}

/** `GET beauty-pass` answers 404 (`not_member`) to a signed-in shopper who has not joined: an answer, not a failure. */
export function isNotMember(error: unknown): boolean {
  return shapeOf(error).status === 404;
}

/** `POST beauty-pass/members` answers 409 `already_member` to a member (another tab joined first): joined all the same. */
export function isAlreadyMember(error: unknown): boolean {
  const { status, body } = shapeOf(error);
  return status === 409 && body?.code === 'already_member';
}

/** Why joining failed: the session ended (401), or anything else, worth a retry. */
export function joinFailureOf(error: unknown): 'signedOut' | 'failed' {
  return shapeOf(error).status === 401 ? 'signedOut' : 'failed';
}
