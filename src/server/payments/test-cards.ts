import type { DeclineReason } from './provider.ts';

/**
 * The test card processor's card numbers, as processors document theirs: any future expiry date
 * and any three digits (four for Amex) as CVC. Other numbers that pass the Luhn check are
 * authorized; numbers that fail it are `incorrect_number`.
 */
export const TEST_CARDS = {
  success: '4242424242424242',
  successMastercard: '5555555555554444',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  expired: '4000000000000069',
  incorrectCvc: '4000000000000127',
  /** The bank asks for a challenge; the answer `TEST_CHALLENGE_PASS` passes it, anything else fails. */
  challenge: '4000000000003220',
} as const;

/** The one code that passes a test challenge (what a bank's one-time password would be). */
export const TEST_CHALLENGE_PASS = '123456';

/** What each test number does, when it is not simply authorized. */
export const TEST_CARD_BEHAVIOUR: Readonly<Record<string, DeclineReason | 'challenge'>> = {
  [TEST_CARDS.declined]: 'card_declined',
  [TEST_CARDS.insufficientFunds]: 'insufficient_funds',
  [TEST_CARDS.expired]: 'expired_card',
  [TEST_CARDS.incorrectCvc]: 'incorrect_cvc',
  [TEST_CARDS.challenge]: 'challenge',
};

/** The Luhn check every card number passes. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
