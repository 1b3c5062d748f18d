import { randomBytes, randomInt, scrypt as scryptCallback } from 'node:crypto';
import { GIFT_CARD_CODE_LENGTH, GIFT_CARD_PIN_DIGITS } from '../../config/gift-cards.ts';
import { verifyPassword } from '../auth/password.ts';

/*
 * A card's code and PIN. The code (16 characters of 32 without look-alikes: 80 random bits) names
 * the card and is stored as is; the PIN (8 digits) is the secret beside it, stored only as an
 * scrypt hash with its own salt. Its cost is below a password's (2^14 against 2^15): a PIN is
 * checked at every checkout that spends a card, and its guesses are rate-limited per client.
 */

/** Without 0/O, 1/I: a code read aloud or copied by hand is typed back the same. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function newGiftCardCode(): string {
  // 32 symbols: the low five bits of a random byte pick one without bias.
  return [...randomBytes(GIFT_CARD_CODE_LENGTH)].map((byte) => ALPHABET[byte & 31]).join('');
}

export function newGiftCardPin(): string {
  return String(randomInt(0, 10 ** GIFT_CARD_PIN_DIGITS)).padStart(GIFT_CARD_PIN_DIGITS, '0');
}

const PIN_SCRYPT = { N: 2 ** 14, r: 8, p: 1 } as const;

/** `scrypt$N$r$p$salt$hash`, the password hashes' format, so `verifyPassword` checks it. */
export function hashGiftCardPin(pin: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = PIN_SCRYPT;
  return new Promise((resolve, reject) => {
    scryptCallback(pin, salt, 32, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$')),
    );
  });
}

let dummyHash: Promise<string> | null = null;

/**
 * True when `pin` is the card's. A card without a PIN yet (not sent) or no card at all costs the
 * same scrypt run against a throwaway hash, so timing tells nothing about which codes exist.
 */
export async function giftCardPinMatches(pin: string, pinHash: string | null | undefined): Promise<boolean> {
  if (!pinHash) {
    dummyHash ??= hashGiftCardPin(newGiftCardPin());
    await verifyPassword(pin, await dummyHash);
    return false;
  }
  return verifyPassword(pin, pinHash);
}
