import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * The secrets and numbers of a booking. A hold's token proves the shopper who held a time confirms
 * it (only its sha256 is stored). A confirmation number names a booking on the phone and in
 * emails: `BK-` and 8 characters of 32 without look-alikes (40 random bits; the unique index
 * catches the rare repeat and the confirmation draws again). A guest's manage key proves a booking
 * is theirs: an HMAC of the number under the server's secret (the one that signs sessions), so the
 * lookup can give the same key the email carries and the database holds nothing that opens a booking.
 */

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const CONFIRMATION_PATTERN = /^BK-[A-HJ-NP-Z2-9]{8}$/;

export function newConfirmationNumber(): string {
  // 32 symbols: the low five bits of a random byte pick one without bias.
  return `BK-${[...randomBytes(8)].map((byte) => ALPHABET[byte & 31]).join('')}`;
}

/** A number as the shopper may type it (`bk-abcd2345 `): the stored form, or null when it cannot be one. */
export function normalizeConfirmationNumber(value: string): string | null {
  const upper = value.trim().toUpperCase();
  return CONFIRMATION_PATTERN.test(upper) ? upper : null;
}

export function newHoldToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Constant-time equality of two strings (different lengths are simply unequal). */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function manageKeyOf(secret: Buffer, confirmationNumber: string): string {
  return createHmac('sha256', secret).update(`booking-manage-key:${confirmationNumber}`).digest('base64url');
}

/** The unique index a failed statement hit, when it was a unique violation. */
export function uniqueViolation(error: unknown): string | null {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}
